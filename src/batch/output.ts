/**
 * The batch command's output: one JSON line per document, to a file (gzip by
 * the `.gz` extension) or stdout, and what `--resume` reads back from it.
 *
 * Resume trusts only complete lines: after a kill -9 the last line may be cut
 * off (a plain file) or the gzip stream may end mid-block; whatever does not
 * end in a newline and parse as a result is dropped, the file is cut back to
 * the last good line, and those documents are analyzed again.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat, truncate } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Writable } from 'node:stream';
import { constants as zlibConstants, createGunzip, createGzip, type Gzip } from 'node:zlib';
import { badRequest } from '../errors.js';
import { itemKey, keyedByLine, type BatchError, type BatchItem, type DocId } from './input.js';

type Result = { body: string } | { error: BatchError };

/** A result line: `{"id", "response"}` (the analyze envelope, as `textlens analyze` prints it) or `{"id", "error"}`; `line` for a line without an id. */
export function resultLine(id: DocId | null, result: Result, line?: number): string {
  return formatResult(id, id === null ? (line ?? 0) : undefined, result);
}

/**
 * The result line of an input item: as resultLine, and an item known by its
 * line (a repeated id) carries that line beside its id, so that --resume
 * tells its error from the result of the earlier line with the same id.
 */
export function itemResultLine(item: Pick<BatchItem, 'id' | 'key' | 'line'>, result: Result): string {
  return formatResult(item.id, keyedByLine(item) ? (item.line ?? 0) : undefined, result);
}

function formatResult(id: DocId | null, line: number | undefined, result: Result): string {
  const head = `{"id":${JSON.stringify(id)}${line === undefined ? '' : `,"line":${line}`}`;
  return 'body' in result ? `${head},"response":${result.body}}\n` : `${head},"error":${JSON.stringify(result.error)}}\n`;
}

export interface ResultSink {
  /** Queues a line; false when the caller should await drain() before writing much more. */
  write(line: string): boolean;
  drain(): Promise<void>;
  /** Flushes and closes (stdout is flushed, not closed). */
  close(): Promise<void>;
}

/** How often a gzip output is flushed, so that a killed run leaves readable results behind. */
const GZIP_FLUSH_MS = 2000;

function sinkOver(stream: Writable, closeTarget: boolean, gzip?: Gzip): ResultSink {
  let error: Error | undefined;
  stream.on('error', (e) => (error = e));
  const flusher = gzip ? setInterval(() => gzip.flush(zlibConstants.Z_SYNC_FLUSH), GZIP_FLUSH_MS) : undefined;
  flusher?.unref();
  const head: Writable = gzip ?? stream;
  if (gzip) gzip.on('error', (e) => (error = e));
  return {
    write(line) {
      if (error) throw new Error(`cannot write the results: ${error.message}`);
      return head.write(line);
    },
    drain() {
      if (error) return Promise.reject(new Error(`cannot write the results: ${error.message}`));
      if (!head.writableNeedDrain) return Promise.resolve();
      // Each listener goes when the other fires: a long run drains thousands of times.
      return new Promise((resolve, reject) => {
        const drained = () => {
          head.off('error', failed);
          resolve();
        };
        const failed = (e: Error) => {
          head.off('drain', drained);
          reject(e);
        };
        head.once('drain', drained);
        head.once('error', failed);
      });
    },
    async close() {
      clearInterval(flusher);
      if (!closeTarget) {
        await new Promise<void>((resolve) => (head.writableNeedDrain ? head.once('drain', resolve) : resolve()));
        return;
      }
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        head.end();
      });
      if (error) throw new Error(`cannot write the results: ${error.message}`);
    },
  };
}

/** Opens `--out` for writing, appending when resuming. '-' is stdout; gzip by the .gz extension. */
export function openSink(path: string, append: boolean, gzipped = path.endsWith('.gz')): ResultSink {
  if (path === '-') return sinkOver(process.stdout, false);
  const file = createWriteStream(path, { flags: append ? 'a' : 'w' });
  if (!gzipped) return sinkOver(file, true);
  // Appending to a gzip file adds a new gzip member; gunzip reads members back to back.
  const gzip = createGzip();
  gzip.pipe(file);
  return sinkOver(file, true, gzip);
}

export interface ResumeState {
  /** Keys (itemKey) of the documents with a complete result line. */
  done: Set<string>;
  /** Of those, the keys recorded as errors (a resumed run that skips them still exits as a run with errors). */
  failed: Set<string>;
  /** Error lines read. */
  errors: number;
  /** A cut-off last line was found and removed. */
  droppedPartial: boolean;
}

interface ParsedResult {
  key: string;
  error: boolean;
}

