/**
 * Reading dictionaries from text: JSON, JSON lines or CSV. Platform-free (the
 * caller reads the file); every error names the source and the line, with
 * status 400, so a user can fix the file.
 *
 * Formats (documented in docs/extractors.md, "Custom dictionaries"):
 * - JSON: an array of entries, or an object `{matchType?, caseInsensitive?, language?, entries: [...]}`.
 * - JSON lines: one entry object per line; the first line may instead be
 *   `{"settings": {matchType?, caseInsensitive?, language?}}`.
 * - CSV: a header row naming `id`, `text`, optionally `types` and `data.KEY`
 *   columns; several values in one cell are separated by `|`.
 */
import { AnalysisError } from '../errors.js';
import { StringTable, fnvHash } from './string-table.js';
import { parseJsonLine } from './json-line.js';
import { DEFAULT_SETTINGS, type DictionaryEntry, type DictionarySettings, type DictionarySource, type MatchType } from './entries.js';
import { csvRows, type CsvRow } from '../csv.js';

export type DictionaryFormat = 'json' | 'jsonl' | 'csv';

/** The format a file name implies (`.json`, `.jsonl`/`.ndjson`, `.csv`), or undefined. */
export function formatOfFile(name: string): DictionaryFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return undefined;
}

export class DictionaryError extends AnalysisError {
  constructor(source: string, line: number | undefined, message: string) {
    super(400, `dictionary ${source}${line !== undefined ? `, line ${line}` : ''}: ${message}`);
    this.name = 'DictionaryError';
  }
}

/**
 * Where parsed entries go: `settings` exactly once, before the first entry;
 * then each entry, checked (a well-formed object, no duplicate id), in file
 * order. A compiler can take them one by one, so that no parsed object
 * outlives its line (matcher.ts, DictionaryCompiler).
 */
export interface DictionarySink {
  settings(settings: DictionarySettings): void;
  entry(entry: DictionaryEntry): void;
}

/** Parse a dictionary's text in the given format; `source` names it in errors (a file name or id). */
export function parseDictionary(text: string, format: DictionaryFormat, source: string): DictionarySource {
  let settings = DEFAULT_SETTINGS;
  const entries: DictionaryEntry[] = [];
  parseDictionaryInto(text, format, source, { settings: (s) => (settings = s), entry: (e) => entries.push(e) });
  return { ...settings, entries };
}

/** Parse a dictionary's text into `sink`, entry by entry. */
export function parseDictionaryInto(text: string, format: DictionaryFormat, source: string, sink: DictionarySink): void {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  switch (format) {
    case 'json':
      return parseJson(body, source, sink);
    case 'jsonl':
      return parseJsonLines(body, source, sink);
    case 'csv':
      return parseCsv(body, source, sink);
  }
}

/** Validate entries and settings given in code (createAnalyzer) or sent over HTTP. */
export function checkSource(src: DictionarySource, source: string): DictionarySource {
  const settings = checkSettings(src, source, undefined);
  const entries: DictionaryEntry[] = [];
  checkEntries(src.entries, source, { settings: () => {}, entry: (e) => entries.push(e) });
  return { ...settings, entries };
}

function checkEntries(raw: readonly unknown[], source: string, sink: DictionarySink): void {
  const checker = new EntryChecker(source, sink, (id) => `entry ${raw.findIndex((r) => idOf(r) === id)}`);
  raw.forEach((r, i) => checker.add(r, undefined, i));
}

/** An entry's id as checkEntry reads it, for finding the first holder of a duplicate. */
function idOf(raw: unknown): string | undefined {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? String(id) : typeof id === 'string' ? id : undefined;
}

/**
 * Checks entries one by one and passes them on. Remembers the ids only (a
 * StringTable: a million of them are checked markedly faster than with a
 * Set); where a duplicate's first holder is, `firstAt` finds again on that
 * error path alone.
 */
class EntryChecker {
  private readonly seen = new StringTable();

  constructor(
    private readonly source: string,
    private readonly sink: DictionarySink,
    private readonly firstAt: (id: string) => string,
  ) {}

