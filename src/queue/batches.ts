/**
 * Batch records: what `queue enqueue` fixes for all of a batch's documents
 * (the run-wide fields, the dictionaries' entries, so that a worker on
 * another machine needs no files) and whether every document is queued yet.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { AnalysisError, badRequest } from '../errors.js';
import { DictionaryError, DictionaryRegistry, formatOfFile, parseDictionary } from '../dictionaries/index.js';
import type { DictionarySource } from '../dictionaries/entries.js';
import type { StoredDictionaryRef } from '../http/compiled-dictionaries.js';
import type { FlatOptions } from '../types.js';
import type { QueueConnection } from './connection.js';

/** A batch's dictionaries by id: entries and a revision (a digest of them). */
export type BatchDictionaries = Record<string, { revision: string; source: DictionarySource }>;

export interface BatchRecord {
  name: string;
  /** Tells this batch from an earlier one of the same name (deleted since): jobs carry it. */
  id: string;
  createdAt: Date;
  /** The --in it was read from. */
  input: string;
  chunk: number;
  params: FlatOptions;
  dictionaries: BatchDictionaries;
  /** When every document was queued; absent while enqueue runs (or if it died). */
  sealedAt?: Date;
  /** Documents in the batch, once sealed. */
  total?: number;
}

const BATCH_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export function checkBatchName(name: string): string {
  if (!BATCH_NAME.test(name)) {
    throw badRequest(`--name must be 1–128 letters, digits, '_', '.', ':' or '-' (not starting with a sign), got '${name}'`, 'name');
  }
  return name;
}

/** A batch name for an input: its base name and the time, e.g. news-20261125T203425. */
export function defaultBatchName(input: string, now = new Date()): string {
  const base = input === '-' ? 'stdin' : basename(input.replace(/[/\\]+$/, '')).replace(/\.(jsonl|ndjson|json)(\.gz)?$|\.gz$/i, '');
  const clean = base.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'batch';
  const time = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `${clean.slice(0, 100)}-${time}`;
}

/**
 * Dictionary files (id → path) read into the entries a batch stores, so
 * that workers need no files; checked as the analyzer will check them, so
 * a bad file fails the enqueue, once, naming its line.
 */
export async function readBatchDictionaries(files: Record<string, string>): Promise<BatchDictionaries> {
  const out: Record<string, DictionarySource> = {};
  for (const [id, path] of Object.entries(files)) {
    const format = formatOfFile(path);
    if (!format) throw new DictionaryError(path, undefined, 'unknown format: the file name must end in .json, .jsonl, .ndjson or .csv');
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      throw new DictionaryError(path, undefined, `cannot be read (${(e as Error).message})`);
    }
    out[id] = parseDictionary(text, format, path);
  }
  // Compiled once and thrown away: the ids and entries are checked.
  await DictionaryRegistry.create(out);
  return batchDictionaries(out);
}

/** Dictionaries keyed by id with a digest of their entries (a worker compiles each revision once). */
export function batchDictionaries(sources: Record<string, DictionarySource>): BatchDictionaries {
  const out: BatchDictionaries = {};
  for (const [id, source] of Object.entries(sources)) {
    out[id] = { revision: createHash('sha256').update(JSON.stringify(source)).digest('hex').slice(0, 16), source };
  }
  return out;
}

/** The refs the analysis pool takes per document; the cache key keeps two batches' same-named dictionaries apart. */
export function dictionaryRefs(batch: BatchRecord): StoredDictionaryRef[] {
  return Object.entries(batch.dictionaries).map(([id, d]) => ({ cacheKey: `queue/${batch.name}/${id}`, id, revision: d.revision, source: d.source }));
}

interface BatchRow {
  name: string;
  id: string;
  created_at: Date;
  input: string;
  chunk: number;
  params: FlatOptions;
  dictionaries: BatchDictionaries;
  sealed_at: Date | null;
  total: number | null;
}

function fromRow(r: BatchRow): BatchRecord {
  return {
    name: r.name,
    id: r.id,
    createdAt: r.created_at,
    input: r.input,
    chunk: r.chunk,
    params: r.params,
    dictionaries: r.dictionaries,
    sealedAt: r.sealed_at ?? undefined,
    total: r.total ?? undefined,
  };
}

/** Creates the batch and returns its id; a name already used is refused (its results would mix with the new ones). */
export async function createBatch(q: QueueConnection, b: Pick<BatchRecord, 'name' | 'input' | 'chunk' | 'params' | 'dictionaries'>): Promise<string> {
  const r = await q.pool.query<{ id: string }>(
    `INSERT INTO ${q.s}.batches (name, input, chunk, params, dictionaries) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING id`,
    [b.name, b.input, b.chunk, JSON.stringify(b.params), JSON.stringify(b.dictionaries)],
  );
  if (r.rows.length === 0) throw badRequest(`a batch named '${b.name}' already exists in this queue; give another --name`, 'name');
  return r.rows[0]!.id;
}

export async function sealBatch(q: QueueConnection, name: string, total: number): Promise<void> {
  await q.pool.query(`UPDATE ${q.s}.batches SET sealed_at = now(), total = $2 WHERE name = $1`, [name, total]);
}

export async function getBatch(q: QueueConnection, name: string): Promise<BatchRecord | undefined> {
  const r = await q.pool.query<BatchRow>(`SELECT * FROM ${q.s}.batches WHERE name = $1`, [name]);
  return r.rows[0] ? fromRow(r.rows[0]) : undefined;
}

/** All batches, newest first, without their dictionaries' entries. */
export async function listBatches(q: QueueConnection): Promise<BatchRecord[]> {
  const r = await q.pool.query<BatchRow>(
    `SELECT name, id, created_at, input, chunk, params, '{}'::jsonb AS dictionaries, sealed_at, total FROM ${q.s}.batches ORDER BY created_at DESC, name`,
  );
  return r.rows.map(fromRow);
}

/**
 * The batch a status or collect command means: the one named, or the only
 * one there is. Several and no --name is a 400 that lists them.
 */
export async function resolveBatch(q: QueueConnection, name: string | undefined): Promise<BatchRecord> {
  if (name !== undefined) {
    const b = await getBatch(q, name);
    if (!b) throw new AnalysisError(404, `no batch named '${name}' in this queue${await knownNames(q)}`);
    return b;
  }
  const all = await listBatches(q);
  if (all.length === 1) return (await getBatch(q, all[0]!.name))!;
  if (all.length === 0) throw new AnalysisError(404, 'this queue holds no batches yet (textlens queue enqueue creates one)');
  throw badRequest(`this queue holds ${all.length} batches; give --name${await knownNames(q)}`, 'name');
}

async function knownNames(q: QueueConnection): Promise<string> {
  const all = await listBatches(q);
  if (all.length === 0) return '';
  const shown = all.slice(0, 10).map((b) => b.name);
  return ` (batches: ${shown.join(', ')}${all.length > shown.length ? `, … ${all.length - shown.length} more` : ''})`;
}
