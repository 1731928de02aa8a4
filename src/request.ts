/**
 * Options arrive in two spellings — a typed, nested camelCase object or the
 * spec's flat form fields ("cleanup.mode", repeated fields, comma lists) —
 * and leave as one validated AnalyzeRequest. Both spellings go through the
 * same path: the typed object is flattened first, so a rule about a
 * parameter is written once.
 */
import { badRequest } from './errors.js';
import {
  HOSTED_ONLY_EXTRACTORS,
  HOSTED_ONLY_PARAMETERS,
  hostedOnlyParameter,
  isHostedEnrichmentQuery,
  listParameterName,
  unimplementedNotice,
} from './hosted-parameters.js';
import {
  EXTRACTORS,
  type AnalyzeOptions,
  type CleanupMode,
  type DependencyScheme,
  type FlatOptions,
} from './types.js';

export interface AnalyzeRequest {
  text?: string;
  url?: string;
  /** Extractors in the order given, duplicates removed. */
  extractors: string[];
  /** True when the caller named no extractors and the default was applied. */
  defaultExtractors: boolean;
  rules?: string;
  cleanup: {
    /** Undefined: the source decides (raw for text, cleanHTML for an HTML page). */
    mode?: CleanupMode;
    returnCleaned: boolean;
    returnRaw: boolean;
    useMetadata: boolean;
  };
  userAgent?: string;
  languageOverride?: string;
  entities: {
    filterDbpediaTypes: string[];
    filterFreebaseTypes: string[];
    allowOverlap: boolean;
    enrichmentQueries: string[];
    /** Custom dictionary ids, checked against the analyzer's registry. */
    dictionaries: string[];
  };
  dependencyScheme: DependencyScheme;
  /**
   * Notes for the response's `message`: hosted-API parameters and extractors
   * that were accepted but have no engine here (see hosted-parameters.ts).
   */
  notices: string[];
  /** Classifier ids, in the order given (resolved by the analyzer: unknown ids are a 400). */
  classifiers: string[];
  classifier: { maxCategories: number };
}

/** Categories per classifier when `classifier.maxCategories` is not given. */
export const DEFAULT_MAX_CATEGORIES = 10;

/** What runs when `extractors` is omitted: words (tokens, offsets, lemmas, stems, tags) — cheap and always available. */
export const DEFAULT_EXTRACTORS: readonly string[] = ['words'];

type Kind = 'string' | 'boolean' | 'list' | 'text';

/** Every parameter the spec's table lists, plus `dependencies.scheme` (ours). */
const PARAMETERS: Record<string, Kind> = {
  apiKey: 'string',
  text: 'text',
  url: 'string',
  extractors: 'list',
  rules: 'text',
  cleanupHTML: 'boolean',
  'cleanup.mode': 'string',
  'cleanup.returnCleaned': 'boolean',
  'cleanup.returnRaw': 'boolean',
  'cleanup.useMetadata': 'boolean',
  'download.userAgent': 'string',
  languageOverride: 'string',
  'entities.filterDbpediaTypes': 'list',
  'entities.filterFreebaseTypes': 'list',
  'entities.allowOverlap': 'boolean',
  'entities.enrichmentQueries': 'list',
  'entities.dictionaries': 'list',
  'dependencies.scheme': 'string',
  classifiers: 'list',
  'classifier.maxCategories': 'string',
};

export const PARAMETER_NAMES: readonly string[] = Object.keys(PARAMETERS);

/**
 * A parameter's kind, own entries only: names come from the caller, and
 * `toString` or `__proto__` must be unknown parameters, not Object.prototype's.
 */
function kindOf(name: string): Kind | undefined {
  return Object.hasOwn(PARAMETERS, name) ? PARAMETERS[name] : undefined;
}

const CLEANUP_MODES: readonly CleanupMode[] = ['raw', 'stripTags', 'cleanHTML'];
const SCHEMES: readonly DependencyScheme[] = ['stanford', 'ud'];

type Values = Map<string, string[]>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/** Flatten a typed object ({cleanup: {mode}}) or flat fields into name → raw values. */
function collect(input: AnalyzeOptions | FlatOptions, into: Values, prefix = ''): void {
  for (const [key, value] of Object.entries(input)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined || value === null) continue;
    if (isPlainObject(value)) {
      const kind = kindOf(name);
      if (kind !== undefined) throw badRequest(`parameter '${name}' must be a ${kind}, not an object`, name);
      collect(value as FlatOptions, into, name);
      continue;
    }
    // `extractors[]=a` and `extractors[0]=a` (PHP/qs-style list fields) mean `extractors=a`.
    const known = kindOf(name) !== undefined || hostedOnlyParameter(name) !== undefined ? name : listParameterName(name, PARAMETERS);
    if (known === undefined) {
      throw badRequest(`unknown parameter '${name}'; known parameters: ${PARAMETER_NAMES.join(', ')}`, name);
    }
    const list = Array.isArray(value) ? value : [value];
    const strings = list.map((v) => {
      if (typeof v === 'string') return v;
      if (typeof v === 'boolean' || typeof v === 'number') return String(v);
      throw badRequest(`parameter '${known}' has a value of type ${typeof v}`, known);
    });
    into.set(known, [...(into.get(known) ?? []), ...strings]);
  }
}

function single(values: Values, name: string): string | undefined {
  const v = values.get(name)?.filter((s) => s !== '');
  if (!v || v.length === 0) return undefined;
  if (v.length > 1 && kindOf(name) !== 'list') {
    // Repeated single-valued fields are ambiguous; refuse rather than guess.
    if (new Set(v).size > 1) throw badRequest(`parameter '${name}' was given ${v.length} different values`, name);
  }
  return v[0];
}

