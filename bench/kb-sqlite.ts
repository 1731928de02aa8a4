/**
 * The knowledge base in Node with better-sqlite3 (native, reads the file in
 * place) and with its fallback, sql.js (WASM, the file copied into memory):
 * time to open, memory it takes, and the speed of the KB's two hot
 * statements (candidates of an alias, an entity by id) over 2,000 aliases
 * and entities sampled evenly from models/kb/kb.sqlite; then `entities`
 * through the whole analyzer in child processes, one of them unable to
 * resolve better-sqlite3 (test/fixtures/platform/no-better-sqlite3.mjs):
 * the first response (models and KB loaded) and warm ones. Both engines in
 * this one run, so the ratios are what to read; absolute figures vary with
 * the machine's load.
 *   node --expose-gc --import tsx bench/kb-sqlite.ts [--time MS]
 */
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { openSqlite } from '../src/platform/node/sqlite.js';
import { loadNativeSqlite } from '../src/db/native-sqlite.js';
import { defaultModelsDir } from '../src/resources/file-loader.js';
import type { SqlDatabase } from '../src/db/sqlite.js';

const args = process.argv.slice(2);
const time = args.includes('--time') ? Number(args[args.indexOf('--time') + 1]) : 2000; // per engine
const file = join(defaultModelsDir, 'kb', 'kb.sqlite');
const engines = {
  'better-sqlite3': () => openSqlite({ file }, 'kb'),
  'sql.js fallback': () => openSqlite({ file }, 'kb', Promise.resolve({ error: 'not loaded (bench)' })),
} as const;
if (!('Database' in (await loadNativeSqlite()))) throw new Error('bench/kb-sqlite: better-sqlite3 does not load here; nothing to compare with');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

const opened: Record<string, { db: SqlDatabase; openMs: number; rssMb: number }> = {};
for (const [name, open] of Object.entries(engines)) {
  // Memory first, on the engine's first open (later opens reuse freed pages and read lower).
  global.gc?.();
  const before = process.memoryUsage().rss;
  const db = await open();
  db.prepare('SELECT COUNT(*) AS n FROM entities').get();
  const rssMb = mb(process.memoryUsage().rss - before);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const again = await open();
    again.prepare('SELECT 1 AS one FROM aliases WHERE alias = ? LIMIT 1').get('london');
    times.push(performance.now() - t0);
    again.close();
  }
  opened[name] = { db, openMs: median(times), rssMb };
}

const sample = opened['better-sqlite3'].db;
// The aliases table has no rowid (WITHOUT ROWID): take every k-th of the distinct aliases (~155k rows here).
const every = sample.prepare<{ alias: string }>('SELECT DISTINCT alias FROM aliases').all();
const aliases = Array.from({ length: 2000 }, (_, i) => every[Math.floor((i * every.length) / 2000)].alias);
const { n: entityCount } = sample.prepare<{ n: number }>('SELECT MAX(id) AS n FROM entities').get()!;
const ids = Array.from({ length: 2000 }, (_, i) => 1 + Math.floor((i * entityCount) / 2000));

// Rounds alternate between the engines so that the machine's shifting load hits both alike; medians per engine.
const rounds: Record<string, number[]> = Object.fromEntries(Object.keys(opened).map((n) => [n, []]));
const statements = Object.entries(opened).map(([name, { db }]) => ({
  name,
  byAlias: db.prepare('SELECT entity, count, prior FROM aliases WHERE alias = ? ORDER BY prior DESC'),
  byId: db.prepare('SELECT * FROM entities WHERE id = ?'),
}));
const deadline = performance.now() + 2 * time;
for (let round = 0; round < 200 && (round < 10 || performance.now() < deadline); round++) {
  for (const { name, byAlias, byId } of statements) {
    const t0 = performance.now();
    for (const a of aliases) byAlias.all(a);
    for (const id of ids) byId.get(id);
    if (round > 0) rounds[name].push(performance.now() - t0); // round 0 warms up
  }
}
/** Rounds per second of an engine. */
const hz = (name: string) => 1000 / median(rounds[name]);

console.log(`machine: ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}; ${aliases.length} aliases, ${ids.length} ids per round`);
for (const name of Object.keys(engines)) {
  const o = opened[name];
  console.log(`${name.padEnd(16)} open ${o.openMs.toFixed(1).padStart(6)} ms  rss +${String(o.rssMb).padStart(5)} MB  lookups ${(hz(name) * 4000).toFixed(0).padStart(8)}/s (median of ${rounds[name].length} rounds)`);
}
const ratio = hz('better-sqlite3') / hz('sql.js fallback');

// The whole analyzer, `entities` on three short news sentences: first response, then the median of 15 warm rounds.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOOK = join(ROOT, 'test', 'fixtures', 'platform', 'no-better-sqlite3.mjs');
const script = `
  import { createAnalyzer } from './src/analyzer.ts';
  const docs = ${JSON.stringify([
    'Angela Merkel met Emmanuel Macron in Paris on Tuesday. Apple and Google were not invited to the summit in France.',
    'Barack Obama was born in Hawaii and later lived in Washington.',
    'The Beatles recorded Abbey Road in London.',
  ])};
  const a = await createAnalyzer();
  const t0 = performance.now();
  const r = await a.analyze(docs[0], { extractors: 'entities', languageOverride: 'eng' });
  const first = performance.now() - t0;
  const times = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    for (const d of docs) await a.analyze(d, { extractors: 'entities', languageOverride: 'eng' });
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  console.log(JSON.stringify({ first, warm: times[7], fellBack: /better-sqlite3/.test(r.message) }));
`;
const e2e: Record<string, { first: number[]; warm: number[] }> = { 'better-sqlite3': { first: [], warm: [] }, 'sql.js fallback': { first: [], warm: [] } };
for (let i = 0; i < 2; i++) {
  for (const name of Object.keys(e2e)) {
    const hook = name === 'better-sqlite3' ? [] : ['--import', HOOK];
    const out = execFileSync(process.execPath, ['--import', 'tsx', ...hook, '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { first: number; warm: number; fellBack: boolean };
    if (r.fellBack !== (name !== 'better-sqlite3')) throw new Error(`bench/kb-sqlite: the ${name} child did not run on ${name}`);
    e2e[name].first.push(r.first);
    e2e[name].warm.push(r.warm);
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const firstExtra = mean(e2e['sql.js fallback'].first) - mean(e2e['better-sqlite3'].first);
const warmRatio = mean(e2e['sql.js fallback'].warm) / mean(e2e['better-sqlite3'].warm);
for (const [name, r] of Object.entries(e2e)) {
  console.log(`${name.padEnd(16)} entities: first response ${mean(r.first).toFixed(0).padStart(5)} ms, warm 3 docs ${mean(r.warm).toFixed(1).padStart(6)} ms`);
}
for (const { db } of Object.values(opened)) db.close();
console.log(
  `native_open_ms=${opened['better-sqlite3'].openMs.toFixed(1)} sqljs_open_ms=${opened['sql.js fallback'].openMs.toFixed(1)} ` +
    `sqljs_rss_mb=${opened['sql.js fallback'].rssMb} lookup_slowdown=${ratio.toFixed(2)} ` +
    `entities_first_extra_ms=${firstExtra.toFixed(0)} entities_warm_slowdown=${warmRatio.toFixed(2)}`,
);
