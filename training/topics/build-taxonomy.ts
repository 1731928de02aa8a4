/**
 * models/topics/mediatopics.json: the active IPTC Media Topics (label,
 * parent, level, Wikidata id, definition) with the English Wikipedia title of
 * each Wikidata id where the knowledge base (models/kb/kb.sqlite) has one.
 * Built once here so that topics never open the KB at analysis time.
 *
 *   npx tsx training/topics/build-taxonomy.ts [--data ../shared/data]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { MediaTopicRecord } from '../../src/semantics/mediatopics.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataAt = process.argv.indexOf('--data');
const data = dataAt > 0 ? process.argv[dataAt + 1] : join(root, '..', 'shared', 'data');
const tsv = readFileSync(join(data, 'iptc-mediatopics', 'mediatopics.tsv'), 'utf8').split('\n');
const header = tsv[0].split('\t');
const col = (name: string) => header.indexOf(name);
const db = new Database(join(root, 'models', 'kb', 'kb.sqlite'), { readonly: true });
const titleOf = db.prepare<[string], { title: string | null }>('SELECT title FROM entities WHERE qid = ?');

const concepts: MediaTopicRecord[] = [];
let linked = 0;
for (const line of tsv.slice(1)) {
  if (!line.trim()) continue;
  const f = line.split('\t');
  if (f[col('retired')]) continue; // retired concepts are not assigned any more
  const wikidata = f[col('wikidata')].split(',').filter(Boolean)[0];
  const title = wikidata ? titleOf.get(wikidata)?.title ?? undefined : undefined;
  if (title) linked++;
  concepts.push({
    qcode: f[col('qcode')],
    label: f[col('label_en_GB')],
    ...(f[col('parent_qcode')] ? { parent: f[col('parent_qcode')] } : {}),
    level: Number(f[col('level')]),
    ...(wikidata ? { wikidata } : {}),
    ...(title ? { wikipedia: title } : {}),
    definition: f[col('definition')],
  });
}
const out = {
  source: 'IPTC Media Topics (NewsCodes mediatopic), en-GB, release 2025-10-09; active concepts only',
  licence: 'CC BY 4.0 — IPTC, International Press Telecommunications Council - https://iptc.org',
  wikipedia: 'English Wikipedia titles of the Wikidata ids, looked up in models/kb/kb.sqlite',
  concepts,
};
writeFileSync(join(root, 'models', 'topics', 'mediatopics.json'), JSON.stringify(out) + '\n');
console.log(`${concepts.length} active concepts, ${concepts.filter((c) => c.wikidata).length} with Wikidata ids, ${linked} with a Wikipedia title`);
