/**
 * Extracts a KB source from Wikitrivia's decks (github.com/tom-james-watson/wikitrivia, MIT; the decks are built
 * from Wikidata, CC0, and Wikimedia page views): well-known people, works, companies, media, software, places and
 * events, each with its Wikidata QID, English Wikipedia page name, a short Wikidata-style description and its
 * Wikipedia page views. Writes the committed file training/kb/sources/wikitrivia-items.tsv.gz that `textlens kb
 * build` reads (src/linking/kb-build/wikitrivia.ts).
 *
 *   npx tsx training/kb/wikitrivia.ts --decks DIR [--out FILE]
 *
 * DIR holds the repository's `public/decks/*.json` (e.g. `git --git-dir=… archive HEAD public/decks | tar -x`).
 * Kept per card: qid, wikipediaSlug (URL-decoded: the page title), the deck it is in (the file name without
 * `all-`), subtitle (the description; "None" when the deck had none) and pageViews. Not kept: the card's trivia
 * title ("Colosseum is completed"), year, image and `fact` (a sentence of Wikipedia text, CC BY-SA).
 * A QID in several decks is one row: its decks joined by commas, the largest page-view figure.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Card {
  qid?: string;
  wikipediaSlug?: string;
  subtitle?: string | null;
  pageViews?: number;
}

const args = process.argv.slice(2);
let decks = '';
let out = join('training', 'kb', 'sources', 'wikitrivia-items.tsv.gz');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--decks') decks = args[++i];
  else if (args[i] === '--out') out = args[++i];
  else throw new Error(`unknown argument ${args[i]}; usage: wikitrivia.ts --decks DIR [--out FILE]`);
}
if (!decks) throw new Error('usage: wikitrivia.ts --decks DIR [--out FILE] (DIR: public/decks of tom-james-watson/wikitrivia)');

const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();
const rows = new Map<string, { title: string; decks: string[]; description: string; views: number }>();
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
    } else rows.set(card.qid, { title: clean(title), decks: [deck], description, views });
  }
}
const lines = ['qid\ttitle\tdecks\tdescription\tpageviews'];
for (const [qid, r] of [...rows].sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)))) {
  lines.push([qid, r.title, r.decks.join(','), r.description, String(r.views)].join('\t'));
}
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, gzipSync(Buffer.from(`${lines.join('\n')}\n`), { level: 9 }));
process.stderr.write(`wikitrivia: ${rows.size} items → ${out}\n`);
