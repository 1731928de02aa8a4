/**
 * Extracts a KB source from the Nobel Prize API's laureate list (api.nobelprize.org/2.1/laureates, the Nobel
 * Prize Master Data; its published API specification licenses the data CC0 1.0): every laureate — 954 people
 * and 27 organisations to 2022 — with its Wikidata QID, English Wikipedia page, name and prize categories.
 * Writes the committed file training/kb/sources/nobel-laureates.tsv.gz that `textlens kb build` reads
 * (src/linking/kb-build/nobel.ts).
 *
 *   npx tsx training/kb/nobel.ts --laureates FILE [--out FILE]
 *
 * FILE is the API's JSON (`{"laureates": […]}`, as `GET /2.1/laureates?limit=2000` returns it); the copy read
 * for the shipped file is `laureates.json` of github.com/SheriffNabil/Nobel-Laureates-Data-Visualization at
 * 1571a1352795c6166f785a4ca5ebc5c37adbc130 (an unaltered download of the API, meta.count 981). Kept per
 * laureate: wikidata.id, wikipedia.slug (the page title), knownName.en or orgName.en, the acronym of an
 * organisation, and the prize categories in English. Not kept: birth and death, affiliations, motivations.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Laureate {
  knownName?: { en?: string };
  orgName?: { en?: string };
  acronym?: string;
  wikipedia?: { slug?: string };
  wikidata?: { id?: string };
  nobelPrizes?: { category?: { en?: string } }[];
}

const args = process.argv.slice(2);
let input = '';
let out = join('training', 'kb', 'sources', 'nobel-laureates.tsv.gz');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--laureates') input = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else throw new Error(`unknown argument ${args[i]}; usage: nobel.ts --laureates FILE [--out FILE]`);
}
if (!input) throw new Error('usage: nobel.ts --laureates FILE [--out FILE] (FILE: the Nobel Prize API laureates JSON)');

const clean = (s: string | undefined) => (s ?? '').replace(/[\t\r\n|]+/g, ' ').trim();
const rows: string[][] = [];
for (const l of (JSON.parse(readFileSync(input, 'utf8')) as { laureates: Laureate[] }).laureates) {
  const qid = l.wikidata?.id ?? '';
  const slug = l.wikipedia?.slug ?? '';
  if (!/^Q\d+$/.test(qid) || !slug) continue;
  let title: string;
  try {
    title = decodeURIComponent(slug).replace(/ /g, '_');
  } catch {
    continue;
  }
  const person = l.knownName?.en !== undefined;
  const name = clean(person ? l.knownName?.en : l.orgName?.en);
  const categories = [...new Set((l.nobelPrizes ?? []).map((p) => clean(p.category?.en)).filter(Boolean))];
  rows.push([qid, clean(title), person ? 'person' : 'organisation', name, clean(l.acronym), categories.join(',')]);
}
rows.sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)));
const lines = ['qid\ttitle\tkind\tname\tacronym\tcategories', ...rows.map((r) => r.join('\t'))];
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, gzipSync(Buffer.from(`${lines.join('\n')}\n`), { level: 9 }));
process.stderr.write(`nobel: ${rows.length} laureates → ${out}\n`);
