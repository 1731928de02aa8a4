/**
 * Node side of the transformer-NER seam: primitives only. A local Hugging
 * Face model directory read from the file system, and the optional peer
 * dependency that runs it; the recognizer over them is platform-neutral
 * (src/annotators/transformer-ner.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AnalysisError, badRequest } from '../../errors.js';
import type { ModelJsonFile, TransformerModelFiles } from '../types.js';

/**
 * The optional peer dependency that runs a transformer NER model. Named here,
 * not in ../types.ts: that file's declarations are public (the ONNX types),
 * and a TypeScript project without the package must compile against them.
 */
type TransformersModule = typeof import('@huggingface/transformers');

/** The option that names the directory, for error messages. */
const OPTION = 'ner.transformers';

const fail = (message: string): AnalysisError => badRequest(message, OPTION);

function readJson(dir: string, name: string): ModelJsonFile {
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
  return { path, json: value as Record<string, unknown> };
}

/**
 * Reads the export transformers.js loads: config.json, tokenizer.json and
 * tokenizer_config.json parsed, onnx/model.onnx present and non-empty.
 * Anything missing or unreadable is a 400 naming the file.
 */
export function readModelDir(dirOption: string): TransformerModelFiles {
  const dir = resolve(dirOption);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw fail(`transformer NER model directory not found: ${dir}`);
  const config = readJson(dir, 'config.json');
  const tokenizer = readJson(dir, 'tokenizer.json');
  const tokenizerConfig = readJson(dir, 'tokenizer_config.json');
  const onnx = join(dir, 'onnx', 'model.onnx');
  let size = 0;
  try {
    size = statSync(onnx).size;
  } catch {
    throw fail(`transformer NER model: ${onnx} is missing (export the model to ONNX, e.g. with Optimum, into onnx/model.onnx)`);
  }
  if (size === 0) throw fail(`transformer NER model: ${onnx} is empty`);
  return { dir, config, tokenizer, tokenizerConfig, onnx };
}

/**
 * Imports the optional peer dependency; a missing package becomes an error
 * that says how to install it. The loader is a parameter for tests.
 */
export async function importTransformers(load: () => Promise<TransformersModule> = () => import('@huggingface/transformers')): Promise<TransformersModule> {
  try {
    return await load();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new AnalysisError(
        500,
        'a transformer NER model (ner.transformers / --ner-model) needs the optional package @huggingface/transformers: run `npm install @huggingface/transformers`',
        OPTION,
      );
    }
    throw e;
  }
}
