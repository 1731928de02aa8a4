/**
 * Deterministic train/dev splits of the developer-visible data, written to
 * training/out/splits/ (ignored by git):
 *   reuters.train.jsonl / reuters.dev.jsonl   every 5th document of Reuters training → dev
 *   bbc.train.jsonl / bbc.dev.jsonl           per class, every 5th unique article → dev (duplicates follow)
 *   ag.train.jsonl / ag.dev.jsonl             per class, every 5th item → dev
 * BBC and AG records become {"id", "text", "categories": [label]}; AG text is
 * "title. description" with the CSV's escapes undone (see newsText()).
 *
 *   npx tsx training/topics/split.ts [--data ../shared/data]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agText } from '../../src/semantics/news-text.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataAt = process.argv.indexOf('--data');
const data = dataAt > 0 ? process.argv[dataAt + 1] : join(root, '..', 'shared', 'data');
const out = join(root, 'training', 'out', 'splits');
mkdirSync(out, { recursive: true });

type Rec = Record<string, unknown> & { id: string };
const read = (p: string): Rec[] =>
  gunzipSync(readFileSync(p))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Rec);
const write = (name: string, rows: object[]) => writeFileSync(join(out, name), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

// Reuters: every 5th document (in file order) is dev.
const reuters = read(join(data, 'reuters21578', 'training.jsonl.gz'));
write('reuters.train.jsonl', reuters.filter((_, i) => i % 5 !== 4));
write('reuters.dev.jsonl', reuters.filter((_, i) => i % 5 === 4));

// BBC: within a class, every 5th unique article is dev; duplicates follow their original.
const bbc = read(join(data, 'news-topics', 'bbc-news.dev.jsonl.gz'));
const devIds = new Set<string>();
const seenPerClass = new Map<string, number>();
for (const r of bbc) {
  if (r.duplicate_of) continue;
  const label = String(r.label);
  const n = seenPerClass.get(label) ?? 0;
  seenPerClass.set(label, n + 1);
  if (n % 5 === 4) devIds.add(r.id);
}
const isDev = (r: Rec) => devIds.has(r.id) || (typeof r.duplicate_of === 'string' && devIds.has(r.duplicate_of));
const bbcRow = (r: Rec) => ({ id: r.id, text: String(r.text), categories: [String(r.label)] });
write('bbc.train.jsonl', bbc.filter((r) => !isDev(r)).map(bbcRow));
write('bbc.dev.jsonl', bbc.filter(isDev).map(bbcRow));

// AG: within a class, every 5th item is dev.
const ag = read(join(data, 'news-topics', 'ag-news-test-subset.dev.jsonl.gz'));
const agSeen = new Map<string, number>();
const agTrain: object[] = [];
const agDev: object[] = [];
for (const r of ag) {
  const label = String(r.label);
  const n = agSeen.get(label) ?? 0;
  agSeen.set(label, n + 1);
  const row = { id: r.id, text: agText(String(r.title), String(r.description)), categories: [label] };
  (n % 5 === 4 ? agDev : agTrain).push(row);
}
write('ag.train.jsonl', agTrain);
write('ag.dev.jsonl', agDev);
console.log(
  `reuters ${reuters.length - Math.floor(reuters.length / 5)}/${Math.floor(reuters.length / 5)}, bbc ${bbc.length - bbc.filter(isDev).length}/${bbc.filter(isDev).length}, ag ${agTrain.length}/${agDev.length} → ${out}`,
);
