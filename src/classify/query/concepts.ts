/**
 * What `concept('x')` means over WordNet 3.0 (the synset store and relations
 * the senses and entailments extractors ship in models/senses/): the lemmas of
 * x's synsets and of their hyponyms, each with a weight.
 *
 * - x itself weighs 1; a word WordNet lacks is read as its base form where
 *   a regular inflection gives one ("sports" → "sport", "elections" → "election");
 * - a sense's weight is its share of SemCor's tags relative to x's most tagged
 *   sense over all parts of speech (untagged words: 1/rank), so the everyday
 *   sense dominates ("bank" the institution over "bank" the slope, "sport" the
 *   noun over the verb); senses under 0.1 are left out;
 * - the sense's member lemmas (synonyms) weigh the sense's weight, its
 *   hyponyms HYPONYM_DECAY less per level, to HYPONYM_DEPTH levels;
 * - where x names one of the 45 basic domains of WordNet Domains (FBK, CC BY
 *   3.0; models/senses/wsd-domains.bin, which the senses extractor reads):
 *   politics, sport, economy, commerce, computer science, medicine, law, …,
 *   the lemmas of the synsets in that domain weigh DOMAIN_WEIGHT: the words of
 *   a subject that no taxonomy puts under it ("election", "minister" for politics);
 * - at most MAX_CONCEPT_LEMMAS lemmas, nearest first, so that concept('entity')
 *   cannot expand to all of WordNet.
 *
 * Lemmas are lower case with spaces between words ("stock market").
 */
import type { ResourceLoader } from '../../resources/loader.js';
import { SynsetRelations } from '../../semantics/relations.js';
import { SynsetStore } from '../../semantics/synsets.js';
import { SenseDomains } from '../../semantics/wsd-domains.js';
import type { WordNetPos } from '../../lexicon/penn.js';

export const HYPONYM_DEPTH = 3;
export const HYPONYM_DECAY = 0.7;
export const MAX_CONCEPT_LEMMAS = 5000;
export const DOMAIN_WEIGHT = 0.5;
/** Regular inflections, undone in this order until WordNet knows the word. */
const DETACH: ReadonlyArray<[string, string]> = [['ies', 'y'], ['ses', 's'], ['xes', 'x'], ['ches', 'ch'], ['shes', 'sh'], ['s', ''], ['ing', ''], ['ing', 'e'], ['ed', ''], ['ed', 'e']];
const MIN_SENSE_WEIGHT = 0.1;
const POS: readonly WordNetPos[] = ['n', 'v', 'a', 'r'];

/** A concept as weighted lemmas. */
export type ConceptLemmas = ReadonlyMap<string, number>;

export class ConceptExpander {
  private readonly cache = new Map<string, ConceptLemmas>();
  /** Synsets of each domain, by domain name with spaces ("computer science"), built on first use. */
  private domainSynsets: Map<string, number[]> | undefined;

  constructor(
    private readonly synsets: SynsetStore,
    private readonly relations: SynsetRelations,
    private readonly domains?: SenseDomains,
  ) {}

  static async load(loader: ResourceLoader): Promise<ConceptExpander> {
    const [synsets, relations, domains] = await Promise.all([SynsetStore.load(loader), SynsetRelations.load(loader), SenseDomains.read(loader, 'senses')]);
    return new ConceptExpander(synsets, relations, domains);
  }

  private domainMembers(name: string): readonly number[] {
    const d = this.domains;
    if (!d) return [];
    if (!this.domainSynsets) {
      const by = new Map<string, number[]>(d.names.map((n) => [normalizePhrase(n), []]));
      const names = d.names.map(normalizePhrase);
      for (let s = 0; s < d.first.length; s++) {
        if (d.first[s]! > 0) by.get(names[d.first[s]! - 1]!)!.push(s);
        if (d.second[s]! > 0) by.get(names[d.second[s]! - 1]!)!.push(s);
      }
      this.domainSynsets = by;
    }
    return this.domainSynsets.get(name) ?? [];
  }

  /** The word as WordNet lists it: itself, else its base form by a regular inflection, else itself. */
  private base(key: string): string {
    const known = (w: string) => POS.some((pos) => this.synsets.senses(w, pos) !== undefined);
    if (known(key)) return key;
    for (const [suffix, replacement] of DETACH) {
      if (key.length > suffix.length + 2 && key.endsWith(suffix)) {
        const candidate = key.slice(0, -suffix.length) + replacement;
        if (known(candidate)) return candidate;
      }
    }
    return key;
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

  private compute(asGiven: string): ConceptLemmas {
    const key = this.base(asGiven);
    const out = new Map<string, number>([[asGiven, 1], [key, 1]]);
    const add = (lemma: string, w: number): void => {
      if (out.size >= MAX_CONCEPT_LEMMAS && !out.has(lemma)) return;
      if ((out.get(lemma) ?? 0) < w) out.set(lemma, w);
    };
    // Breadth first over (synset, weight): nearer lemmas claim the budget first.
    let frontier: Array<[number, number]> = [];
    const seen = new Set<number>();
    let maxTags = 0;
    for (const pos of POS) for (const t of this.synsets.senses(key, pos)?.tagCounts ?? []) maxTags = Math.max(maxTags, t);
    for (const pos of POS) {
      const senses = this.synsets.senses(key, pos);
      if (!senses) continue;
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
    for (const synset of this.domainMembers(key)) for (const [lemma] of this.synsets.members(synset)) add(normalizePhrase(lemma), DOMAIN_WEIGHT);
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
