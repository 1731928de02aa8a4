/**
 * Checks a Hugging Face token-classification model directory before
 * anything is loaded, so a wrong path or a broken export fails when the
 * analyzer is created, with the file named, not deep inside transformers.js.
 *
 * The layout is the ONNX export transformers.js reads: config.json (with
 * id2label), tokenizer.json, tokenizer_config.json and onnx/model.onnx.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { badRequest, type AnalysisError } from '../errors.js';
import { labelsOf, type ParsedLabel } from './transformer-labels.js';

/** The option that named the directory, for error messages. */
export const NER_MODEL_OPTION = 'ner.transformers';

export interface TransformerModelDir {
  /** Absolute path of the directory. */
  dir: string;
  /** Labels by class id, mapped to textlens types. */
  labels: ParsedLabel[];
  /** config.json's model_type (bert, distilbert, roberta, …). */
  modelType: string;
  /** Pieces one model input may hold, special tokens included. */
  maxLength: number;
}

const fail = (message: string): AnalysisError => badRequest(message, NER_MODEL_OPTION);

function readJson(dir: string, name: string): Record<string, unknown> {
  const path = join(dir, name);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw fail(`transformer NER model: ${path} is missing (a Hugging Face token-classification export needs config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw fail(`transformer NER model: ${path} is not valid JSON (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail(`transformer NER model: ${path} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A sane positive whole number, or undefined (tokenizers write 1e30 for "no limit"). */
function limit(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 2 && v < 1_000_000 ? v : undefined;
}

/** RoBERTa-style models number positions from pad_token_id + 1, so max_position_embeddings counts two unusable slots. */
const OFFSET_POSITIONS = new Set(['roberta', 'xlm-roberta', 'camembert', 'longformer', 'mpnet']);

export function checkTransformerModelDir(dirOption: string): TransformerModelDir {
  const dir = resolve(dirOption);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw fail(`transformer NER model directory not found: ${dir}`);
  const config = readJson(dir, 'config.json');
  let labels: ParsedLabel[];
  try {
    labels = labelsOf(config.id2label);
  } catch (e) {
    throw fail(`transformer NER model: ${join(dir, 'config.json')} ${(e as Error).message}`);
  }
  if (labels.every((l) => l.prefix === 'O')) throw fail(`transformer NER model: ${join(dir, 'config.json')} id2label has no entity labels, only O`);
  if (typeof config.model_type !== 'string') throw fail(`transformer NER model: ${join(dir, 'config.json')} has no model_type (e.g. "bert")`);
  const tokenizer = readJson(dir, 'tokenizer.json');
  if (tokenizer.model === null || typeof tokenizer.model !== 'object') {
    throw fail(`transformer NER model: ${join(dir, 'tokenizer.json')} has no "model" (it must be the tokenizers library's JSON format)`);
  }
  const tokenizerConfig = readJson(dir, 'tokenizer_config.json');
  const onnx = join(dir, 'onnx', 'model.onnx');
  let size = 0;
  try {
    size = statSync(onnx).size;
  } catch {
    throw fail(`transformer NER model: ${onnx} is missing (export the model to ONNX, e.g. with Optimum, into onnx/model.onnx)`);
  }
  if (size === 0) throw fail(`transformer NER model: ${onnx} is empty`);
  const positions = limit(config.max_position_embeddings);
  const fromConfig = positions === undefined ? undefined : OFFSET_POSITIONS.has(config.model_type) ? positions - 2 : positions;
  const fromTokenizer = limit(tokenizerConfig.model_max_length);
  const maxLength = Math.min(fromConfig ?? Infinity, fromTokenizer ?? Infinity);
  if (!Number.isFinite(maxLength)) {
    throw fail(`transformer NER model: neither ${join(dir, 'config.json')} (max_position_embeddings) nor tokenizer_config.json (model_max_length) says how long an input may be`);
  }
  return { dir, labels, modelType: config.model_type, maxLength };
}
