/**
 * The batch command's input: documents from a JSON-lines file (gzip by the
 * `.gz` extension), a directory of `.txt`/`.html` files, or stdin.
 *
 * A line that cannot be a document (bad JSON, no id, neither text nor url)
 * is not fatal: it becomes an item carrying its error, which the batch
 * records in its output like any failed document, so nothing is silently lost.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { badRequest } from '../errors.js';
import { decodeText } from '../source/index.js';
import type { FlatOptions } from '../types.js';

/** A document id as the input gave it: JSON lines may use numbers, files use their relative path. */
export type DocId = string | number;

export interface BatchError {
  status: number;
  message: string;
}

export interface BatchItem {
  /**
   * Identity for --resume: the id as JSON, or `line:N` for a line without a
   * usable id and for a line whose id an earlier line already used (its
   * error must not pass for the earlier line's result).
   */
  key: string;
  /** The document's id; null for a line whose id could not be read. */
  id: DocId | null;
  /** 1-based line of a JSON-lines input (absent for a directory's files). */
  line?: number;
  /** Per-document analysis fields (text or url, and its own params); they override the run's --param. */
  fields?: FlatOptions;
  /** Fields the source implies (HTML cleanup for an .html file); the run's --param overrides them. */
  defaults?: FlatOptions;
  /** Set instead of fields when the input itself is unusable. */
  error?: BatchError;
}

/** The key under which a document's result is found again by --resume. */
export function itemKey(id: DocId | null, line?: number): string {
  return id === null ? `line:${line ?? 0}` : JSON.stringify(id);
}

/** Whether the item is known by its line rather than its id (see BatchItem.key); its result line then carries the line. */
export function keyedByLine(item: Pick<BatchItem, 'key' | 'line'>): boolean {
  return item.key === itemKey(null, item.line);
}

export interface BatchSource {
  /** Human description for messages ("stdin", the path). */
  name: string;
  /** Number of documents, when it can be known before reading (not for stdin). */
  count(): Promise<number | undefined>;
  items(): AsyncIterable<BatchItem>;
  /** Stops reading (closes stdin or the file) so the process can exit. */
  close(): void;
}

const DIRECTORY_EXTENSIONS = ['.txt', '.html', '.htm'];

/** Opens `--in`: '-' is stdin, a directory is a tree of text/HTML files, anything else a JSON-lines file. */
export async function openSource(path: string, stdin: Readable = process.stdin): Promise<BatchSource> {
  if (path === '-') return jsonLinesSource('stdin', () => stdin, false);
  let info;
  try {
    info = await stat(path);
  } catch {
    throw badRequest(`--in ${path}: no such file or directory`, 'in');
  }
  if (info.isDirectory()) return directorySource(path);
  const open = (): Readable => {
    const file = createReadStream(path);
    return path.endsWith('.gz') ? file.pipe(createGunzip()) : file;
  };
  return jsonLinesSource(path, open, true);
}

function lines(stream: Readable): AsyncIterable<string> {
  return createInterface({ input: stream, crlfDelay: Infinity });
}

function jsonLinesSource(name: string, open: () => Readable, countable: boolean): BatchSource {
  const opened: Readable[] = [];
  const openTracked = () => {
    const s = open();
    opened.push(s);
    return s;
  };
  return {
    name,
    async count() {
      if (!countable) return undefined;
      let n = 0;
      for await (const l of lines(openTracked())) if (l.trim() !== '') n++;
      return n;
    },
    async *items() {
      const seen = new Set<string>();
      let lineNo = 0;
      for await (const l of lines(openTracked())) {
        lineNo++;
        if (l.trim() === '') continue;
        const item = parseDocumentLine(l, lineNo);
        if (!item.error) {
          if (seen.has(item.key)) {
            const message = `line ${lineNo}: id ${item.key} was already used by an earlier line; ids must be unique`;
            yield { ...item, key: itemKey(null, lineNo), fields: undefined, error: { status: 400, message } };
            continue;
          }
          seen.add(item.key);
        }
        yield item;
      }
    },
    close() {
      for (const s of opened) s.destroy();
    },
  };
}

const PARAM_VALUE = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);

/** One JSON line → a document: `{"id", "text"}` or `{"id", "url"}`, with optional `params` (flat form fields). */
export function parseDocumentLine(lineText: string, line: number): BatchItem {
  const fail = (id: DocId | null, message: string): BatchItem => ({ key: itemKey(id, line), id, line, error: { status: 400, message: `line ${line}: ${message}` } });
  let value: unknown;
  try {
    value = JSON.parse(lineText);
  } catch (e) {
    return fail(null, `not valid JSON (${(e as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(null, 'expected a JSON object {"id", "text"} or {"id", "url"}');
  const doc = value as Record<string, unknown>;
  const rawId = doc.id;
  const id = (typeof rawId === 'string' && rawId !== '') || (typeof rawId === 'number' && Number.isFinite(rawId)) ? rawId : null;
  if (id === null) return fail(null, 'the document has no "id" (a non-empty string or a number)');
  const hasText = typeof doc.text === 'string';
  const hasUrl = typeof doc.url === 'string';
  if (hasText === hasUrl) return fail(id, hasText ? 'give "text" or "url", not both' : 'the document has neither "text" nor "url" (a string)');
  const fields: FlatOptions = {};
  if (doc.params !== undefined) {
    if (typeof doc.params !== 'object' || doc.params === null || Array.isArray(doc.params)) return fail(id, '"params" must be an object of name: value');
    for (const [name, v] of Object.entries(doc.params)) {
      if (PARAM_VALUE(v)) fields[name] = typeof v === 'string' ? v : String(v);
      else if (Array.isArray(v) && v.every(PARAM_VALUE)) fields[name] = v.map(String);
      else return fail(id, `params.${name} must be a string, number, boolean or a list of them`);
      if (name === 'text' || name === 'url') return fail(id, `params.${name}: give the document's ${name} beside "id", not in params`);
    }
  }
  if (hasText) fields.text = doc.text as string;
  else fields.url = doc.url as string;
  return { key: itemKey(id, line), id, line, fields };
}

/** Every .txt/.html/.htm file under `root`, sorted, as ids relative to it with '/' separators. */
export async function listDocumentFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && DIRECTORY_EXTENSIONS.some((x) => e.name.toLowerCase().endsWith(x))) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  await walk(root);
  // Code-unit order, not locale order: the same tree gives the same order everywhere (and --resume relies on ids, not order).
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function directorySource(root: string): BatchSource {
  let files: Promise<string[]> | undefined;
  const list = () => (files ??= listDocumentFiles(root));
  return {
    name: root,
    async count() {
      return (await list()).length;
    },
    async *items() {
      for (const id of await list()) {
        const key = itemKey(id);
        try {
          const text = decodeText(new Uint8Array(await readFile(join(root, id))));
          // An HTML file is cleaned as HTML (boilerplate and tags removed) unless the run's --param says otherwise.
          const defaults: FlatOptions | undefined = id.toLowerCase().endsWith('.txt') ? undefined : { 'cleanup.mode': 'cleanHTML' };
          yield { key, id, fields: { text }, defaults };
        } catch (e) {
          const status = typeof (e as { status?: unknown }).status === 'number' ? (e as { status: number }).status : 400;
          yield { key, id, error: { status, message: `${id}: ${(e as Error).message}` } };
        }
      }
    },
    close() {},
  };
}