  /** `line` for files, `index` for entries given as a list. */
  add(raw: unknown, line: number | undefined, index: number | undefined): void {
    const entry = checkEntry(raw, this.source, line, index);
    const { id } = entry;
    const known = this.seen.size;
    if (this.seen.intern(id, 0, id.length, fnvHash(id, 0, id.length)) < known) {
      throw new DictionaryError(this.source, line, `duplicate entry id '${id}' (first at ${this.firstAt(id)})`);
    }
    this.sink.entry(entry);
  }
}

function checkSettings(raw: unknown, source: string, line: number | undefined): DictionarySettings {
  const o = (raw ?? {}) as Record<string, unknown>;
  // Any case: the hosted API's own examples send "STEM" and "TOKEN".
  const given = o.matchType ?? DEFAULT_SETTINGS.matchType;
  const matchType = typeof given === 'string' ? given.toLowerCase() : given;
  if (matchType !== 'token' && matchType !== 'stem') {
    throw new DictionaryError(source, line, `matchType must be 'token' or 'stem' (any case), got ${JSON.stringify(given)}`);
  }
  const caseInsensitive = o.caseInsensitive ?? DEFAULT_SETTINGS.caseInsensitive;
  if (typeof caseInsensitive !== 'boolean') throw new DictionaryError(source, line, 'caseInsensitive must be true or false');
  const language = o.language ?? DEFAULT_SETTINGS.language;
  if (typeof language !== 'string' || !/^(any|[a-z]{3})$/.test(language)) {
    throw new DictionaryError(source, line, `language must be an ISO 639-2 code such as 'eng', or 'any'; got ${JSON.stringify(language)}`);
  }
  return { matchType: matchType as MatchType, caseInsensitive, language };
}

function stringList(v: unknown, what: string, source: string, line: number | undefined): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) {
    let strings = true;
    for (let i = 0; i < v.length && strings; i++) strings = typeof v[i] === 'string';
    if (strings) return v as string[];
  }
  throw new DictionaryError(source, line, `${what} must be a string or a list of strings`);
}

/** Surface forms trimmed, empty ones dropped; the list itself when it needs neither (the common case: no copy). */
function surfaceForms(list: string[]): string[] {
  for (const t of list) {
    if (t === '' || t.trim() !== t) return list.map((f) => f.trim()).filter((f) => f !== '');
  }
  return list;
}

function checkEntry(raw: unknown, source: string, line: number | undefined, index: number | undefined): DictionaryEntry {
  const where = index !== undefined ? `entry ${index}: ` : '';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DictionaryError(source, line, `${where}an entry must be an object with 'id' and 'text'`);
  }
  const o = raw as Record<string, unknown>;
  const id = typeof o.id === 'number' ? String(o.id) : o.id;
  if (typeof id !== 'string' || id === '') throw new DictionaryError(source, line, `${where}'id' must be a non-empty string`);
  const text = surfaceForms(stringList(o.text, `${where}'text'`, source, line));
  if (text.length === 0) throw new DictionaryError(source, line, `${where}entry '${id}' has no surface form in 'text'`);
  const entry: DictionaryEntry = { id, text };
  if (o.types !== undefined) entry.types = stringList(o.types, `${where}'types'`, source, line);
  if (o.data !== undefined) {
    if (typeof o.data !== 'object' || o.data === null || Array.isArray(o.data)) {
      throw new DictionaryError(source, line, `${where}'data' must be an object of string lists`);
    }
    entry.data = {};
    for (const [k, v] of Object.entries(o.data)) entry.data[k] = stringList(v, `${where}data '${k}'`, source, line);
  }
  for (const key in o) {
    if (key !== 'id' && key !== 'text' && key !== 'types' && key !== 'data') throw new DictionaryError(source, line, `${where}unknown field '${key}' in entry '${id}'`);
  }
  return entry;
}

function jsonError(source: string, err: unknown, text: string): DictionaryError {
  const msg = err instanceof Error ? err.message : String(err);
  const pos = /position (\d+)/.exec(msg);
  const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
  return new DictionaryError(source, line, `not valid JSON (${msg})`);
}

