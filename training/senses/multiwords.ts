/**
 * Which two-word WordNet lemmas SemCor's annotators mostly read as two words
 * (models/senses/multiwords-apart.tsv, read by src/semantics/targets.ts).
 *
 * The senses layer matches WordNet's multiword lemmas in the text, longest
 * first. Many two-word verb and noun lemmas are also ordinary word pairs:
 * "live in" (live_in: reside at one's place of work), "sit in" (sit_in: take
 * part in a sit-in), "do it" (do_it: have sex), "pay for" (pay_for: treat),
 * "the street" (the_street: Wall Street). Matched every time, they gave
 * "She lives in Paris" the sense "reside at one's place of work".
 *
 * SemCor-train says which reading a pair usually has: each two-word lemma it
 * tagged as one token counts once "together"; each pair of tokens whose
 * lemmas join into a WordNet lemma of the same part of speech counts once
 * "apart" (verbs: the first token a sense-tagged verb; nouns: the second a
 * sense-tagged noun; adverbs: any two words, "in this", "kind of", outside
 * brownv, whose files tag only verbs). A lemma is read apart when it was seen
 * apart at least MIN_APART times and together in under TOGETHER_SHARE of its
 * occurrences. Chosen on SemCor dev's decisions (a candidate pair, or a
 * tagged two-word lemma): always together 68.8 % right for verbs, 83.6 % for
 * nouns and 58.7 % for adverbs; with this list 86.3 %, 89.7 % and 87.6 % (0.4
 * and 3; 0.3 / 0.5 and 1 / 2 / 5 were within a point), keeping 483 of SemCor
 * dev's 496 tagged two-word verbs, 357 of its 358 nouns and 148 of its 152
 * adverbs. models/senses/MODEL_CARD.md, "Multiword expressions".
 */
import type { WordNetPos } from '../../src/lexicon/penn.js';
import type { SynsetStore } from '../../src/semantics/synsets.js';
import type { SemcorDoc } from './semcor.js';

/** Below this share of its SemCor-train occurrences read together, a lemma seen apart often enough is read apart. */
export const TOGETHER_SHARE = 0.4;
/** The fewest SemCor-train occurrences apart that can mark a lemma. */
export const MIN_APART = 3;

const PARTS_OF_SPEECH: readonly WordNetPos[] = ['n', 'v', 'r'];

/** Per `pos:lemma`, how often SemCor's tokens read the two-word lemma together and apart. */
export function multiwordCounts(store: SynsetStore, docs: readonly SemcorDoc[]): Map<string, { together: number; apart: number }> {
  const counts = new Map<string, { together: number; apart: number }>();
  const count = (key: string) => {
    let c = counts.get(key);
    if (c === undefined) counts.set(key, (c = { together: 0, apart: 0 }));
    return c;
  };
  for (const doc of docs) {
    // brownv tags only verbs: an untagged adverb pair there says nothing about how it is read
    const allTagged = !doc.name.startsWith('brownv/');
    for (const s of doc.sentences) {
      for (let i = 0; i < s.length; i++) {
        const t = s[i];
        const words = t.lemma.split('_').length;
        if (words === 2 && t.pos !== undefined && PARTS_OF_SPEECH.includes(t.pos) && t.keys.length > 0) count(`${t.pos}:${t.lemma}`).together++;
        if (words > 1 || i + 1 >= s.length || s[i + 1].lemma.includes('_')) continue;
        const next = s[i + 1];
        const pair = `${t.lemma}_${next.lemma}`.toLowerCase();
        if (t.pos === 'v' && t.keys.length > 0 && store.sensesOf(pair, 'v') !== undefined) count(`v:${pair}`).apart++;
        if (next.pos === 'n' && next.keys.length > 0 && store.sensesOf(pair, 'n') !== undefined) count(`n:${pair}`).apart++;
        if (allTagged && store.sensesOf(pair, 'r') !== undefined) count(`r:${pair}`).apart++;
      }
    }
  }
  return counts;
}

/** The file's text: `lemma TAB pos TAB together TAB apart` per lemma read apart, sorted by part of speech and lemma. */
export function multiwordsApartTsv(store: SynsetStore, docs: readonly SemcorDoc[]): string {
  const lines: string[] = [];
  for (const [key, { together, apart }] of multiwordCounts(store, docs)) {
    if (apart < MIN_APART || together / (together + apart) >= TOGETHER_SHARE) continue;
    const pos = key.slice(0, 1);
    lines.push(`${key.slice(2)}\t${pos}\t${together}\t${apart}`);
  }
  lines.sort((a, b) => {
    const [la, pa] = a.split('\t');
    const [lb, pb] = b.split('\t');
    return pa !== pb ? (pa < pb ? -1 : 1) : la < lb ? -1 : la > lb ? 1 : 0;
  });
  return lines.join('\n') + '\n';
}
