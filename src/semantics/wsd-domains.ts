/**
 * The document's domain in word-sense disambiguation. WordNet Domains (FBK, CC BY 3.0) labels synsets
 * with subject fields (computer_science, medicine, law, economy, religion, …); a document's words lean
 * towards a few of them, and a sense in one of those is likelier than its prior says: "C" beside
 * "compiler" is the language, not degree_centigrade; "CD" beside "disk" the compact disc, not cadmium.
 * The senses' own context model reads only the sentence and the document's most repeated
 * lemmas, which a technical text's rare words seldom are, and the sense prior is Brown-corpus English.
 *
 * The table (`wsd-domains.bin`, built by training/senses/domains.ts): per synset up to two of the 45
 * level-1 ("basic") domains of the WordNet Domains hierarchy; the generic class — factotum and its
 * children person, quality, time_period, number, metrology, color, psychological_features — is no
 * domain (a sense of everyday use says nothing about the subject). Typed arrays by synset index, no
 * object per synset. With it, the rate of each domain per content word in general English (the
 * SemCor-train gold senses: `background`).
 *
 * The document's profile (`weighDomains`): every target gives its posterior's mass to its senses'
 * domains (a sense with two domains half to each; monosemous words all of it), plus what the caller
 * knows of the document from elsewhere (the linker's entity types, the topics: `DomainEvidence`).
 * Each sense s of a target then gets
 *
 *   score(s) += λ_dom · Σ_{d ∈ dom(s)} share(s, d) · max(floor, log((C₋(d) + κ·B(d)) / ((N₋ + κ)·B(d))))
 *
 * where C₋(d) is the profile's mass on d without the target's own lemma's occurrences (a word that
 * recurs twenty times must not vote for its own reading), N₋ the number of targets it was summed over,
 * and B(d) the background rate: the log-ratio of the domain's rate in this document to its rate in
 * general text, smoothed towards 0 by κ pseudo-targets (a short text moves nothing). Senses without a
 * domain get 0: the term moves mass between domain senses and everyday ones only where the document
 * says which domain it is about. Applied to the layer's posteriors after scoring, like the discourse
 * term (one-sense-per-discourse.ts): one pass over the targets for the profile, one per lemma group.
 *
 * The same pass finds the words none of whose senses belongs in the document (`allForeign`, for the
 * senses layer to give none): "daemon" in a Unix manual, where WordNet 3.0 has only spirits.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { ResourceLoader } from '../resources/loader.js';

export const WSD_DOMAINS_FILE = 'wsd-domains.bin';
const MAGIC = 0x31444e57; // 'WND1'

/** κ and floor when meta.json gives none. */
export const DEFAULT_DOMAIN_KAPPA = 50;
export const DEFAULT_DOMAIN_FLOOR = 0;
/** A candidate list the pass leaves alone (its entry in weighDomains' groupOf). */
const NONE = -2;
/** The least background rate a domain is compared with (a domain SemCor never saw is not infinitely telling). */
const MIN_BACKGROUND = 1e-4;

/**
 * wsd-domains.bin, little-endian:
 *   u32 magic 'WND1', u32 synsets S, u32 domains D, u32 byte length L of the names
 *   L bytes: the domains' names, UTF-8, '\n' between them; zero padding to 4
 *   f32 background[D]       each domain's rate per content word in general English
 *   u8  first[S], u8 second[S]   a synset's domains, 1 + index into the names; 0 for none
 *   u8  inherited[S]             for a synset without a domain, its nearest hypernym's (within four
 *                                levels), 0 for none: what the out-of-domain test reads (`allForeign`)
 */
export class SenseDomains {
  constructor(
    readonly names: readonly string[],
    readonly background: Float32Array,
    /** Per synset, 1 + its first domain's index, 0 for none. */
    readonly first: Uint8Array,
    /** Per synset, 1 + its second domain's index, 0 for none. */
    readonly second: Uint8Array,
    /** Per synset without a domain, 1 + its nearest hypernym's first domain's index, 0 for none. */
    readonly inherited: Uint8Array,
  ) {
    if (first.length !== second.length || first.length !== inherited.length) {
      throw new Error(`${WSD_DOMAINS_FILE}: ${first.length} first, ${second.length} second and ${inherited.length} inherited domains`);
    }
    if (background.length !== names.length) throw new Error(`${WSD_DOMAINS_FILE}: ${background.length} background rates for ${names.length} domains`);
  }

  get size(): number {
    return this.names.length;
  }

  /** The index of a domain by name, or -1. */
  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  /** A synset's domains' names (tests, tools). */
  domainsOf(synset: number): string[] {
    const out: string[] = [];
    if (this.first[synset] > 0) out.push(this.names[this.first[synset] - 1]);
    if (this.second[synset] > 0) out.push(this.names[this.second[synset] - 1]);
    return out;
  }

