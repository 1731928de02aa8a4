/**
 * Reading dictionaries from text: JSON, JSON lines or CSV. Platform-free (the
 * caller reads the file); every error names the source and the line, with
 * status 400, so a user can fix the file.
 *
 * Formats (documented in README, "Custom entity dictionaries"):
 * - JSON: an array of entries, or an object `{matchType?, caseInsensitive?, language?, entries: [...]}`.
 * - JSON lines: one entry object per line; the first line may instead be
 *   `{"settings": {matchType?, caseInsensitive?, language?}}`.
 * - CSV: a header row naming `id`, `text`, optionally `types` and `data.KEY`
 *   columns; several values in one cell are separated by `|`.
 */
import { AnalysisError } from '../errors.js';
import { DEFAULT_SETTINGS, type DictionaryEntry, type DictionarySettings, type DictionarySource, type MatchType } from './entries.js';

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

/** Parse a dictionary's text in the given format; `source` names it in errors (a file name or id). */
export function parseDictionary(text: string, format: DictionaryFormat, source: string): DictionarySource {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  switch (format) {
    case 'json':
      return parseJson(body, source);
    case 'jsonl':
      return parseJsonLines(body, source);
    case 'csv':
      return parseCsv(body, source);
  }
}

/** Validate entries and settings given in code (createAnalyzer) or parsed from a file. */
export function checkSource(src: DictionarySource, source: string, lines?: number[]): DictionarySource {
  const settings = checkSettings(src, source, undefined);
  const seen = new Map<string, number>();
  const entries = src.entries.map((e, i) => {
    const line = lines?.[i];
    const entry = checkEntry(e, source, line ?? undefined, lines ? undefined : i);
    const prev = seen.get(entry.id);
    if (prev !== undefined) {
      throw new DictionaryError(source, line, `duplicate entry id '${entry.id}' (first at ${lines ? `line ${lines[prev]}` : `entry ${prev}`})`);
    }
    seen.set(entry.id, i);
    return entry;
  });
  return { ...settings, entries };
}

function checkSettings(raw: unknown, source: string, line: number | undefined): DictionarySettings {
  const o = (raw ?? {}) as Record<string, unknown>;
  const matchType = o.matchType ?? DEFAULT_SETTINGS.matchType;
  if (matchType !== 'token' && matchType !== 'stem') {
    throw new DictionaryError(source, line, `matchType must be 'token' or 'stem', got ${JSON.stringify(matchType)}`);
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
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) {
    throw new DictionaryError(source, line, `${what} must be a string or a list of strings`);
  }
  return list as string[];
}

function checkEntry(raw: unknown, source: string, line: number | undefined, index: number | undefined): DictionaryEntry {
  const where = index !== undefined ? `entry ${index}: ` : '';
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new DictionaryError(source, line, `${where}an entry must be an object with 'id' and 'text'`);
  }
  const o = raw as Record<string, unknown>;
  const id = typeof o.id === 'number' ? String(o.id) : o.id;
  if (typeof id !== 'string' || id === '') throw new DictionaryError(source, line, `${where}'id' must be a non-empty string`);
  const text = stringList(o.text, `${where}'text'`, source, line).map((t) => t.trim()).filter((t) => t !== '');
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
  for (const key of Object.keys(o)) {
    if (!['id', 'text', 'types', 'data'].includes(key)) throw new DictionaryError(source, line, `${where}unknown field '${key}' in entry '${id}'`);
  }
  return entry;
}

function jsonError(source: string, err: unknown, text: string): DictionaryError {
  const msg = err instanceof Error ? err.message : String(err);
  const pos = /position (\d+)/.exec(msg);
  const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
  return new DictionaryError(source, line, `not valid JSON (${msg})`);
}

function parseJson(text: string, source: string): DictionarySource {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw jsonError(source, err, text);
  }
  if (Array.isArray(doc)) return checkSource({ entries: doc as DictionaryEntry[] }, source);
  if (typeof doc === 'object' && doc !== null && Array.isArray((doc as { entries?: unknown }).entries)) {
    const o = doc as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !['entries', 'matchType', 'caseInsensitive', 'language'].includes(k));
    if (unknown.length > 0) throw new DictionaryError(source, undefined, `unknown top-level field '${unknown[0]}'`);
    return checkSource(o as unknown as DictionarySource, source);
  }
  throw new DictionaryError(source, undefined, "JSON must be a list of entries or an object with an 'entries' list");
}

function parseJsonLines(text: string, source: string): DictionarySource {
  const entries: DictionaryEntry[] = [];
  const lines: number[] = [];
  let settings: Partial<DictionarySettings> = {};
  const rows = text.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].trim();
    if (row === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch (err) {
      throw new DictionaryError(source, i + 1, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (entries.length === 0 && typeof value === 'object' && value !== null && 'settings' in value && !('id' in value)) {
      settings = checkSettings((value as { settings: unknown }).settings, source, i + 1);
      continue;
    }
    entries.push(value as DictionaryEntry);
    lines.push(i + 1);
  }
  return checkSource({ ...settings, entries }, source, lines);
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and newlines. Returns each row with its first line number. */
function csvRows(text: string, source: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0].trim() === '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
    i++;
  }
  if (quoted) throw new DictionaryError(source, rowLine, 'unterminated quoted field');
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

function parseCsv(text: string, source: string): DictionarySource {
  const rows = csvRows(text, source);
  if (rows.length === 0) return { entries: [] };
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
  }
  return checkSource({ entries }, source, lines);
}
