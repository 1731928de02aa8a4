/**
 * GUM train as ranker examples (train.ts --gum): the wikified GUM documents
 * of the train split (academic, biographies, fiction, interviews, travel
 * guides, how-tos … — not newswire) in the AIDA document shape, so the
 * ranker learns how far its features carry outside Reuters.
 *
 * Mentions are the names of GUM's entity annotation (gum-entities/mentions.tsv
 * over the UD GUM train CoNLL-U): a linked mention that names its entity (as
 * readGum in src/eval/el.ts reads gold: first word capitalized once a leading
 * "the" is dropped, not a pronoun or a common-noun phrase) has its QID as
 * gold; a mention without a link whose words are all proper nouns (UPOS
 * PROPN) is a name GUM did not link — a NIL example, like AIDA's --NME--.
 * The NER label comes from GUM's entity type (person → PER, place → LOC,
 * organization → ORG, the rest MISC).
 *
 * The KB's aliases include GUM train's linked mentions (one count each,
 * src/linking/kb-build/sources.ts addGum): train.ts leaves each document's
 * own counts out, as it does for AIDA train.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AidaDocument, AidaMention } from '../../src/linking/aida.js';
import { gumNameSpan, isGumCoreference, readGumSentences } from '../../src/eval/el.js';

/** An AIDA-shaped mention with GUM's gold QID (compared with the candidates' QIDs). */
export interface GumMention extends AidaMention {
  qid?: string;
}

export interface GumDocument extends AidaDocument {
  mentions: GumMention[];
}

const LABEL: Record<string, string> = { person: 'PER', place: 'LOC', organization: 'ORG' };

export function readGumTrain(gumEntitiesDir: string, conllu: string, split = 'train'): GumDocument[] {
  const { sentences, docSentences } = readGumSentences(conllu);
  const byDoc = new Map<string, string[][]>();
  for (const l of readFileSync(join(gumEntitiesDir, 'mentions.tsv'), 'utf8').split('\n').slice(1)) {
    const r = l.split('\t');
    if (r.length < 13 || r[1] !== split) continue;
    const rows = byDoc.get(r[0]) ?? [];
    rows.push(r);
    byDoc.set(r[0], rows);
  }
  const out: GumDocument[] = [];
  for (const [id, sents] of docSentences) {
    const tokens: string[] = [];
    const tags: string[] = [];
    const sentenceEnds: number[] = [];
    const first = new Map<string, number>();
    for (const s of sents) {
      first.set(s, tokens.length);
      for (const w of sentences.get(s) ?? []) {
        tokens.push(w.form);
        tags.push(w.upos);
      }
      sentenceEnds.push(tokens.length);
    }
    const mentions: GumMention[] = [];
    const seen = new Set<string>();
    for (const [, , , s0, t0, s1, t1, , etype, , , qid] of byDoc.get(id) ?? []) {
      if (!first.has(s0) || !first.has(s1)) continue;
      const [a, b] = gumNameSpan(tokens, (first.get(s0) as number) + Number(t0) - 1, (first.get(s1) as number) + Number(t1));
      const words = tokens.slice(a, b);
      if (!/^\p{Lu}/u.test(words[0]) || isGumCoreference(words)) continue;
      const linked = /^Q\d+$/.test(qid);
      if (!linked && !tags.slice(a, b).every((t) => t === 'PROPN')) continue;
      // Nested mentions of one span (GUM may stack two entities on the same words): the first only.
      if (seen.has(`${a}:${b}`)) continue;
      seen.add(`${a}:${b}`);
      // Written as the KB's GUM aliases are (sources.ts, addGum), so that the leave-out finds them.
      mentions.push({ start: a, end: b, text: words.join(' ').replace(/ ([,.'])/g, '$1'), label: LABEL[etype] ?? 'MISC', ...(linked ? { qid, title: `wikidata:${qid}` } : {}) });
    }
    mentions.sort((x, y) => x.start - y.start || y.end - x.end);
    out.push({ id, tokens, sentenceEnds, mentions });
  }
  return out;
}