function parseJson(text: string, source: string, sink: DictionarySink): void {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw jsonError(source, err, text);
  }
  let settings: unknown = {};
  let entries: unknown[];
  if (Array.isArray(doc)) entries = doc;
  else if (typeof doc === 'object' && doc !== null && Array.isArray((doc as { entries?: unknown }).entries)) {
    const o = doc as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !['entries', 'matchType', 'caseInsensitive', 'language'].includes(k));
    if (unknown.length > 0) throw new DictionaryError(source, undefined, `unknown top-level field '${unknown[0]}'`);
    settings = o;
    entries = o.entries as unknown[];
  } else throw new DictionaryError(source, undefined, "JSON must be a list of entries or an object with an 'entries' list");
  sink.settings(checkSettings(settings, source, undefined));
  checkEntries(entries, source, sink);
}

function parseJsonLines(text: string, source: string, sink: DictionarySink): void {
  let settled = false;
  const checker = new EntryChecker(source, sink, (id) => `line ${firstLineWithId(text, id)}`);
  // Lines are cut with indexOf rather than split('\n'): no array of a million line strings held at once.
  let line = 0;
  for (let p = 0; p <= text.length; ) {
    let q = text.indexOf('\n', p);
    if (q < 0) q = text.length;
    line++;
    const row = text.slice(p, q).trim();
    p = q + 1;
    if (row === '') continue;
    let value: unknown;
    try {
      value = parseJsonLine(row);
    } catch (err) {
      throw new DictionaryError(source, line, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!settled) {
      settled = true;
      if (typeof value === 'object' && value !== null && 'settings' in value && !('id' in value)) {
        sink.settings(checkSettings((value as { settings: unknown }).settings, source, line));
        continue;
      }
      sink.settings(DEFAULT_SETTINGS);
    }
    checker.add(value, line, undefined);
  }
  if (!settled) sink.settings(DEFAULT_SETTINGS);
}

/** The first line of JSON-lines `text` whose entry has id `id` (the duplicate-id error path). */
function firstLineWithId(text: string, id: string): number | undefined {
  const rows = text.split('\n');
  for (let i = 0; i < rows.length; i++) {
    try {
      if (idOf(JSON.parse(rows[i])) === id) return i + 1;
    } catch {
      // blank or settings lines
    }
  }
  return undefined;
}

function csvRowsOf(text: string, source: string): CsvRow[] {
  const { rows, unclosedAt } = csvRows(text);
  if (unclosedAt !== undefined) throw new DictionaryError(source, unclosedAt, 'unterminated quoted field');
  return rows;
}

function parseCsv(text: string, source: string, sink: DictionarySink): void {
  const rows = csvRowsOf(text, source);
  // CSV has no settings row: the defaults.
  sink.settings(DEFAULT_SETTINGS);
  if (rows.length === 0) return;
  const header = rows[0].cells.map((h) => h.trim());
  const idCol = header.indexOf('id');
  const textCol = header.indexOf('text');
  if (idCol < 0 || textCol < 0) throw new DictionaryError(source, rows[0].line, "the header row must name an 'id' and a 'text' column");
  const typesCol = header.indexOf('types');
  header.forEach((h, c) => {
    if (c !== idCol && c !== textCol && c !== typesCol && !h.startsWith('data.')) {
      throw new DictionaryError(source, rows[0].line, `unknown column '${h}' (expected id, text, types or data.KEY)`);
    }
  });
  const split = (s: string) => s.split('|').map((v) => v.trim()).filter((v) => v !== '');
  const entries: DictionaryEntry[] = [];
  const lines: number[] = [];
  const checker = new EntryChecker(source, sink, (id) => `line ${lines[entries.findIndex((e) => e.id === id)]}`);
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length !== header.length) {
      throw new DictionaryError(source, line, `${cells.length} cells where the header has ${header.length}`);
    }
    const entry: DictionaryEntry = { id: cells[idCol].trim(), text: split(cells[textCol]) };
    if (typesCol >= 0 && cells[typesCol].trim() !== '') entry.types = split(cells[typesCol]);
    header.forEach((h, c) => {
      if (!h.startsWith('data.') || cells[c].trim() === '') return;
      (entry.data ??= {})[h.slice(5)] = split(cells[c]);
    });
    entries.push(entry);
    lines.push(line);
    checker.add(entry, line, undefined);
  }
}
