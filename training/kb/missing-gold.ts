/**
 * Which gold QIDs of the dev sets a knowledge base lacks, and what a
 * candidate source would add: the coverage figure of `eval el` ("gold QIDs
 * in KB", counted gold mentions whose QID is a KB entity) without running
 * NER or the linker, so sources can be weighed before they are built in.
 *
 *   npx tsx training/kb/missing-gold.ts [--kb FILE] [--data DIR] [--list N] [--with FILE.tsv …]
 *
 * The dev sets are the seven ELEVANT dev benchmarks and GUM dev (the ones the
 * KB card's "Coverage" table reports). Prints each set's coverage, their
 * mean, and the N missing QIDs named most often (with ELEVANT's label and
 * type, or GUM's title and entity type), and what QIDs for the KB's titles
 * without one would add (the missing QIDs whose benchmark name is such a
 * title: what a Wikipedia title → QID table is worth). Each --with file is a list of QIDs
 * (first column of a TSV) a source would add: the script prints the coverage
 * with the KB plus those QIDs, so a source is measured before it is built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSegmenter } from '../../src/doc/sentences.js';
import { gumConllu, readElevant, readGum } from '../../src/eval/el.js';
import { goldMentions } from '../../src/eval/elevant-count.js';
import type { QidDocument } from '../../src/eval/qid-document.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';
import { goldCoverage, missingGold, type GoldSet } from './gold-coverage.js';

const ELEVANT_DEV = ['news-fair-v2-dev', 'wiki-fair-v2-dev', 'oke-2015-train', 'oke-2015-eval', 'oke-2016-train', 'derczynski', 'spotlight'];

const args = process.argv.slice(2);
let kbFile = join(defaultModelsDir, 'kb', 'kb.sqlite');
let data = '../shared/data';
let listN = 40;
const extras: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--kb') kbFile = args[++i];
  else if (args[i] === '--data') data = args[++i];
  else if (args[i] === '--list') listN = Number(args[++i]);
  else if (args[i] === '--with') extras.push(args[++i]);
  else throw new Error(`unknown argument ${args[i]}; usage: missing-gold.ts [--kb FILE] [--data DIR] [--list N] [--with FILE.tsv …]`);
}

const db = new Database(kbFile, { readonly: true });
const kbQids = new Set((db.prepare('SELECT qid FROM entities WHERE qid IS NOT NULL').all() as { qid: string }[]).map((r) => r.qid));
const titlesWithoutQid = new Set((db.prepare('SELECT title FROM entities WHERE qid IS NULL AND title IS NOT NULL').all() as { title: string }[]).map((r) => r.title));
db.close();

/** A document's gold mentions (one per tree), each as the QID of an alternative the KB has, else its own. */
const mentionQids = (d: QidDocument): string[] => goldMentions([...d.doc.text], d.gold).map((m) => m.qids.find((q) => kbQids.has(q)) ?? m.qids[0]);
/** Gold QIDs per set, one entry per counted gold mention. */
const sets: GoldSet[] = [];
/** What each QID is, as the benchmark names it. */
const described = new Map<string, string>();
const segmenter = await createSegmenter(fileLoader());
for (const name of ELEVANT_DEV) {
  const file = join(data, 'el-benchmarks-elevant', `${name}.benchmark.jsonl`);
  const docs = await readElevant(file, segmenter);
  sets.push({ name, qids: docs.flatMap(mentionQids) });
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const d = JSON.parse(line) as { labels: { entity_id: string; name?: string; type?: string }[] };
    for (const l of d.labels) if (!described.has(l.entity_id)) described.set(l.entity_id, `${l.name ?? ''}\t${l.type ?? ''}`);
  }
}
const gumDir = join(data, 'gum-entities');
const conllu = gumConllu(gumDir, 'dev');
if (!conllu) throw new Error(`GUM dev CoNLL-U not found beside ${gumDir}`);
sets.push({ name: 'GUM dev', qids: readGum(gumDir, conllu, 'dev').flatMap(mentionQids) });
for (const line of readFileSync(join(gumDir, 'mentions.tsv'), 'utf8').split('\n').slice(1)) {
  const f = line.split('\t');
  if (f.length > 11 && /^Q\d+$/.test(f[11]) && !described.has(f[11])) described.set(f[11], `${f[10]}\tgum:${f[8]}`);
}

function report(label: string, has: (qid: string) => boolean): void {
  const c = goldCoverage(sets, has);
  console.log(`${label}: mean ${c.mean.toFixed(2)} | ${c.perSet.map((p) => `${p.name} ${p.percent.toFixed(1)}`).join(' | ')}`);
}

report('KB', (q) => kbQids.has(q));
const missing = missingGold(sets, (q) => kbQids.has(q));
console.log(`missing: ${missing.size} QIDs, ${[...missing.values()].reduce((a, b) => a + b, 0)} gold mentions`);
// What a Wikipedia title → QID table would add: missing QIDs whose benchmark
// name is the title of a KB entity that has no QID (Pantheon's people, AIDA's pages).
const titled = new Set([...missing.keys()].filter((q) => titlesWithoutQid.has((described.get(q) ?? '').split('\t')[0].replace(/ /g, '_'))));
report(`KB + QIDs for the ${titled.size} KB titles without a QID that the benchmarks name`, (q) => kbQids.has(q) || titled.has(q));
for (const file of extras) {
  const added = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.split('\t')[0])
      .filter((q) => /^Q\d+$/.test(q)),
  );
  const gained = [...missing.keys()].filter((q) => added.has(q));
  report(`KB + ${file} (${added.size} QIDs, ${gained.length} missing ones)`, (q) => kbQids.has(q) || added.has(q));
}
for (const [q, n] of [...missing].slice(0, listN)) console.log(`${n}\t${q}\t${described.get(q) ?? ''}`);
