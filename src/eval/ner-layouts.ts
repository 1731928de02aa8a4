/**
 * Named-entity files in the layouts the multilingual corpora come in, read
 * into the documents src/eval/ner.ts scores (`textlens eval ner --iob FILE`):
 *
 * - CoNLL-2002/2003: `token … TAG`, space-separated, `-DOCSTART-` lines;
 * - WikiANN (PAN-X): `fr:token<TAB>TAG`, the language prefix dropped;
 * - indexed columns (WikiANN es, GermEval 2014, Universal NER):
 *   `index<TAB>token<TAB>TAG[<TAB>…]`, `#` comment lines; the tag is the
 *   third column (GermEval's outer, first-level entity);
 * - Europeana newspapers: `token TAG` without sentence breaks.
 *
 * Tags: IOB1 or IOB2. GermEval's and UNER's OTH is MISC, as CoNLL names it;
 * GermEval's derived and part-of-word names (LOCderiv "deutsche", ORGpart
 * "EU-weit") are no names for any of these scorers (O).
 *
 * Documents: a file without `-DOCSTART-` is a set of independent sentences
 * (WikiANN, GermEval and UNER sentences come from unrelated texts), so each
 * sentence is a document of its own, and no document context leaks between
 * them. A running text without sentence breaks (Europeana) is cut into
 * sentences after `.`, `!` or `?` (at most MAX_SENTENCE tokens), in
 * documents of PASSAGE sentences.
 */
import type { ConllDocument } from './ner.js';

type Sentence = ConllDocument['sentences'][number];

/** A "sentence" this long is a running text without sentence breaks. */
const RUNNING_TEXT = 250;
/** Longest sentence cut from running text. */
const MAX_SENTENCE = 100;
/** Sentences per document cut from running text. */
const PASSAGE = 20;

const TAG = /^(O|[BIES]-.+)$/;
const LANG_PREFIX = /^[a-z]{2,3}:(?=.)/;
const INDEX = /^\d+$/;
const SENTENCE_END = /^[.!?]+$/;

/** A tag as the scorers read it: OTH → MISC, derived and part-of-word names → O. */
export function normalizeTag(tag: string): string {
  const dash = tag.indexOf('-');
  if (dash < 0) return 'O';
  const type = tag.slice(dash + 1);
  if (/(deriv|part)$/.test(type)) return 'O';
  return type === 'OTH' ? `${tag.slice(0, dash)}-MISC` : tag;
}

/** Word and tag of one line, or undefined for a comment. */
function wordAndTag(line: string): [string, string] | undefined {
  const tabs = line.split('\t');
  if (tabs.length >= 3 && INDEX.test(tabs[0]!)) return [tabs[1]!, tabs[2]!];
  const cols = tabs.length >= 2 ? tabs : line.split(/\s+/);
  const tag = cols[cols.length - 1]!;
  // GermEval's source lines and UNER's sent_id/text lines start with '#'; a '#' token has a tag after it.
  if (line.startsWith('#') && !(cols.length === 2 && TAG.test(tag))) return undefined;
  const word = tabs.length === 2 ? cols[0]!.replace(LANG_PREFIX, '') : cols[0]!;
  return [word, cols.length > 1 ? tag : 'O'];
}

/** A running text cut into sentences after sentence-final punctuation, at most MAX_SENTENCE tokens each. */
function cutRunningText(s: Sentence): Sentence[] {
  const out: Sentence[] = [];
  let words: string[] = [];
  let tags: string[] = [];
  s.words.forEach((w, i) => {
    words.push(w);
    tags.push(s.tags[i]!);
    const inside = i + 1 < s.tags.length && s.tags[i + 1]!.startsWith('I-');
    if ((SENTENCE_END.test(w) && !inside) || (words.length >= MAX_SENTENCE && !inside)) {
      out.push({ words, tags });
      words = [];
      tags = [];
    }
  });
  if (words.length > 0) out.push({ words, tags });
  return out;
}

/** Documents of a named-entity file in any of the layouts above. */
export function parseNerLayouts(text: string): ConllDocument[] {
  const docs: ConllDocument[] = [];
  let marked = false;
  let doc: Sentence[] = [];
  let words: string[] = [];
  let tags: string[] = [];
  const endSentence = (): void => {
    if (words.length > 0) doc.push({ words, tags });
    words = [];
    tags = [];
  };
  const endDocument = (): void => {
    endSentence();
    if (doc.length > 0) docs.push({ sentences: doc });
    doc = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endSentence();
      continue;
    }
    if (line.startsWith('-DOCSTART-')) {
      marked = true;
      endDocument();
      continue;
    }
    const wt = wordAndTag(line);
    if (!wt) continue;
    words.push(wt[0]);
    tags.push(normalizeTag(wt[1]));
  }
  endDocument();
  if (marked) return docs;
  const out: ConllDocument[] = [];
  for (const s of docs.flatMap((d) => d.sentences)) {
    if (s.words.length < RUNNING_TEXT) {
      out.push({ sentences: [s] });
      continue;
    }
    const cut = cutRunningText(s);
    for (let i = 0; i < cut.length; i += PASSAGE) out.push({ sentences: cut.slice(i, i + PASSAGE) });
  }
  return out;
}
