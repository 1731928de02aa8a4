/**
 * What `concept('x')` means over WordNet 3.0 (the synset store and relations
 * the senses and entailments extractors ship in models/senses/): the lemmas of
 * x's synsets and of their hyponyms, each with a weight.
 *
 * - x itself weighs 1;
 * - a sense's weight is its share of SemCor's tags relative to x's most tagged
 *   sense (untagged senses: 1/rank), so the everyday sense dominates
 *   ("bank" the institution over "bank" the slope); senses under 0.1 are left out;
 * - the sense's member lemmas (synonyms) weigh the sense's weight, its
 *   hyponyms HYPONYM_DECAY less per level, to HYPONYM_DEPTH levels;
 * - at most MAX_CONCEPT_LEMMAS lemmas, nearest first, so that concept('entity')
 *   cannot expand to all of WordNet.
 *
 * Lemmas are lower case with spaces between words ("stock market").
 */
import type { ResourceLoader } from '../../resources/loader.js';
import { SynsetRelations } from '../../semantics/relations.js';
import { SynsetStore } from '../../semantics/synsets.js';
import type { WordNetPos } from '../../lexicon/penn.js';

export const HYPONYM_DEPTH = 3;
export const HYPONYM_DECAY = 0.7;
export const MAX_CONCEPT_LEMMAS = 3000;
const MIN_SENSE_WEIGHT = 0.1;
const POS: readonly WordNetPos[] = ['n', 'v', 'a', 'r'];

/** A concept as weighted lemmas. */
export type ConceptLemmas = ReadonlyMap<string, number>;

export class ConceptExpander {
  private readonly cache = new Map<string, ConceptLemmas>();

  constructor(
    private readonly synsets: SynsetStore,
    private readonly relations: SynsetRelations,
  ) {}

  static async load(loader: ResourceLoader): Promise<ConceptExpander> {
    const [synsets, relations] = await Promise.all([SynsetStore.load(loader), SynsetRelations.load(loader)]);
    return new ConceptExpander(synsets, relations);
  }

  /** The weighted lemmas of a concept (any case; words separated by spaces or '_'). */
  expand(concept: string): ConceptLemmas {
    const key = normalizePhrase(concept);
    let lemmas = this.cache.get(key);
    if (!lemmas) {
      lemmas = this.compute(key);
      // Concepts recur across categories and classifiers; the cache is bounded by what classifiers name.
      if (this.cache.size >= 10_000) this.cache.clear();
      this.cache.set(key, lemmas);
    }
    return lemmas;
  }

  private compute(key: string): ConceptLemmas {
    const out = new Map<string, number>([[key, 1]]);
    const add = (lemma: string, w: number): void => {
      if (out.size >= MAX_CONCEPT_LEMMAS && !out.has(lemma)) return;
      if ((out.get(lemma) ?? 0) < w) out.set(lemma, w);
    };
    // Breadth first over (synset, weight): nearer lemmas claim the budget first.
    let frontier: Array<[number, number]> = [];
    const seen = new Set<number>();
    for (const pos of POS) {
      const senses = this.synsets.senses(key, pos);
      if (!senses) continue;
      let maxTags = 0;
      for (const t of senses.tagCounts) maxTags = Math.max(maxTags, t);
      senses.synsets.forEach((synset, rank) => {
        const w = maxTags > 0 ? (senses.tagCounts[rank]! + 0.5) / (maxTags + 0.5) : 1 / (rank + 1);
        if (w >= MIN_SENSE_WEIGHT) frontier.push([synset, w]);
      });
    }
    for (let depth = 0; depth <= HYPONYM_DEPTH && frontier.length > 0 && out.size < MAX_CONCEPT_LEMMAS; depth++) {
      const next: Array<[number, number]> = [];
      frontier.sort((a, b) => b[1] - a[1]);
      for (const [synset, w] of frontier) {
        if (seen.has(synset)) continue;
        seen.add(synset);
        for (const [lemma] of this.synsets.members(synset)) add(normalizePhrase(lemma), w);
        if (depth < HYPONYM_DEPTH) for (const h of this.relations.hyponyms(synset)) next.push([h, w * HYPONYM_DECAY]);
      }
      frontier = next;
    }
    return out;
  }
}

/** Lower case, words separated by one space ("New_York" → "new york"). */
export function normalizePhrase(text: string): string {
  return text
    .toLowerCase()
    .split(/[\s_]+/)
    .filter((w) => w !== '')
    .join(' ');
}
