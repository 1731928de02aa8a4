/**
 * Extracts a KB source from Wikitrivia's decks (github.com/tom-james-watson/wikitrivia, MIT; the decks are built
 * from Wikidata, CC0, and Wikimedia page views): well-known people, works, companies, media, software, places and
 * events, each with its Wikidata QID, English Wikipedia page name, a short Wikidata-style description and its
 * Wikipedia page views. Writes the committed file training/kb/sources/wikitrivia-items.tsv.gz that `textlens kb
 * build` reads (src/linking/kb-build/wikitrivia.ts).
 *
 *   npx tsx training/kb/wikitrivia.ts --decks DIR [--items FILE] [--out FILE]
 *
 * DIR holds the repository's `public/decks/*.json` (e.g. `git --git-dir=… archive HEAD public/decks | tar -x`).
 * Kept per card: qid, wikipediaSlug (URL-decoded: the page title), the deck it is in (the file name without
 * `all-`), subtitle (the description; "None" when the deck had none) and pageViews. Not kept: the card's trivia
 * title ("Colosseum is completed"), year, image and `fact` (a sentence of Wikipedia text, CC BY-SA).
 * A QID in several decks is one row: its decks joined by commas, the largest page-view figure.
 *
 * FILE is the first version's item list (`git --git-dir=… show b398872:public/items.json`, the same
 * repository and licence, 2022): 9,994 items, one JSON object a line, with id, wikipedia_title, description,
 * instance_of (Wikidata P31 labels), occupations and page_views. Its items add rows (5.7k of them people) and
 * give every row they share with the decks its instance-of and occupation labels (columns `kinds`,
 * `occupations`, `|`-separated). Not kept: label (the title says it), year, date property, image.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface V1Item {
  id?: string;
  wikipedia_title?: string;
  description?: string | null;
  instance_of?: string[] | null;
  occupations?: string[] | null;
  page_views?: number;
}

interface Card {
  qid?: string;
  wikipediaSlug?: string;
  subtitle?: string | null;
  pageViews?: number;
}

const args = process.argv.slice(2);
let decks = '';
let items = '';
let out = join('training', 'kb', 'sources', 'wikitrivia-items.tsv.gz');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--decks') decks = args[++i];
  else if (args[i] === '--items') items = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else throw new Error(`unknown argument ${args[i]}; usage: wikitrivia.ts --decks DIR [--items FILE] [--out FILE]`);
}
if (!decks) throw new Error('usage: wikitrivia.ts --decks DIR [--out FILE] (DIR: public/decks of tom-james-watson/wikitrivia)');

const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();
const rows = new Map<string, { title: string; decks: string[]; description: string; views: number; kinds: string[]; occupations: string[] }>();
for (const file of readdirSync(decks).filter((f) => /^all-.*\.json$/.test(f)).sort()) {
  const deck = file.slice('all-'.length, -'.json'.length);
  for (const card of JSON.parse(readFileSync(join(decks, file), 'utf8')) as Card[]) {
    if (!card.qid || !/^Q\d+$/.test(card.qid) || !card.wikipediaSlug) continue;
    let title: string;
    try {
      title = decodeURIComponent(card.wikipediaSlug).replace(/ /g, '_');
    } catch {
      continue;
    }
    const description = card.subtitle && card.subtitle !== 'None' ? clean(card.subtitle) : '';
    const views = Number.isFinite(card.pageViews) ? Math.max(0, Math.round(card.pageViews ?? 0)) : 0;
    const row = rows.get(card.qid);
    if (row) {
      if (!row.decks.includes(deck)) row.decks.push(deck);
      row.views = Math.max(row.views, views);
      if (!row.description) row.description = description;
    } else rows.set(card.qid, { title: clean(title), decks: [deck], description, views, kinds: [], occupations: [] });
  }
}
if (items) {
  const labels = (list: string[] | null | undefined) => (list ?? []).map((x) => clean(x).replace(/\|/g, ' ')).filter(Boolean);
  for (const line of readFileSync(items, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const item = JSON.parse(line) as V1Item;
    if (!item.id || !/^Q\d+$/.test(item.id) || !item.wikipedia_title) continue;
    const kinds = labels(item.instance_of);
    const occupations = labels(item.occupations);
    const row = rows.get(item.id);
    if (row) {
      row.kinds = kinds;
      row.occupations = occupations;
      if (!row.description) row.description = clean(item.description ?? '');
      continue;
    }
    const views = Number.isFinite(item.page_views) ? Math.max(0, Math.round(item.page_views ?? 0)) : 0;
    rows.set(item.id, { title: clean(item.wikipedia_title).replace(/ /g, '_'), decks: [], description: clean(item.description ?? ''), views, kinds, occupations });
  }
}
const lines = ['qid\ttitle\tdecks\tdescription\tpageviews\tkinds\toccupations'];
for (const [qid, r] of [...rows].sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)))) {
  lines.push([qid, r.title, r.decks.join(','), r.description, String(r.views), r.kinds.join('|'), r.occupations.join('|')].join('\t'));
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, gzipSync(Buffer.from(`${lines.join('\n')}\n`), { level: 9 }));
process.stderr.write(`wikitrivia: ${rows.size} items → ${out}\n`);