  static decode(bytes: Uint8Array): SenseDomains {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 16 || view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_DOMAINS_FILE}: not a WND1 domains file`);
    const synsets = view.getUint32(4, true);
    const domains = view.getUint32(8, true);
    const textBytes = view.getUint32(12, true);
    let at = 16;
    const padded = textBytes + ((4 - (textBytes % 4)) % 4);
    const expected = at + padded + 4 * domains + 3 * synsets;
    if (bytes.byteLength !== expected) throw new Error(`${WSD_DOMAINS_FILE}: ${bytes.byteLength} bytes, the header says ${expected}`);
    const names = domains === 0 ? [] : new TextDecoder().decode(bytes.subarray(at, at + textBytes)).split('\n');
    if (names.length !== domains) throw new Error(`${WSD_DOMAINS_FILE}: ${names.length} names for ${domains} domains`);
    at += padded;
    const background = new Float32Array(domains);
    for (let d = 0; d < domains; d++, at += 4) background[d] = view.getFloat32(at, true);
    const first = bytes.slice(at, at + synsets);
    const second = bytes.slice(at + synsets, at + 2 * synsets);
    const inherited = bytes.slice(at + 2 * synsets, at + 3 * synsets);
    return new SenseDomains(names, background, first, second, inherited);
  }

  encode(): Uint8Array {
    const text = new TextEncoder().encode(this.names.join('\n'));
    const padded = text.length + ((4 - (text.length % 4)) % 4);
    const synsets = this.first.length;
    const out = new Uint8Array(16 + padded + 4 * this.names.length + 3 * synsets);
    const view = new DataView(out.buffer);
    view.setUint32(0, MAGIC, true);
    view.setUint32(4, synsets, true);
    view.setUint32(8, this.names.length, true);
    view.setUint32(12, text.length, true);
    out.set(text, 16);
    let at = 16 + padded;
    for (let d = 0; d < this.names.length; d++, at += 4) view.setFloat32(at, this.background[d], true);
    out.set(this.first, at);
    out.set(this.second, at + synsets);
    out.set(this.inherited, at + 2 * synsets);
    return out;
  }

  /** The table of a models directory, or undefined where it has none (a model built before it). */
  static async read(loader: ResourceLoader, dir: string): Promise<SenseDomains | undefined> {
    const path = `${dir}/${WSD_DOMAINS_FILE}`;
    return (await loader.exists(path)) ? SenseDomains.decode(await loader.bytes(path)) : undefined;
  }
}

/**
 * What the caller knows of the document's domains besides its words (the linker's entity types, the
 * topics): pseudo-counts per domain index, added to the words' profile as that many more targets.
 */
export interface DomainEvidence {
  counts: Float64Array;
  total: number;
}

/** What the pass reads of a target: its part of speech and its lemma's candidate list (the store's array, one per lemma and part of speech). */
export interface DomainTarget {
  readonly pos: WordNetPos;
  readonly senses: { readonly synsets: Int32Array; readonly tagCounts: Float32Array };
}

/**
 * The document's domain profile: per domain, the posterior mass its targets give it (`counts`), over
 * `total` targets; targets that `skip` marks give nothing. Targets' probabilities are
 * values[offsets[k]..offsets[k + 1]), summing to 1.
 */
export function domainProfile(
  domains: SenseDomains,
  targets: readonly DomainTarget[],
  values: Float64Array,
  offsets: Int32Array,
  skip?: (k: number) => boolean,
  evidence?: DomainEvidence,
): DomainEvidence {
  const counts = new Float64Array(domains.size);
  let total = 0;
  for (let k = 0; k < targets.length; k++) {
    const synsets = targets[k].senses.synsets;
    if (synsets.length === 0 || (skip !== undefined && skip(k))) continue;
    total++;
    addMass(domains, synsets, values, offsets[k], counts, 1);
  }
  if (evidence !== undefined) {
    for (let d = 0; d < counts.length; d++) counts[d] += evidence.counts[d];
    total += evidence.total;
  }
  return { counts, total };
}

/** Adds sign × each sense's probability to its domains (half to each of two) in `counts`. */
function addMass(domains: SenseDomains, synsets: Int32Array, values: Float64Array, at: number, counts: Float64Array, sign: number): void {
  const { first, second } = domains;
  for (let c = 0; c < synsets.length; c++) {
    const a = first[synsets[c]];
    if (a === 0) continue;
    const p = sign * values[at + c];
    const b = second[synsets[c]];
    if (b === 0) counts[a - 1] += p;
    else {
      counts[a - 1] += p / 2;
      counts[b - 1] += p / 2;
    }
  }
}

/**
 * Rewrites the probabilities of the targets whose lemma has a sense with a domain, by the term in the
 * file comment (λ_dom per part of speech: WsdParams.lambdaDomain; κ: domainKappa; floor: domainFloor;
 * τ: domainMargin). Targets that `silent` marks take the term but give the profile nothing (proper
 * names, whose candidates are filtered afterwards: "Python" would vote for the snake's domain).
 * Where WsdParams.domainWithhold is set, also marks the nouns none of whose senses belongs in the
 * document (`foreign`; the test is allForeign's). Undefined (and nothing done) where the model has
 * no domains table or no part of speech weighs it.
 */
/**
 * What weighDomains reads of the WSD model (WsdModel has it): the domains table and the term's
 * parameters. Named here, not imported, because the model imports this file.
 */
export interface DomainWeighing {
  readonly senseDomains: SenseDomains | undefined;
  readsDomains(): boolean;
  readonly params: { domainKappa?: number; domainFloor?: number; domainMargin?: number; domainWithhold?: number };
  paramsFor(pos: 'n' | 'v' | 'a' | 'r'): { lambdaDomain?: number };
}

export function weighDomains(
  model: DomainWeighing,
  targets: readonly DomainTarget[],
  values: Float64Array,
  offsets: Int32Array,
  silent?: (k: number) => boolean,
  evidence?: DomainEvidence,
): DocumentDomains | undefined {
  const domains = model.senseDomains;
  if (domains === undefined || !model.readsDomains()) return undefined;
  const { first, second } = domains;
  const kappa = model.params.domainKappa ?? DEFAULT_DOMAIN_KAPPA;
  const floor = model.params.domainFloor ?? DEFAULT_DOMAIN_FLOOR;
  const margin = model.params.domainMargin ?? 0;
  const withhold = model.params.domainWithhold;
  const logBackground = new Float64Array(domains.size);
  const kappaBackground = new Float64Array(domains.size);
  for (let d = 0; d < domains.size; d++) {
    const b = Math.max(MIN_BACKGROUND, domains.background[d]);
    logBackground[d] = Math.log(b);
    kappaBackground[d] = kappa * b;
  }
  // Which parts of speech take the term (read once, not per target).
  const lambdas = { n: model.paramsFor('n').lambdaDomain ?? 0, v: model.paramsFor('v').lambdaDomain ?? 0, a: model.paramsFor('a').lambdaDomain ?? 0, r: model.paramsFor('r').lambdaDomain ?? 0 };
  // One pass: the profile (domainProfile's sums, the same by test), and chains of the targets that share a candidate list
  // (one lemma and part of speech) where the list may take the term or the test, decided at its first
  // occurrence (NONE: left alone).
  const counts = new Float64Array(domains.size);
  let total = 0;
  const groupOf = new Map<Int32Array, number>();
  const starts: number[] = [];
  const lasts: number[] = [];
  const next = new Int32Array(targets.length).fill(-1);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const synsets = t.senses.synsets;
    if (synsets.length === 0) continue;
    if (silent === undefined || !silent(k)) {
      total++;
      addMass(domains, synsets, values, offsets[k], counts, 1);
    }
    if (synsets.length < 2) continue;
    const g = groupOf.get(synsets);
    if (g === NONE) continue;
    if (g === undefined) {
      const takes = (lambdas[t.pos] > 0 && hasDomain(domains, synsets)) || (withhold !== undefined && t.pos === 'n' && fewTags(t.senses.tagCounts));
      groupOf.set(synsets, takes ? starts.length : NONE);
      if (takes) {
        starts.push(k);
        lasts.push(k);
      }
      continue;
    }
    next[lasts[g]] = k;
    lasts[g] = k;
  }
  if (evidence !== undefined) {
    for (let d = 0; d < counts.length; d++) counts[d] += evidence.counts[d];
    total += evidence.total;
  }
  const profile = { counts, total };
  // The whole document's log-ratios: is it about some domain at all (the out-of-domain test's first condition)?
  let top = -Infinity;
  const logAll = Math.log(profile.total + kappa);
  for (let d = 0; d < domains.size; d++) top = Math.max(top, Math.log(profile.counts[d] + kappaBackground[d]) - logAll - logBackground[d]);
  const testing = withhold !== undefined && top >= withhold;
  const foreign = testing ? new Uint8Array(targets.length) : undefined;
  // The profile's mass from one lemma's own occurrences, reused per group; the term's factors per sense.
  const own = new Float64Array(domains.size);
  let factors = new Float64Array(64);
  for (const start of starts) {
    const { pos, senses } = targets[start];
    const synsets = senses.synsets;
    own.fill(0);
    let n = 0;
    for (let k = start; k >= 0; k = next[k]) {
      if (silent !== undefined && silent(k)) continue;
      addMass(domains, synsets, values, offsets[k], own, 1);
      n++;
    }
    const logRest = Math.log(profile.total - n + kappa);
    if (foreign !== undefined && pos === 'n' && fewTags(senses.tagCounts) && allForeign(domains, synsets, profile.counts, own, kappaBackground, logBackground, logRest)) {
      for (let k = start; k >= 0; k = next[k]) foreign[k] = 1;
    }
    const lambda = lambdas[pos];
    if (!(lambda > 0) || !hasDomain(domains, synsets)) continue;
    // Each sense's factor exp(term − the largest term), the same for every occurrence of the lemma.
    if (factors.length < synsets.length) factors = new Float64Array(2 * synsets.length);
    let top = 0;
    for (let c = 0; c < synsets.length; c++) {
      const a = first[synsets[c]];
      let term = 0;
      if (a > 0) {
        const b = second[synsets[c]];
        const ta = Math.max(floor, logRatio(a - 1, profile.counts, own, kappaBackground, logBackground, logRest) - margin);
        term = b === 0 ? lambda * ta : (lambda * (ta + Math.max(floor, logRatio(b - 1, profile.counts, own, kappaBackground, logBackground, logRest) - margin))) / 2;
      }
      factors[c] = term;
      if (term > top) top = term;
    }
    for (let c = 0; c < synsets.length; c++) factors[c] = Math.exp(factors[c] - top);
    for (let k = start; k >= 0; k = next[k]) reweigh(values, offsets[k], synsets.length, factors);
  }
  return { profile, top, foreign };
}

/** A document's domains as the senses layer reads them after the pass. */
export interface DocumentDomains {
  /** The document's profile (domainProfile's sums, computed in the pass's own loop over the targets). */
  readonly profile: DomainEvidence;
  /** The largest domain log-ratio of the document. */
  readonly top: number;
  /** Per target, 1 where none of its senses belongs in the document (allForeign); absent where the test is off or the document is about no domain. */
  readonly foreign: Uint8Array | undefined;
}

/** The most SemCor-train tags a lemma may have for the out-of-domain test to take its senses. */
export const MAX_WITHHELD_TAGS = 3;

function fewTags(tagCounts: Float32Array): boolean {
  let tagged = 0;
  for (let c = 0; c < tagCounts.length; c++) tagged += tagCounts[c];
  return tagged <= MAX_WITHHELD_TAGS;
}

/**
 * The out-of-domain test, for a document that is clearly about some domain (its rate there e^θ times
 * its general one or more; θ: WsdParams.domainWithhold): a noun of several senses, rare in general
 * English (SemCor-train tags it MAX_WITHHELD_TAGS times or fewer), every one of whose senses lies in
 * domains — its own, or its nearest hypernym's where it has none — no more frequent in the rest of the
 * document than in general English. "daemon" in a Unix manual: WordNet 3.0 has only the evil spirit
 * and the demigod (religion, by their hypernym belief.n.01); the program it means there is not among
 * them. A sense with no domain, even inherited, is everyday vocabulary that fits anywhere and keeps
 * the word; so does a word with one sense (it is that sense) and a common one ("money" in a sermon,
 * "car" in a poem: on SemCor dev the test without the tag bound took the senses of 56 of 7,081 nouns,
 * every one of them sense-tagged there; with it, 5).
 */
function allForeign(
  domains: SenseDomains,
  synsets: Int32Array,
  counts: Float64Array,
  own: Float64Array,
  kappaBackground: Float64Array,
  logBackground: Float64Array,
  logRest: number,
): boolean {
  const { first, second, inherited } = domains;
  for (let c = 0; c < synsets.length; c++) {
    const s = synsets[c];
    const a = first[s] > 0 ? first[s] : inherited[s];
    if (a === 0 || logRatio(a - 1, counts, own, kappaBackground, logBackground, logRest) > 0) return false;
    if (first[s] > 0 && second[s] > 0 && logRatio(second[s] - 1, counts, own, kappaBackground, logBackground, logRest) > 0) return false;
  }
  return true;
}

/** p(s) ∝ p(s) · factor(s), in place. */
function reweigh(values: Float64Array, at: number, n: number, factors: Float64Array): void {
  let total = 0;
  for (let c = 0; c < n; c++) {
    const v = values[at + c] * factors[c];
    values[at + c] = v;
    total += v;
  }
  if (total > 0) for (let c = 0; c < n; c++) values[at + c] /= total;
}

/** Domain d's log-ratio (κ-smoothed) in the document without a lemma's own mass `own`, its rest being exp(logRest) targets + κ. */
function logRatio(d: number, counts: Float64Array, own: Float64Array, kappaBackground: Float64Array, logBackground: Float64Array, logRest: number): number {
  return Math.log(Math.max(0, counts[d] - own[d]) + kappaBackground[d]) - logRest - logBackground[d];
}

function hasDomain(domains: SenseDomains, synsets: Int32Array): boolean {
  for (let c = 0; c < synsets.length; c++) if (domains.first[synsets[c]] > 0) return true;
  return false;
}