const TRUE = new Set(['true', 'True', 'TRUE', '1']);
const FALSE = new Set(['false', 'False', 'FALSE', '0']);

function bool(values: Values, name: string, fallback: boolean): boolean {
  const v = single(values, name);
  if (v === undefined) return fallback;
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  throw badRequest(`parameter '${name}' must be true or false (or 1/0), got '${v}'`, name);
}

function list(values: Values, name: string): string[] {
  const out: string[] = [];
  for (const v of values.get(name) ?? []) {
    for (const part of v.split(',')) {
      const s = part.trim();
      if (s && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const v = single(values, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    throw badRequest(`parameter '${name}' must be one of ${allowed.join(', ')}; got '${v}'`, name);
  }
  return v as T;
}

function positiveInt(values: Values, name: string, fallback: number): number {
  const v = single(values, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\s*\d+\s*$/.test(v) || !Number.isSafeInteger(n) || n < 1) throw badRequest(`parameter '${name}' must be a positive integer, got '${v}'`, name);
  return n;
}

/** Names of the rules a Prolog program defines (head functors of its clauses). */
export function ruleNames(rules: string | undefined): Set<string> {
  const names = new Set<string>();
  if (!rules) return names;
  // Strip comments and quoted atoms so they cannot fake a clause head.
  const src = rules
    .replace(/%[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const re = /(?:^|\.\s)\s*([a-z][A-Za-z0-9_]*|'(?:[^'\\]|\\.)+')\s*(?:\(|:-|\.)/g;
  for (const m of src.matchAll(re)) names.add(m[1].replace(/^'|'$/g, ''));
  return names;
}

/**
 * Validate options in either spelling. `input` may be the text itself; later
 * arguments override earlier ones.
 */
export function parseRequest(
  input: string | AnalyzeOptions | FlatOptions,
  options?: AnalyzeOptions | FlatOptions,
): AnalyzeRequest {
  const values: Values = new Map();
  if (typeof input === 'string') values.set('text', [input]);
  else if (isPlainObject(input)) collect(input, values);
  else throw badRequest('analyze() takes the text or an options object');
  if (options !== undefined) {
    if (!isPlainObject(options)) throw badRequest('options must be an object');
    const extra: Values = new Map();
    collect(options, extra);
    for (const [k, v] of extra) values.set(k, v);
  }

  const text = single(values, 'text');
  const url = single(values, 'url');
  if (text === undefined && url === undefined) {
    const empty = values.has('text') ? ' (text was empty)' : '';
    throw badRequest(`either 'text' or 'url' is required${empty}`, 'text');
  }
  if (text !== undefined && url !== undefined) {
    throw badRequest("give either 'text' or 'url', not both", 'url');
  }

  const rules = values.get('rules')?.join('\n') || undefined;
  const notices: string[] = [];
  for (const name of Object.keys(HOSTED_ONLY_PARAMETERS)) {
    if (kindOf(name) !== undefined) continue; // an engine has landed for it
    const given = values.get(name)?.filter((v) => v.trim() !== '');
    if (given && given.length > 0) notices.push(unimplementedNotice(name));
  }
  const defined = ruleNames(rules);
  const named = list(values, 'extractors').filter((e) => {
    if (!HOSTED_ONLY_EXTRACTORS.includes(e) || defined.has(e)) return true;
    notices.push(`The extractor '${e}' of the hosted API is not implemented by textlens; it was skipped.`);
    return false;
  });
  for (const e of named) {
    if (!(EXTRACTORS as readonly string[]).includes(e) && !defined.has(e)) {
      throw badRequest(
        `unknown extractor '${e}': not a built-in extractor (${EXTRACTORS.join(', ')}) and not the name of a rule in 'rules'`,
        'extractors',
      );
    }
  }

  let mode = oneOf(values, 'cleanup.mode', CLEANUP_MODES);
  // cleanupHTML=true asks for cleanHTML; false is "no preference" (the source
  // decides), not raw: client libraries send cleanupHTML=false on every
  // request, their analyze-URL calls included, which clean HTML by default.
  if (mode === undefined && bool(values, 'cleanupHTML', false)) mode = 'cleanHTML';

  return {
    text,
    url,
    extractors: named.length > 0 ? named : [...DEFAULT_EXTRACTORS],
    defaultExtractors: named.length === 0,
    rules,
    cleanup: {
      mode,
      returnCleaned: bool(values, 'cleanup.returnCleaned', false),
      returnRaw: bool(values, 'cleanup.returnRaw', false),
      useMetadata: bool(values, 'cleanup.useMetadata', true),
    },
    userAgent: single(values, 'download.userAgent'),
    languageOverride: single(values, 'languageOverride'),
    entities: {
      filterDbpediaTypes: list(values, 'entities.filterDbpediaTypes'),
      filterFreebaseTypes: list(values, 'entities.filterFreebaseTypes'),
      allowOverlap: bool(values, 'entities.allowOverlap', true),
      enrichmentQueries: list(values, 'entities.enrichmentQueries').filter((q) => {
        if (!isHostedEnrichmentQuery(q)) return true;
        notices.push(`The enrichment query '${q}' uses the hosted API's Freebase/DBpedia syntax; textlens enriches from Wikidata (wikidata:P…), so it was skipped.`);
        return false;
      }),
      dictionaries: list(values, 'entities.dictionaries'),
    },
    dependencyScheme: oneOf(values, 'dependencies.scheme', SCHEMES) ?? 'stanford',
    notices,
    classifiers: list(values, 'classifiers'),
    classifier: { maxCategories: positiveInt(values, 'classifier.maxCategories', DEFAULT_MAX_CATEGORIES) },
  };
}
