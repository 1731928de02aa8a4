/**
 * Checks a Hugging Face token-classification model directory before
 * anything is loaded, so a wrong path or a broken export fails when the
 * analyzer is created, with the file named, not deep inside transformers.js.
 *
 * The layout is the ONNX export transformers.js reads: config.json (with
 * id2label), tokenizer.json, tokenizer_config.json and onnx/model.onnx.
 * The platform seam reads the files (Node from the file system; a browser
 * refuses the option); this module checks what they say.
 */
import { readModelDir } from '#platform/transformer-ner.js';
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

/** A sane positive whole number, or undefined (tokenizers write 1e30 for "no limit"). */
function limit(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 2 && v < 1_000_000 ? v : undefined;
}

/** RoBERTa-style models number positions from pad_token_id + 1, so max_position_embeddings counts two unusable slots. */
const OFFSET_POSITIONS = new Set(['roberta', 'xlm-roberta', 'camembert', 'longformer', 'mpnet']);

export function checkTransformerModelDir(dirOption: string): TransformerModelDir {
  // The files themselves (present, JSON, a non-empty graph) are read by the platform; a browser refuses here.
  const files = readModelDir(dirOption);
  const config = files.config.json;
  let labels: ParsedLabel[];
  try {
    labels = labelsOf(config.id2label);
  } catch (e) {
    throw fail(`transformer NER model: ${files.config.path} ${(e as Error).message}`);
  }
  if (labels.every((l) => l.prefix === 'O')) throw fail(`transformer NER model: ${files.config.path} id2label has no entity labels, only O`);
  if (typeof config.model_type !== 'string') throw fail(`transformer NER model: ${files.config.path} has no model_type (e.g. "bert")`);
  const tokenizer = files.tokenizer.json;
  if (tokenizer.model === null || typeof tokenizer.model !== 'object') {
    throw fail(`transformer NER model: ${files.tokenizer.path} has no "model" (it must be the tokenizers library's JSON format)`);
  }
  const positions = limit(config.max_position_embeddings);
  const fromConfig = positions === undefined ? undefined : OFFSET_POSITIONS.has(config.model_type) ? positions - 2 : positions;
  const fromTokenizer = limit(files.tokenizerConfig.json.model_max_length);
  const maxLength = Math.min(fromConfig ?? Infinity, fromTokenizer ?? Infinity);
  if (!Number.isFinite(maxLength)) {
    throw fail(`transformer NER model: neither ${files.config.path} (max_position_embeddings) nor tokenizer_config.json (model_max_length) says how long an input may be`);
  }
  return { dir: files.dir, labels, modelType: config.model_type, maxLength };
}
