/**
 * Flags that several commands take, declared once (spread into each
 * command's spec), and the readers that turn their values into what the
 * library takes: `--param name=value` → form fields, `--dictionary id=FILE`
 * → the analyzer's dictionaries, `--queue URL` → an open queue.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { badRequest } from '../errors.js';
import { DEFAULT_TIMEOUT_MS } from '../http/analysis-pool.js';
import { DEFAULT_EXTRACTORS, parseRequest } from '../request.js';
import type { FlatOptions } from '../types.js';
import type { BooleanFlag, ListFlag, NumberFlag, StringFlag } from './args.js';

export const MODELS_FLAG = { type: 'string', value: 'DIR', help: 'models directory', defaultText: "the package's models/" } as const satisfies StringFlag;

export const PARSER_FLAG = {
  type: 'string',
  choices: ['accurate', 'fast'],
  help: 'dependency parser: accurate (BiLSTM) or fast (convolutional, about twice the speed, about 4.4 LAS points lower on raw text)',
  defaultText: 'accurate',
} as const satisfies StringFlag;

export const BACKEND_FLAG = {
  type: 'string',
  choices: ['node', 'wasm'],
  help: 'ONNX runtime: node (onnxruntime-node) or wasm (onnxruntime-web)',
  defaultText: 'node',
} as const satisfies StringFlag;

export const NER_MODEL_FLAG = {
  type: 'string',
  value: 'DIR',
  help: 'a Hugging Face token-classification model (ONNX export: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx) instead of the shipped NER',
} as const satisfies StringFlag;

export const QUIET_FLAG = {
  type: 'boolean',
  help: 'no progress display on stderr (default: a bar on a terminal, a line every 10 s otherwise; the results and scores are unchanged)',
} as const satisfies BooleanFlag;

export const ALLOW_HOST_FLAG = {
  type: 'list',
  value: 'H',
  help: 'a host that url input may reach although it resolves to a private or loopback address',
} as const satisfies ListFlag;

export const DICTIONARY_FLAG = {
  type: 'list',
  value: 'id=FILE',
  help: 'a custom entity dictionary (.json, .jsonl, .ndjson or .csv), selected with --param entities.dictionaries=id',
} as const satisfies ListFlag;

export const CLASSIFIER_FLAG = {
  type: 'list',
  value: 'name=DIR',
  help: 'a classifier written by `textlens train classifier` in DIR, selected with --param classifiers=name',
} as const satisfies ListFlag;

/** The run-wide analysis options of analyze, batch and queue enqueue. */
export const ANALYSIS_FLAGS = {
  extractors: { type: 'string', value: 'a,b', help: 'the extractors to run, comma-separated (words, entities, dependency-trees, …)', defaultText: DEFAULT_EXTRACTORS.join(',') },
  param: { type: 'list', value: 'name=value', help: "any of the API's parameters, in its flat form spelling (cleanup.mode=stripTags)" },
  rules: { type: 'string', value: 'FILE', help: 'Prolog rules over the annotations; each rule is an extractor by its name' },
} as const satisfies Record<string, StringFlag | ListFlag>;

export const TIMEOUT_FLAG = {
  type: 'number',
  value: 'SECONDS',
  above: 0,
  unit: 'seconds',
  help: 'per-document analysis timeout; past it the document fails with error 504',
  defaultText: String(DEFAULT_TIMEOUT_MS / 1000),
} as const satisfies NumberFlag;

/** --workers N of the commands that run the analysis in worker threads. */
export const workersFlag = (help: string, max = 256) =>
  ({
    type: 'number',
    value: 'N',
    integer: true,
    min: 1,
    max,
    help,
    defaultText: `one per core, ${availableParallelism()} here`,
  }) as const satisfies NumberFlag;

/** Seconds → milliseconds, for the flags given in seconds. */
export const milliseconds = (seconds: number | undefined): number | undefined => (seconds === undefined ? undefined : Math.round(seconds * 1000));

/** `--param name=value` options → flat form fields (a name given twice becomes a list, as a form would send it). */
export function paramArgs(values: readonly string[] | undefined, into: FlatOptions = {}): FlatOptions {
  for (const p of values ?? []) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw badRequest(`--param takes name=value, got '${p}'`, 'param');
    const name = p.slice(0, eq);
    const prev = into[name];
    const value = p.slice(eq + 1);
    into[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [String(prev)]), value];
  }
  return into;
}

/** `name=value` pairs of a repeatable flag → a map; an empty name or value, or a name given twice, is refused. */
function namedValues(flag: string, what: string, values: readonly string[] | undefined, resolvePath: boolean): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1) throw badRequest(`--${flag} takes ${what}, got '${v}'`, flag);
    const name = v.slice(0, eq);
    if (name in out) throw badRequest(`--${flag} '${name}' is given twice`, flag);
    out[name] = resolvePath ? resolve(v.slice(eq + 1)) : v.slice(eq + 1);
  }
  return out;
}

/** `--dictionary id=FILE` options → the analyzer's `dictionaries` config (absolute paths). */
export const dictionaryArgs = (values: readonly string[] | undefined): Record<string, string> | undefined =>
  namedValues('dictionary', 'id=FILE', values, true);

/** `--classifier name=DIR` options → the analyzer's `classifiers` config. */
export const parseClassifierFlags = (values: readonly string[] | undefined): Record<string, string> | undefined =>
  namedValues('classifier', 'name=DIR (a directory written by `textlens train classifier`)', values, false);

/**
 * The fields every document of a run gets (a document's own params override
 * them). Bad run-wide parameters fail the run now, not each document later.
 */
export async function runFields(values: { extractors?: string; param?: readonly string[]; rules?: string }): Promise<FlatOptions> {
  const params: FlatOptions = paramArgs(values.param);
  if (values.extractors !== undefined) params.extractors = values.extractors;
  if (values.rules !== undefined) params.rules = await readFile(values.rules, 'utf8');
  parseRequest({ ...params, text: ' ' });
  return params;
}
