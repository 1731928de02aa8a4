/**
 * `node --import tsx bench/stored-dictionaries.ts [ENTRIES]`: is an analysis
 * request slowed by a big stored dictionary after its first use?
 *
 * A server as `textlens serve` runs it (analysis in one worker thread, the
 * SQLite store in a temp dir), a stored dictionary of ENTRIES (default
 * 100 000) synthetic entries uploaded through the HTTP API in batches of
 * 20 000, then the median wall time of entity requests on one text:
 *   baseline  — without entities.dictionaries;
 *   first     — the first request selecting the dictionary (store read, copy
 *               to the worker, compile);
 *   steady    — later requests selecting it (one revision lookup per request);
 *   changed   — the first request after one entry is added (a new revision).
 * Last line: name=value pairs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDictionaryStore } from '../src/stores/dictionaries/index.js';
import { WorkerPool } from '../src/http/analysis-pool.js';
import { createApp } from '../src/http/app.js';

const ENTRIES = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(ENTRIES) || ENTRIES < 1) {
  console.error(`usage: bench/stored-dictionaries.ts [ENTRIES]; got '${process.argv[2]}'`);
  process.exit(2);
}
const RUNS = 15;
const KEY = 'bench-key';
const TEXT =
  'Shares of Northwind Traders rose after the company agreed to buy Contoso Pharmaceuticals. ' +
  'Analysts at Fabrikam said the deal values Contoso at about 4 billion dollars, and Margie Travel ' +
  'expects regulators in Brussels to review it before the end of the year. ' +
  'Tailspin Toys and Wide World Importers were not part of the talks.';

/** Deterministic invented names of one to three tokens; a few that occur in TEXT. */
function entries(n: number): Array<{ id: string; text: string }> {
  const syll = ['ka', 'lo', 'mi', 'ren', 'to', 'vas', 'qui', 'dor', 'bel', 'sa', 'nu', 'fex'];
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const word = () => {
    let w = '';
    for (let k = 0; k < 2 + Math.floor(rnd() * 3); k++) w += syll[Math.floor(rnd() * syll.length)];
    return w[0]!.toUpperCase() + w.slice(1);
  };
  const out = ['Northwind Traders', 'Contoso Pharmaceuticals', 'Fabrikam', 'Margie Travel', 'Tailspin Toys', 'Wide World Importers'].map(
    (text, i) => ({ id: `real${i}`, text }),
  );
  for (let i = out.length; i < n; i++) {
    const len = 1 + Math.floor(rnd() * 3);
    out.push({ id: `e${i}`, text: Array.from({ length: len }, word).join(' ') });
  }
  return out.slice(0, n);
}

const dir = mkdtempSync(join(tmpdir(), 'textlens-stored-dict-bench-'));
const pool = new WorkerPool({ size: 1, timeoutMs: 120_000 });
const app = createApp({ keys: [{ key: KEY }], runner: pool, dictionaryStore: new SqliteDictionaryStore(join(dir, 'store.db')) });

async function call(method: string, path: string, body?: unknown): Promise<void> {
  const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { 'X-TextRazor-Key': KEY }, body: body === undefined ? undefined : JSON.stringify(body) }));
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
}

async function timed(withDictionary: boolean): Promise<{ ms: number; custom: number }> {
  const form = new URLSearchParams({ text: TEXT, extractors: 'entities' });
  if (withDictionary) form.set('entities.dictionaries', 'big');
  const t0 = performance.now();
  const res = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY }, body: form }));
  const json = (await res.json()) as { ok: boolean; error?: string; response?: { entities?: Array<{ customEntityId?: string }> } };
  const ms = performance.now() - t0;
  if (!json.ok) throw new Error(json.error);
  return { ms, custom: (json.response?.entities ?? []).filter((e) => e.customEntityId).length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

try {
  await pool.ready();
  await call('PUT', '/entities/big', { caseInsensitive: true });
  const all = entries(ENTRIES);
  const t0 = performance.now();
  for (let i = 0; i < all.length; i += 20_000) await call('POST', '/entities/big/', all.slice(i, i + 20_000));
  const uploadS = (performance.now() - t0) / 1000;

  for (let i = 0; i < 3; i++) await timed(false); // warm-up: models loaded, JIT warm
  const first = await timed(true);
  // Interleaved, so drift (JIT, the other processes on the machine) hits both alike.
  const baselineRuns: number[] = [];
  const steadyRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    baselineRuns.push((await timed(false)).ms);
    steadyRuns.push((await timed(true)).ms);
  }
  const baseline = median(baselineRuns);
  const steady = median(steadyRuns);
  await call('POST', '/entities/big/', [{ id: 'extra', text: 'Brussels' }]);
  const changed = await timed(true);
  const after: number[] = [];
  for (let i = 0; i < RUNS; i++) after.push((await timed(true)).ms);

  console.log(`stored dictionary: ${ENTRIES} entries, uploaded in ${Math.ceil(ENTRIES / 20_000)} batches in ${uploadS.toFixed(1)} s (SQLite)`);
  console.log(`text: ${TEXT.length} chars; ${first.custom} dictionary entities per request; median of ${RUNS} runs (with and without interleaved), 1 worker thread`);
  console.log('| request | ms |');
  console.log('|---|---|');
  console.log(`| without the dictionary (baseline, median) | ${round(baseline)} |`);
  console.log(`| first with it (read, copy to worker, compile) | ${round(first.ms)} |`);
  console.log(`| later with it (median) | ${round(steady)} |`);
  console.log(`| first after adding one entry (new revision) | ${round(changed.ms)} |`);
  console.log(`| later after the change (median) | ${round(median(after))} |`);
  console.log(`| worker sends of the dictionary | ${pool.dictionarySends} |`);
  console.log(
    `entries=${ENTRIES} baseline_ms=${round(baseline)} first_ms=${round(first.ms)} steady_ms=${round(steady)} ` +
      `steady_overhead_ms=${round(steady - baseline)} changed_ms=${round(changed.ms)} sends=${pool.dictionarySends}`,
  );
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
