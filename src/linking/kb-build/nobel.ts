/**
 * Nobel laureates from the Nobel Prize API (the Nobel Prize Master Data, CC0 1.0 by its published API
 * specification), as extracted by training/kb/nobel.ts into the committed file
 * training/kb/sources/nobel-laureates.tsv.gz: 954 people and 27 organisations with their Wikidata QID, English
 * Wikipedia page, name, acronym and prize categories. Biographies name them (OKE's benchmarks are biographies of
 * scientists), and the KB had many only as Pantheon's pages without a QID (Aage Bohr, Aaron Klug) or not at all.
 *
 * A page and the item of its QID become one entity, as for Wikitrivia's decks (KbWriter.joinPageAndItem); a
 * person's class comes from the prize (Physics, Chemistry, Physiology or Medicine → Scientist, Economic Sciences →
 * Economist, Literature → Writer, Peace → Person), evidence 'description' — a writer who also won the Peace
 * Prize, or an economist the sources call a politician, keeps what stronger evidence says. The API's own name
 * form ("Barack H. Obama", "Lech Walesa") and an organisation's acronym (not one that is an everyday word) are
 * aliases beside the page's name. The list says nothing of fame, so it sets no popularity.
 */
import type { KbWriter } from './kb-writer.js';
import type { Log } from './sources.js';
import { nameOfTitle } from './wikitrivia.js';
import { readSourceTsv } from './source-tsv.js';

/** Where `textlens kb build` finds the extracted laureates, relative to the repository root. */
export const NOBEL_FILE = 'training/kb/sources/nobel-laureates.tsv.gz';

/** A laureate's class: the organisation's, or the person's by the first prize category that says more than Person. */
export function laureateClass(kind: string, categories: readonly string[]): string {
  if (kind !== 'person') return 'Organisation';
  for (const c of categories) {
    if (/^(Physics|Chemistry|Physiology or Medicine)$/.test(c)) return 'Scientist';
    if (c === 'Economic Sciences') return 'Economist';
    if (c === 'Literature') return 'Writer';
  }
  return 'Person';
}

/** Adds the laureates (see above); `isWord` says which lower-cased acronyms are everyday words. Returns false, with a warning, when the file is missing. */
export function addNobelLaureates(kb: KbWriter, file: string, log: Log, isWord: (w: string) => boolean): boolean {
  const rows = readSourceTsv(file, ['qid', 'title', 'kind', 'name', 'acronym', 'categories'], log, 'the Nobel laureates', 'training/kb/nobel.ts');
  if (!rows) return false;
  const counts = { item: 0, page: 0, joined: 0, new: 0 };
  kb.batch(() => {
    for (const r of rows) {
      const { title, acronym } = r;
      const aliases = [r.name, acronym && acronym.length >= 2 && !isWord(acronym.toLowerCase()) ? acronym : ''].filter(Boolean);
      counts[kb.joinPageAndItem(title, r.qid)]++;
      kb.upsert({
        title,
        qid: r.qid,
        label: nameOfTitle(title),
        aliases,
        derivedAcronyms: r.kind !== 'organisation' || acronym === '',
        dbpedia: [laureateClass(r.kind, r.categories.split(','))],
        typeEvidence: 'description',
      });
    }
  });
  log(`nobel: ${counts.item} laureates matched by QID, ${counts.page} pages given their QID, ${counts.joined} pages joined with the item of their QID, ${counts.new} added`);
  return true;
}