function parseResult(text: string): ParsedResult | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const r = v as Record<string, unknown>;
  const id = r.id;
  if (!(typeof id === 'string' || typeof id === 'number' || id === null)) return undefined;
  if (!('response' in r) && !('error' in r)) return undefined;
  // A line number beside the id: the line was known by its line (a repeated id, see itemResultLine).
  const key = typeof r.line === 'number' ? itemKey(null, r.line) : itemKey(id);
  return { key, error: 'error' in r };
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/**
 * Reads the complete results of an earlier run of `--out` and cuts the file
 * back to them. A line that is not a result anywhere but at the end means the
 * file is not this command's output: refused rather than appended to.
 */
export async function prepareResume(path: string): Promise<ResumeState> {
  const state: ResumeState = { done: new Set(), failed: new Set(), errors: 0, droppedPartial: false };
  if (!(await exists(path))) return state;
  return path.endsWith('.gz') ? resumeGzip(path, state) : resumePlain(path, state);
}

async function resumePlain(path: string, state: ResumeState): Promise<ResumeState> {
  // Scan raw bytes for newlines so that the cut point is an exact byte offset.
  const handle = await open(path, 'r');
  const size = (await handle.stat()).size;
  const chunk = Buffer.alloc(1 << 20);
  let carry: Buffer[] = [];
  let goodEnd = 0; // byte offset just past the last complete line
  let lineNo = 0;
  let pos = 0;
  try {
    while (pos < size) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, pos);
      if (bytesRead === 0) break;
      let start = 0;
      for (let i = 0; i < bytesRead; i++) {
        if (chunk[i] !== 0x0a) continue;
        const lineBytes = Buffer.concat([...carry, chunk.subarray(start, i)]);
        carry = [];
        lineNo++;
        const parsed = lineBytes.length === 0 ? undefined : parseResult(lineBytes.toString('utf8'));
        if (!parsed) throw notOurs(path, lineNo);
        record(state, parsed);
        goodEnd = pos + i + 1;
        start = i + 1;
      }
      if (start < bytesRead) carry.push(Buffer.from(chunk.subarray(start, bytesRead)));
      pos += bytesRead;
    }
  } finally {
    await handle.close();
  }
  if (goodEnd < size) {
    // A line without its newline: the write was cut off. Even if it parses, it is redone.
    state.droppedPartial = true;
    await truncate(path, goodEnd);
  }
  return state;
}

async function resumeGzip(path: string, state: ResumeState): Promise<ResumeState> {
  // A gzip stream cannot be cut at a line, and a killed run leaves one without
  // its end: the complete lines are copied, as they are read, into a fresh file
  // that then replaces the old one (a resume of a .gz recompresses it once).
  const tmp = `${path}.resume-tmp`;
  const sink = openSink(tmp, false, true);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let lineNo = 0;
  let failure: Error | undefined;
  /** Returns false when the copy's buffer is full (gunzip waits for it to drain). */
  const take = (text: string): boolean => {
    const parts = (rest + text).split('\n');
    rest = parts.pop()!;
    let room = true;
    for (const l of parts) {
      lineNo++;
      const parsed = parseResult(l);
      if (!parsed) throw notOurs(path, lineNo);
      record(state, parsed);
      room = sink.write(l + '\n') && room;
    }
    return room;
  };
  const gunzip = createGunzip();
  await new Promise<void>((resolve) => {
    const stop = (e?: Error) => {
      failure ??= e;
      gunzip.removeAllListeners('data');
      resolve();
    };
    gunzip.on('data', (d: Buffer) => {
      try {
        if (!take(decoder.write(d))) {
          gunzip.pause();
          void sink.drain().then(() => gunzip.resume(), (e: Error) => stop(e));
        }
      } catch (e) {
        stop(e as Error);
        gunzip.destroy();
      }
    });
    gunzip.on('end', () => stop());
    gunzip.on('error', (e: NodeJS.ErrnoException) => {
      // "unexpected end of file": the stream was cut off; every byte before it was given.
      if (e.code === 'Z_BUF_ERROR' || /unexpected end/i.test(e.message)) state.droppedPartial = true;
      else failure ??= badRequest(`--out ${path}: cannot read it back as gzip (${e.message}); not resuming into it`, 'out');
      stop();
    });
    const file = createReadStream(path);
    file.on('error', (e) => stop(e));
    file.pipe(gunzip);
  });
  await sink.close();
  if (failure) {
    await rm(tmp, { force: true });
    throw failure;
  }
  if (rest + decoder.end() !== '') state.droppedPartial = true;
  await rename(tmp, path);
  return state;
}

function record(state: ResumeState, parsed: ParsedResult): void {
  state.done.add(parsed.key);
  if (parsed.error) {
    state.failed.add(parsed.key);
    state.errors++;
  }
}

function notOurs(path: string, line: number): Error {
  return badRequest(
    `--out ${path}: line ${line} is not a batch result ({"id", "response"} or {"id", "error"}); ` +
      'refusing to resume into a file this command did not write (give another --out)',
    'out',
  );
}

/** True when `path` exists and holds something (a run without --resume must not overwrite it by accident). */
export async function hasContent(path: string): Promise<boolean> {
  return path !== '-' && (await exists(path));
}
