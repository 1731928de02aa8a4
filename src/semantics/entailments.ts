/**
 * Lexical entailments of a word in context: the words its meaning here
 * entails or can stand for, from WordNet relations of its senses weighted by
 * how likely each sense is.
 *
 * From each sense s of the word (posterior q(s) in this sentence, prior π(s)
 * from sense frequency alone), WordNet is followed to related synsets r with
 * a relation weight w: the synset itself (synonyms) 1, similar-to adjectives
 * 0.8, also-see 0.7, hypernyms 0.7 (their hypernyms 0.3), verb entailments
 * and causes 0.5, verb groups 0.5, hyponyms 0.2 and sister terms (other
 * hyponyms of a hypernym) 0.05 — the last two only fill the tail where the
 * others are few (a synset with over 100 hyponyms contributes none).
 * Each single-word member c of r other than the word itself, its regular
 * inflections ("profits", a member of net_income.n.01 beside "profit") and
 * its other spelling ("apologise" of "apologize", lexicon/spelling.ts) is a
 * candidate; the response's kept words count two spellings of one word once.
 * The word vectors (wsd-vectors.ts, shared with the sense model) add to every
 * candidate's weight from every sense ν·max(0, cos(c, word)) =: n(c), and in
 * full rankings (eval lexsub) the word's nearest neighbours among single-word
 * WordNet lemmas of its part of speech become candidates too (NEIGHBOURS).
 *
 *   priorScore(c)   = min(1, Σ_s π(s) · max_{r ∋ c} w(s→r) + n(c))           (independent of the sentence)
 *   contextScore(c) = min(1, Σ_s q(s) · max_{r ∋ c} w(s→r) + n(c))^(1−γ) · fit(c)^γ · exp(α·(cos(c, word) − 1))
 *   fit(c)          = P(c means r*) · (t + 1) / (t + 1 + κ), r* the synset through which c
 *                     scored best (max q·w): how readily c stands for that meaning at all —
 *                     the WSD model's prior for r* among c's own senses (so a word whose
 *                     usual meaning is another one fits less) — times how common c is (t: its
 *                     SemCor tag count under that part of speech), so "shiny" comes before "nitid"
 *   score(c)        = λ · contextScore(c) + (1 − λ) · priorScore(c)
 *
 * All three lie in 0..1 (cos is 0 for a word without a vector). A word that
 * only the vectors reach scores at most NEIGHBOUR_SCORE_MAX, under the
 * response's floor: the response holds words WordNet relates, and such
 * candidates are looked for only when a ranking reaches under the floor.
 * The sentence enters through the posterior q alone: running the WSD model on
 * each substitute in place (an earlier fit) cost most of the extractor's time
 * and did not help on the dev sets, and a factor exp(β·(cos(c, context) − 1))
 * by the sentence's context vector (contextSim, off: β = 0) lowered P@1 (see
 * models/senses/MODEL_CARD.md). γ, λ, κ, α, ν and the relation weights were
 * tuned on the lexical-substitution dev files. The extractor keeps at most
 * ENTAILMENT_CAP words per source word with score ≥ ENTAILMENT_FLOOR.
 *
 * Everything but q is context-free, so it is computed once per source lemma
 * (LemmaCandidates): its candidate words, each one's (sense, weight, fit)
 * entries, its vector terms, and an upper bound of its score over all posteriors, by which the
 * candidates are visited so that a floor and cap stop the work early.
 */
import type { EntailmentRecord } from '../doc/doc.js';
import { isRegularInflection } from '../lexicon/morphy.js';
import { spellingKey } from '../lexicon/spelling.js';
import type { WordNetPos } from '../lexicon/penn.js';
import type { SynsetRelations } from './relations.js';
import type { SynsetStore } from './synsets.js';
import { contextVector, cosineWith, nearestRows, rowCosine, vectorIndex } from './substitute-vectors.js';
import type { WsdModel } from './wsd-model.js';
import { BoundedTableCache } from './bounded-cache.js';
import { slabArrays } from './table-slab.js';
import type { WordVectors } from './wsd-vectors.js';

export const ENTAILMENT_FLOOR = 0.1;
export const ENTAILMENT_CAP = 5;

export interface EntailmentParams {
  /** Weight of the fit in the context score. */
  gamma: number;
  /** Weight of the context score in the overall score. */
  lambda: number;
  /** How many SemCor tags make a word half as usable as a common one. */
  kappa: number;
  /** α: the context score's factor exp(α·(cos(candidate, target) − 1)) by the word vectors (0: none). */
  targetSim: number;
  /** β: the context score's factor exp(β·(cos(candidate, context) − 1)), the context vector of EntailmentSource (0: none). */
  contextSim: number;
}

export const DEFAULT_ENTAILMENT_PARAMS: EntailmentParams = { gamma: 0.15, lambda: 0.8, kappa: 70, targetSim: 1, contextSim: 0 };

/**
 * The word vectors' additive term and extra candidates (see the header): every candidate's weight
 * from every sense gains `weight`·max(0, cos(candidate, word)) (ν); in full rankings the word's
 * first `count` nearest neighbours among the `searchRows` commonest rows of the vectors that are
 * single-word WordNet lemmas of its part of speech, and that neither begin with the word nor it
 * with them (inflections, derivations), are candidates too, reported through their own first
 * sense with relation 'neighbour'. Read when a lemma's candidates are built, as RELATION_WEIGHTS
 * (the tuning script changes them and calls clearEntailmentCaches).
 */
export const NEIGHBOURS = { count: 50, weight: 0.2, searchRows: 10000 };
/**
 * The most a word that only the vectors reach may score: under the response's floor, so that the
 * entailments layer holds only words WordNet relates (vector neighbours include antonyms and
 * merely related words, "hot" → "cold"), while eval lexsub's full ranking has them in its tail.
 */
export const NEIGHBOUR_SCORE_MAX = 0.099;
/** How context vectors weigh the sentence's words: 1/distance^rho (see substitute-vectors.ts). */
export const CONTEXT_RHO = 1;

const RELATIONS = ['synonym', 'similar', 'also-see', 'hypernym', 'entailment', 'cause', 'verb-group', 'hyponym', 'sister', 'neighbour'] as const;
export type EntailmentRelation = (typeof RELATIONS)[number];

/**
 * How a path reached its synset, kept in one byte per path: the relation and which of its weights
 * applies (two steps along similar-to or hypernyms weigh less than one). KIND_RELATION names each
 * kind's relation, kindWeights its weight.
 */
const SYNONYM = 0;
const SIMILAR = 1;
const SIMILAR2 = 2;
const ALSO_SEE = 3;
const HYPERNYM = 4;
const HYPERNYM2 = 5;
const ENTAILMENT = 6;
const CAUSE = 7;
const VERB_GROUP = 8;
const HYPONYM = 9;
const SISTER = 10;
const NEIGHBOUR = 11;
const KIND_RELATION: readonly EntailmentRelation[] = ['synonym', 'similar', 'similar', 'also-see', 'hypernym', 'hypernym', 'entailment', 'cause', 'verb-group', 'hyponym', 'sister', 'neighbour'];

/** Each path kind's weight under RELATION_WEIGHTS as they are now (a vector neighbour's path weighs 0). */
function kindWeights(): Float64Array {
  const w = RELATION_WEIGHTS;
  return Float64Array.of(1, w.similar, w.similar2, w.alsoSee, w.hypernym, w.hypernym2, w.entailment, w.cause, w.verbGroup, w.hyponym, w.sister, 0);
}

/**
 * Relation weights (tuned on the lexical-substitution dev files; see the header), and the most
 * hyponyms a synset may have for them to count. Read when a relations file's first lookups are
 * made (the reach of each synset is cached per SynsetRelations): the tuning script changes them
 * and loads the relations afresh.
 */
export const RELATION_WEIGHTS = {
  similar: 0.8,
  alsoSee: 0.7,
  hypernym: 0.7,
  hypernym2: 0.3,
  entailment: 0.5,
  cause: 0.5,
  verbGroup: 0.5,
  hyponym: 0.2,
  sister: 0.05,
  similar2: 0.3,
  maxHyponyms: 100,
};
const WEIGHT = RELATION_WEIGHTS;
/** A sense with both posterior and prior under this adds nothing (it would add at most this much weight). */
const NEGLIGIBLE = 0.005;
/** Memory the per-lemma candidate tables may hold; past it, those not used for a while are dropped (and rebuilt on demand). */
const MAX_CANDIDATE_BYTES = 128 * 2 ** 20;
/** Memory the per-synset reach lists may hold, likewise. */
const MAX_REACH_BYTES = 8 * 2 ** 20;


export interface EntailedWord {
  /** The entailed word as WordNet writes it ("car", "automobile"). */
  word: string;
  /** The synset it was reached through, and the relation. */
  synset: number;
  relation: EntailmentRelation;
  priorScore: number;
  contextScore: number;
  score: number;
}

export interface EntailmentSource {
  lemma: string;
  pos: WordNetPos;
  /** The word's candidate synsets (the store's array for the lemma) and their posteriors (from disambiguate). */
  synsets: Int32Array;
  posterior: Float64Array;
  tagCounts: Float32Array;
  /** The unit context vector of the word in its sentence (contextVectorsOf); absent: no context-vector factor. */
  context?: Float32Array;
}

/**
 * The single-word members reachable from one sense, each once by its strongest path (built once per
 * synset): per word, (m << KIND_BITS) | kind, m its place in the store's list of all members
 * (SynsetStore.memberLemma names it; its synset is the path's, and the cache's fit tables hold its fit
 * there) and kind its path's. One array per sense: a few words on average, so the array's object
 * costs more than its contents.
 */
type SenseReach = Int32Array;

/** Bits of a reach's number that hold the path's kind (12 kinds). */
const KIND_BITS = 4;
const KIND_MASK = (1 << KIND_BITS) - 1;

/**
 * A candidate table's typed arrays, in one buffer (table-slab.ts): per candidate (n) and per entry
 * (`entries`); see LemmaCandidates.
 */
function candidateArrays(n: number, entries: number) {
  return slabArrays({
    start: [Int32Array, n + 1],
    lowerId: [Int32Array, n],
    row: [Int32Array, n],
    neighbourOnly: [Uint8Array, n],
    targetCos: [Float64Array, n],
    bound: [Float64Array, n],
    minContext: [Float64Array, n],
    sense: [Uint8Array, entries],
    kind: [Uint8Array, entries],
    member: [Int32Array, entries],
  } as const);
}

/** The arrays of candidateArrays that hold a number per candidate, and those that hold one per entry (permute moves them). */
const PER_CANDIDATE = ['row', 'neighbourOnly', 'targetCos', 'bound', 'minContext'] as const;
const PER_ENTRY = ['sense', 'kind', 'member'] as const;

/**
 * One source lemma's candidates, context-free (built once per lemma and
 * part of speech). Candidate i's entries are start[i]..start[i+1): the senses
 * that reach it (ascending), the weight of the strongest path from each, that
 * path and the candidate's fit through it.
 */
interface LemmaCandidates {
  lemma: string;
  tagCounts: Float32Array;
  /** π(s), the model's prior over the lemma's senses. */
  prior: Float64Array;
  words: string[];
  /** Per candidate, one candidate standing for its lower-case form and spelling, the same for all of them (words differing only in case or in British and American spelling count once). */
  lowerId: Int32Array;
  start: Int32Array;
  sense: Uint8Array;
  /** Per entry, its path's kind: its weight is kindWeight[kind] (the cache's weights when the table was built). */
  kind: Uint8Array;
  kindWeight: Float64Array;
  /**
   * Per entry, the member its path reaches (its place in SynsetStore.memberOffsets' list: the synset is
   * the path's, and the cache's fit tables hold the candidate's fit there), or −(j + 1) for the j-th vector
   * neighbour, whose path's synset and fit (prior, tags) are neighbourSynsets[j] and neighbourFits[2j, 2j + 1].
   */
  member: Int32Array;
  fits: NonNullable<Cache['fits']>;
  neighbourSynsets: Int32Array;
  neighbourFits: Float64Array;
  /**
   * Per candidate: its row of the word vectors (-1: none) and its cosine with the source lemma (0 without
   * vectors). Its weight from every sense, ν·max(0, cos), is extraOf's (see NEIGHBOURS); its prior
   * sum and largest weight, which only boundsFor reads, are summed there from its entries.
   */
  row: Int32Array;
  targetCos: Float64Array;
  /** Per candidate, 1 when only the vectors reach it (no WordNet path): its score stays under NEIGHBOUR_SCORE_MAX. */
  neighbourOnly: Uint8Array;
  /** The word vectors the rows index, if any. */
  vectors: WordVectors | undefined;
  /** The params the bounds below were computed for. */
  boundParams: EntailmentParams | undefined;
  /**
   * Per candidate, an upper bound of its score (once boundsFor ran, the candidates and their entries
   * are laid out in its order, best first, so that a word's scoring reads its lemma's arrays front to back).
   */
  bound: Float64Array;
  /** Per candidate: the least context with which it can reach the floor. */
  minContext: Float64Array;
  boundFloor: number;
  /** The kept words last computed for this lemma, and the posterior and settings they were computed for (see keptWords). */
  lastKept: { posterior: Float64Array; params: EntailmentParams; floor: number; cap: number; slots: KeptSlots } | undefined;
  bytes: number;
}

/** Per relations file and model: synsets' reach, lemmas' candidates (under byte budgets: bounded-cache.ts). */
interface Cache {
  reach: BoundedTableCache<number, SenseReach>;
  /**
   * Per member of every synset (SynsetStore.memberOffsets), its fit there (prior, NaN until asked for;
   * tags) and its vector row: a word's fit depends on the synset alone, and the synsets a sense reaches
   * (its hypernyms' hyponyms above all) are shared by many lemmas. Flat tables (20 bytes a member,
   * 4.1 MB for WordNet's 207 k; the tags are not all whole or half counts: 64 bits), allocated on first use.
   */
  fits: { prior: Float64Array; tags: Float64Array; row: Int32Array } | undefined;
  /** The path kinds' weights (kindWeights) when the cache was made: RELATION_WEIGHTS change only with a new cache. */
  kindWeight: Float64Array;
  /**
   * The candidate tables under one budget: keyed by the lemma's synset array, or for the tables with the
   * vector neighbours among the candidates (full rankings only; see NEIGHBOURS) by that array's key in
   * neighbourKeys. One budget rather than one per kind: the analyzer builds only the first kind, and a
   * budget split in two left it half of MAX_CANDIDATE_BYTES (over the 1 MB EWT train text it rebuilt 11.7k
   * of its 13.2k tables on every pass).
   */
  tables: BoundedTableCache<object, LemmaCandidates>;
  neighbourKeys: WeakMap<Int32Array, object>;
}

let CACHES: WeakMap<SynsetRelations, WeakMap<WsdModel, Cache>> = new WeakMap();

/** The cache last used, and for what (a document's words all go to the same one). */
let lastCache: { relations: SynsetRelations; model: WsdModel; cache: Cache } | undefined;

/** Drops every cached reach and candidate table (after RELATION_WEIGHTS or NEIGHBOURS changed: tuning, tests). */
export function clearEntailmentCaches(): void {
  CACHES = new WeakMap();
  lastCache = undefined;
}

/** What the caches of one relations file and model hold (bench/semantic-memory.ts): tables and bytes as charged to their budgets. */
export interface EntailmentCacheStats {
  reachLists: number;
  reachBytes: number;
  candidateTables: number;
  candidateBytes: number;
  /** The per-member fit tables (Cache.fits), 0 before the first lookup. */
  fitBytes: number;
}

export function entailmentCacheStats(relations: SynsetRelations, model: WsdModel): EntailmentCacheStats {
  const cache = CACHES.get(relations)?.get(model);
  const fits = cache?.fits;
  return {
    reachLists: cache?.reach.size ?? 0,
    reachBytes: cache?.reach.bytes ?? 0,
    candidateTables: cache?.tables.size ?? 0,
    candidateBytes: cache?.tables.bytes ?? 0,
    fitBytes: fits === undefined ? 0 : fits.prior.byteLength + fits.tags.byteLength + fits.row.byteLength,
  };
}

function cacheOf(store: SynsetStore, relations: SynsetRelations, model: WsdModel): Cache {
  if (lastCache !== undefined && lastCache.relations === relations && lastCache.model === model) return lastCache.cache;
  let byModel = CACHES.get(relations);
  if (!byModel) CACHES.set(relations, (byModel = new WeakMap()));
  let cache = byModel.get(model);
  if (!cache) {
    cache = {
      reach: new BoundedTableCache(MAX_REACH_BYTES),
      fits: undefined,
      kindWeight: kindWeights(),
      tables: new BoundedTableCache(MAX_CANDIDATE_BYTES),
      neighbourKeys: new WeakMap(),
    };
    byModel.set(model, cache);
  }
  lastCache = { relations, model, cache };
  return cache;
}

/**
 * Every candidate word with its scores, best first (no floor, no cap); with
 * `keep`, only what the extractor keeps of that list: its first `cap`
 * distinct words (any case) scoring at least `floor`.
 */
export function entailedWords(
  store: SynsetStore,
  relations: SynsetRelations,
  model: WsdModel,
  source: EntailmentSource,
  params: EntailmentParams = DEFAULT_ENTAILMENT_PARAMS,
  keep?: { floor: number; cap: number },
): EntailedWord[] {
  // The neighbour-only words score under NEIGHBOUR_SCORE_MAX: a floor at or over it never keeps them.
  const lemma = candidatesOf(store, relations, model, source, keep === undefined || keep.floor < NEIGHBOUR_SCORE_MAX);
  const n = lemma.words.length;
  const out: EntailedWord[] = [];
  if (keep === undefined) {
    for (let i = 0; i < n; i++) if (evaluate(lemma, i, source.posterior, params, 0, source.context) >= 0) out.push(entailed(store, lemma, i));
    return out.sort(byScore);
  }
  const kept = keptWords(lemma, source.posterior, params, keep.floor, keep.cap, source.context);
  for (let j = 0; j < kept.size; j++) {
    const e = kept.best[j];
    out.push({
      word: lemma.words[kept.candidate[j]],
      synset: pathSynset(store, lemma, e),
      relation: KIND_RELATION[lemma.kind[e]],
      priorScore: kept.prior[j],
      contextScore: kept.context[j],
      score: kept.score[j],
    });
  }
  return out;
}

/**
 * What the extractor keeps (entailedWords with `keep`), appended to `out` as
 * the entailments layer's records of the source word over tokens [start, end):
 * the same words and scores, without the EntailedWord objects in between
 * (~4 per content word; the annotator needs neither the synset nor the relation).
 */
export function keepEntailments(
  store: SynsetStore,
  relations: SynsetRelations,
  model: WsdModel,
  source: EntailmentSource,
  keep: { floor: number; cap: number },
  start: number,
  end: number,
  out: EntailmentRecord[],
  params: EntailmentParams = DEFAULT_ENTAILMENT_PARAMS,
): void {
  const lemma = candidatesOf(store, relations, model, source, keep.floor < NEIGHBOUR_SCORE_MAX);
  const kept = keptWords(lemma, source.posterior, params, keep.floor, keep.cap, source.context);
  for (let j = 0; j < kept.size; j++) {
    out.push({ start, end, word: lemma.words[kept.candidate[j]], priorScore: kept.prior[j], contextScore: kept.context[j], score: kept.score[j] });
  }
}

/**
 * The kept words of a lemma under posterior q: its first `cap` distinct words
 * (any case) of the full ranking scoring at least `floor`. For a one-sense
 * lemma (a fifth of the content words, its posterior always [1]) the result is
 * cached in the lemma's table with a copy of q, and returned as is when the
 * next word comes with the same posterior; else computed into the module's
 * KeptSlots. (A word of several senses rarely repeats a posterior: caching
 * those cost more in copies than it saved.)
 */
function keptWords(lemma: LemmaCandidates, q: Float64Array, params: EntailmentParams, floor: number, cap: number, context: Float32Array | undefined): KeptSlots {
  // With the context vector's factor the words depend on the sentence, not only on q.
  if (q.length !== 1 || (context !== undefined && params.contextSim > 0 && lemma.vectors !== undefined)) {
    const kept = keptSlots(cap);
    kept.size = searchKept(lemma, q, params, floor, cap, kept, context);
    return kept;
  }
  const last = lemma.lastKept;
  if (last !== undefined && last.params === params && last.floor === floor && last.cap === cap && samePosterior(last.posterior, q)) return last.slots;
  const kept = keptSlots(cap);
  kept.size = searchKept(lemma, q, params, floor, cap, kept, undefined);
  if (last !== undefined && last.slots.candidate.length >= cap + 1 && last.posterior.length === q.length) {
    copyKept(kept, last.slots);
    last.posterior.set(q);
    last.params = params;
    last.floor = floor;
    last.cap = cap;
  } else {
    const slots = newSlots(cap);
    copyKept(kept, slots);
    lemma.lastKept = { posterior: q.slice(), params, floor, cap, slots };
  }
  return kept;
}

function samePosterior(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function copyKept(from: KeptSlots, to: KeptSlots): void {
  for (let j = 0; j < from.size; j++) copySlotTo(from, j, to, j);
  to.size = from.size;
}

/**
 * The search behind keptWords. Candidates in the order of their score's upper bound: once the kept
 * words all beat the next bound (or it is under the floor), no candidate left can enter them. The
 * kept words are those of the full ranking; a word that cannot be kept (under the floor or the kept
 * words' lowest score) is not returned.
 */
function searchKept(lemma: LemmaCandidates, q: Float64Array, params: EntailmentParams, floor: number, cap: number, kept: KeptSlots, context: Float32Array | undefined): number {
  const n = lemma.words.length;
  boundsFor(lemma, params, floor);
  let size = 0;
  let keptFloor = -1;
  for (let i = 0; i < n; i++) {
    const bound = lemma.bound[i];
    if (bound < floor || keptFloor > bound) break;
    const score = evaluate(lemma, i, q, params, lemma.minContext[i], context);
    if (score < floor || score < keptFloor) continue;
    size = keepCandidate(lemma, i, kept, size, cap);
    if (size === cap) keptFloor = kept.score[size - 1];
  }
  return size;
}

/** The kept words so far, best first by byScore: per slot, the candidate and what evaluate found for it. */
interface KeptSlots {
  /** How many slots hold a kept word. */
  size: number;
  candidate: Int32Array;
  best: Int32Array;
  score: Float64Array;
  context: Float64Array;
  prior: Float64Array;
}

let slots: KeptSlots | undefined;

function keptSlots(cap: number): KeptSlots {
  if (slots === undefined || slots.candidate.length < cap + 1) slots = newSlots(cap);
  return slots;
}

function newSlots(cap: number): KeptSlots {
  return { size: 0, candidate: new Int32Array(cap + 1), best: new Int32Array(cap + 1), score: new Float64Array(cap + 1), context: new Float64Array(cap + 1), prior: new Float64Array(cap + 1) };
}

/** Whether candidate a (score sa) comes before candidate b (score sb) in byScore's order. */
function before(lemma: LemmaCandidates, sa: number, a: number, sb: number, b: number): boolean {
  return sa > sb || (sa === sb && lemma.words[a] < lemma.words[b]);
}

/**
 * Enters the candidate evaluate just scored among the kept words (one per
 * lower-case form, the first by byScore; at most cap); returns their count.
 */
function keepCandidate(lemma: LemmaCandidates, i: number, kept: KeptSlots, size: number, cap: number): number {
  const score = last.score;
  // A kept word of the same lower-case form: the later in byScore's order goes.
  for (let j = 0; j < size; j++) {
    const other = kept.candidate[j];
    if (lemma.lowerId[other] !== lemma.lowerId[i]) continue;
    if (before(lemma, kept.score[j], other, score, i)) return size;
    for (let m = j; m < size - 1; m++) copySlot(kept, m + 1, m);
    size--;
    break;
  }
  let at = size;
  for (; at > 0 && before(lemma, score, i, kept.score[at - 1], kept.candidate[at - 1]); at--) copySlot(kept, at - 1, at);
  kept.candidate[at] = i;
  kept.best[at] = last.best;
  kept.score[at] = score;
  kept.context[at] = last.context;
  kept.prior[at] = last.prior;
  return Math.min(size + 1, cap);
}

function copySlot(kept: KeptSlots, from: number, to: number): void {
  copySlotTo(kept, from, kept, to);
}

function copySlotTo(a: KeptSlots, from: number, b: KeptSlots, to: number): void {
  b.candidate[to] = a.candidate[from];
  b.best[to] = a.best[from];
  b.score[to] = a.score[from];
  b.context[to] = a.context[from];
  b.prior[to] = a.prior[from];
}

/** What evaluate found for the last candidate (read by entailed). */
const last = { context: 0, prior: 0, best: -1, score: 0 };

/**
 * Candidate i's score under the posterior q (its parts left in `last`), or
 * −1 when every sense that reaches it is negligible here (q and π both
 * under NEGLIGIBLE): the word is then no candidate at all.
 */
function evaluate(lemma: LemmaCandidates, i: number, q: Float64Array, params: EntailmentParams, minContext = 0, unitContext?: Float32Array): number {
  const { prior, sense, kind, kindWeight } = lemma;
  let context = extraOf(lemma, i);
  let priorSum = context;
  let best = -1;
  let bestValue = -1;
  for (let e = lemma.start[i]; e < lemma.start[i + 1]; e++) {
    const k = sense[e];
    const qk = q[k];
    const pk = prior[k];
    if (qk < NEGLIGIBLE && pk < NEGLIGIBLE) continue;
    const w = kindWeight[kind[e]];
    context += qk * w;
    priorSum += pk * w;
    if (qk * w > bestValue) {
      bestValue = qk * w;
      best = e;
    }
  }
  if (best < 0) {
    // A word only the vectors reach has one entry, for its path: it is a candidate under any posterior.
    if (lemma.neighbourOnly[i] === 0) return -1;
    best = lemma.start[i];
  }
  if (context < minContext) return -2;
  last.context = Math.min(1, context) ** (1 - params.gamma) * fitPowAt(lemma, best, params) * simPowAt(lemma, i, params);
  if (unitContext !== undefined && params.contextSim > 0 && lemma.vectors !== undefined) {
    const r = lemma.row[i];
    last.context *= Math.exp(params.contextSim * ((r < 0 ? 0 : cosineWith(lemma.vectors, r, unitContext)) - 1));
  }
  last.prior = Math.min(1, priorSum);
  last.best = best;
  last.score = params.lambda * last.context + (1 - params.lambda) * last.prior;
  if (lemma.neighbourOnly[i] === 1 && last.score > NEIGHBOUR_SCORE_MAX) last.score = NEIGHBOUR_SCORE_MAX;
  return last.score;
}

/** The candidate evaluate just scored, as an EntailedWord. */
function entailed(store: SynsetStore, lemma: LemmaCandidates, i: number): EntailedWord {
  const e = last.best;
  return { word: lemma.words[i], synset: pathSynset(store, lemma, e), relation: KIND_RELATION[lemma.kind[e]], priorScore: last.prior, contextScore: last.context, score: last.score };
}

/** The synset entry e's path reaches (see LemmaCandidates.member). */
function pathSynset(store: SynsetStore, lemma: LemmaCandidates, e: number): number {
  const m = lemma.member[e];
  return m >= 0 ? store.memberSynset(m) : lemma.neighbourSynsets[-m - 1];
}

/** Candidate i's weight from every sense by the word vectors, ν·max(0, cos(candidate, target)) (see NEIGHBOURS). */
function extraOf(lemma: LemmaCandidates, i: number): number {
  return NEIGHBOURS.weight * Math.max(0, lemma.targetCos[i]);
}

/**
 * Entry e's fit^γ under these params. Computed when read, not kept per entry: a table's entries are
 * read once for its bounds, and then only the best entry of each candidate evaluate reaches.
 */
function fitPowAt(lemma: LemmaCandidates, e: number, params: EntailmentParams): number {
  const m = lemma.member[e];
  const prior = m >= 0 ? lemma.fits.prior[m] : lemma.neighbourFits[2 * (-m - 1)];
  const tags = m >= 0 ? lemma.fits.tags[m] : lemma.neighbourFits[2 * (-m - 1) + 1];
  return (prior * common(tags, params.kappa)) ** params.gamma;
}

/** Candidate i's exp(α·(cos(candidate, target) − 1)) under these params (computed when read, as fitPowAt). */
function simPowAt(lemma: LemmaCandidates, i: number, params: EntailmentParams): number {
  return params.targetSim === 0 ? 1 : Math.exp(params.targetSim * (lemma.targetCos[i] - 1));
}

/** Each candidate's score bound under these params (context ≤ max weight since Σq = 1, prior sums over all senses), and the order by it. */
function boundsFor(lemma: LemmaCandidates, params: EntailmentParams, floor: number): void {
  if (lemma.boundParams === params && lemma.boundFloor === floor) return;
  // The candidates may be laid out anew: kept words cached by index would name others.
  lemma.lastKept = undefined;
  const n = lemma.words.length;
  // Per candidate, the most its context score's factors can be: fit^γ at best, times the target factor
  // (the context vector's factor is at most 1).
  const maxFitPow = new Float64Array(n);
  // Per candidate: Σ_s π(s)·w over all senses and max_s w (each ≥ what any posterior gives), summed in entry order.
  const priorAll = new Float64Array(n);
  const { prior, sense, kind, kindWeight } = lemma;
  for (let i = 0; i < n; i++) {
    const extra = extraOf(lemma, i);
    let priorSum = extra;
    let maxWeight = 0;
    for (let e = lemma.start[i]; e < lemma.start[i + 1]; e++) {
      maxFitPow[i] = Math.max(maxFitPow[i], fitPowAt(lemma, e, params));
      const w = kindWeight[kind[e]];
      priorSum += prior[sense[e]] * w;
      if (w + extra > maxWeight) maxWeight = w + extra;
    }
    priorAll[i] = priorSum;
    maxFitPow[i] *= simPowAt(lemma, i, params);
    // A hair over the exact bound: Σq may exceed 1 by rounding.
    const context = Math.min(1, maxWeight) * (1 + 1e-9);
    lemma.bound[i] = (params.lambda * context ** (1 - params.gamma) * maxFitPow[i] + (1 - params.lambda) * Math.min(1, priorSum)) * (1 + 1e-9);
  }
  const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => lemma.bound[b] - lemma.bound[a] || a - b);
  if (order.some((i, j) => i !== j)) {
    permute(lemma, order);
    maxFitPow.set(Float64Array.from(order, (i) => maxFitPow[i]));
    priorAll.set(Float64Array.from(order, (i) => priorAll[i]));
  }
  for (let i = 0; i < n; i++) {
    // score ≥ floor needs λ·context^(1−γ)·fit^γ ≥ floor − (1−λ)·prior, and fit^γ ≤ maxFitPow, prior ≤ priorAll:
    // a context under this (a hair under, for rounding) cannot reach the floor, and skips the power.
    const rest = floor - (1 - params.lambda) * Math.min(1, priorAll[i]) * (1 + 1e-9);
    lemma.minContext[i] = rest <= 0 ? 0 : maxFitPow[i] === 0 ? Infinity : (rest / (params.lambda * maxFitPow[i])) ** (1 / (1 - params.gamma)) * (1 - 1e-9);
  }
  lemma.boundParams = params;
  lemma.boundFloor = floor;
}

/** Lays the candidates (and their entries) out in `order`: candidate j becomes order[j]. */
function permute(lemma: LemmaCandidates, order: Int32Array): void {
  const n = order.length;
  const newIndex = new Int32Array(n);
  order.forEach((i, j) => (newIndex[i] = j));
  const entryOrder = new Int32Array(lemma.start[n]);
  const arrays = candidateArrays(n, entryOrder.length);
  const { start } = arrays;
  let at = 0;
  for (let j = 0; j < n; j++) {
    start[j] = at;
    for (let e = lemma.start[order[j]]; e < lemma.start[order[j] + 1]; e++) entryOrder[at++] = e;
  }
  start[n] = at;
  // Plain loops over typed arrays: a table is laid out once per lemma, on its first use, for every new lemma.
  for (const name of PER_CANDIDATE) {
    const from = lemma[name];
    const to = arrays[name];
    for (let j = 0; j < n; j++) to[j] = from[order[j]];
  }
  for (const name of PER_ENTRY) {
    const from = lemma[name];
    const to = arrays[name];
    for (let k = 0; k < at; k++) to[k] = from[entryOrder[k]];
  }
  for (let j = 0; j < n; j++) arrays.lowerId[j] = newIndex[lemma.lowerId[order[j]]];
  lemma.words = Array.from(order, (i) => lemma.words[i]);
  Object.assign(lemma, arrays);
}

function byScore(a: EntailedWord, b: EntailedWord): number {
  return b.score - a.score || (a.word < b.word ? -1 : 1);
}

/** The source lemma's candidate table, built on first use (cached per the store's synset array of the lemma). */
function candidatesOf(store: SynsetStore, relations: SynsetRelations, model: WsdModel, source: EntailmentSource, withNeighbours: boolean): LemmaCandidates {
  const cache = cacheOf(store, relations, model);
  let key: object = source.synsets;
  if (withNeighbours) {
    const known = cache.neighbourKeys.get(source.synsets);
    if (known !== undefined) key = known;
    else cache.neighbourKeys.set(source.synsets, (key = {}));
  }
  const cached = cache.tables.get(key);
  if (cached !== undefined && cached.lemma === source.lemma && cached.tagCounts === source.tagCounts) return cached;
  const built = buildCandidates(store, relations, model, cache, source, withNeighbours);
  // The kept words a one-sense lemma caches (keptWords) are charged with the table.
  cache.tables.set(key, built, built.bytes + 8 * source.synsets.length + 33 * (ENTAILMENT_CAP + 1));
  return built;
}

function buildCandidates(store: SynsetStore, relations: SynsetRelations, model: WsdModel, cache: Cache, source: EntailmentSource, withNeighbours: boolean): LemmaCandidates {
  const own = source.lemma.toLowerCase();
  const ownKey = spellingKey(own);
  const prior = model.prior(source.tagCounts, source.pos);
  // Per candidate, in first-touch order (senses in WordNet's order): its entries, one per sense that reaches it,
  // each as two numbers: the sense k and the word's place in that sense's reach (reaches[k]).
  const index = new Map<string, number>();
  const entries: number[][] = [];
  const words: string[] = [];
  const reaches: SenseReach[] = [];
  const candidate = (word: string): number => {
    let i = index.get(word);
    if (i === undefined) {
      index.set(word, (i = words.length));
      words.push(word);
      entries.push([]);
    }
    return i;
  };
  for (let k = 0; k < source.synsets.length; k++) {
    const reached = senseReach(store, relations, model, cache, source.synsets[k]);
    reaches.push(reached);
    for (let r = 0; r < reached.length; r++) {
      const word = store.memberLemma(reached[r] >> KIND_BITS);
      // Not the word itself, its own inflection listed as a lemma of its own ("profits" in net_income's synset
      // of "profit"), or its other spelling ("apologise" of "apologize").
      const lower = word.toLowerCase();
      if (lower === own || isRegularInflection(lower, own, source.pos) || spellingKey(lower) === ownKey) continue;
      entries[candidate(word)].push(k, r);
    }
  }
  const vectors = model.wordVectors;
  const vindex = vectors === undefined ? undefined : vectorIndex(vectors);
  const ownRow = vindex === undefined ? -1 : vindex.row(own);
  const wordNetCandidates = words.length;
  // The vector neighbours' entries: (-1, j) for the j-th neighbour, reported through its first sense (neighbourSynsets[j]).
  const neighbourSynsets: number[] = [];
  if (vectors !== undefined && ownRow >= 0 && withNeighbours && NEIGHBOURS.count > 0 && NEIGHBOURS.weight > 0) {
    const accept = (row: number): boolean => {
      const word = vectors.lemmas[row];
      return !word.includes('_') && !word.startsWith(own) && !own.startsWith(word) && spellingKey(word) !== ownKey && store.sensesOf(word, source.pos) !== undefined;
    };
    const near = nearestRows(vectors, ownRow, NEIGHBOURS.count, NEIGHBOURS.searchRows, accept);
    for (let j = 0; j < near.rows.length; j++) {
      const word = vectors.lemmas[near.rows[j]];
      if (near.cosines[j] <= 0 || index.has(word)) continue;
      // One entry (the first sense's, weight 0) for the path it reports: the vectors' term is the candidate's own (extraOf).
      entries[candidate(word)].push(-1, neighbourSynsets.length);
      neighbourSynsets.push(store.sensesOf(word, source.pos)!.synsets[0]);
    }
  }
  const n = words.length;
  const total = entries.reduce((z, list) => z + list.length / 2, 0);
  const arrays = candidateArrays(n, total);
  const { start, sense, kind, member, row, neighbourOnly, targetCos } = arrays;
  row.fill(-1);
  neighbourOnly.fill(1, wordNetCandidates);
  lowerIdsInto(words, arrays.lowerId);
  const neighbourFits = new Float64Array(2 * neighbourSynsets.length);
  const fits = fitsOf(store, cache);
  let e = 0;
  for (let i = 0; i < n; i++) {
    const list = entries[i];
    if (vindex !== undefined) {
      // A WordNet candidate's row came with its reach; a vector neighbour's is looked up.
      row[i] = list[0] >= 0 ? fits.row[reaches[list[0]][list[1]] >> KIND_BITS] : vindex.row(words[i].toLowerCase());
      if (row[i] >= 0 && ownRow >= 0) targetCos[i] = rowCosine(vectors!, row[i], ownRow);
    }
    start[i] = e;
    for (let j = 0; j < list.length; j += 2) {
      const k = list[j];
      const r = list[j + 1];
      if (k >= 0) {
        member[e] = reaches[k][r] >> KIND_BITS;
        kind[e] = reaches[k][r] & KIND_MASK;
        sense[e] = k;
      } else {
        // A vector neighbour's one entry, through its first sense: it stands for sense 0's weight (0).
        const f = fitOf(store, model, words[i], neighbourSynsets[r]);
        neighbourFits[2 * r] = f.prior;
        neighbourFits[2 * r + 1] = f.tags;
        member[e] = -(r + 1);
        kind[e] = NEIGHBOUR;
        sense[e] = 0;
      }
      e++;
    }
  }
  start[n] = e;
  // The arrays, and about 60 bytes per candidate for its string and its place in `words`.
  const bytes = total * (1 + 1 + 4) + n * (4 + 4 + 4 + 1 + 3 * 8 + 60) + 12 * neighbourSynsets.length;
  return {
    ...arrays,
    lemma: source.lemma,
    tagCounts: source.tagCounts,
    prior,
    words,
    kindWeight: cache.kindWeight,
    fits,
    neighbourSynsets: Int32Array.from(neighbourSynsets),
    neighbourFits,
    vectors,
    boundParams: undefined,
    boundFloor: NaN,
    lastKept: undefined,
    bytes,
  };
}

/**
 * The unit context vectors of targets in one sentence (EntailmentSource.context): `lemmas` the
 * sentence's lower-case lemmas, `content` whether each is a content word (its vector counts),
 * each target its token span. Undefined entries where the model has no vectors or the sentence
 * no other content word with one.
 */
export function contextVectorsOf(
  model: WsdModel,
  lemmas: readonly string[],
  content: (j: number) => boolean,
  targets: ReadonlyArray<{ first: number; last: number }>,
  rho = CONTEXT_RHO,
): (Float32Array | undefined)[] {
  const vectors = model.wordVectors;
  if (vectors === undefined) return targets.map(() => undefined);
  const index = vectorIndex(vectors);
  const rows = Int32Array.from(lemmas, (lemma, j) => (content(j) ? index.row(lemma) : -1));
  return targets.map((t) => contextVector(vectors, rows, t.first, t.last, rho));
}

/** Per candidate, the first candidate of its lower-case form and spelling (spellingKey: "utilise" stands with "utilize"), into `out`. */
function lowerIdsInto(words: readonly string[], out: Int32Array): void {
  const first = new Map<string, number>();
  words.forEach((w, i) => {
    const lower = spellingKey(w);
    const seen = first.get(lower);
    if (seen === undefined) first.set(lower, i);
    out[i] = seen ?? i;
  });
}

/**
 * What fit(c) needs of `word` reached as a member of `synset`: the WSD
 * model's prior probability that the word means that synset among its own
 * senses under that part of speech (1 for a one-sense word, 0 when WordNet
 * does not list the synset among them), and its SemCor tag count there.
 */
function fitOf(store: SynsetStore, model: WsdModel, word: string, synset: number): { prior: number; tags: number } {
  const pos = posOf(store, synset);
  // Read once per member (the cache's fit tables keep the answer): no entry is kept for the word.
  const senses = store.lookupSenses(word, pos);
  const k = senses === undefined ? -1 : senses.synsets.indexOf(synset);
  if (senses === undefined || k < 0) return { prior: 0, tags: 0 };
  let tags = 0;
  for (const t of senses.tagCounts) tags += t;
  return { prior: senses.synsets.length === 1 ? 1 : model.prior(senses.tagCounts, pos)[k], tags };
}

/** How usable a word is at all: (t + 1) / (t + 1 + κ), t its SemCor tags under that part of speech. */
function common(tags: number, kappa: number): number {
  return (tags + 1) / (tags + 1 + kappa);
}

function posOf(store: SynsetStore, synset: number): WordNetPos {
  const letter = store.posLetter(synset);
  return (letter === 's' ? 'a' : letter) as WordNetPos;
}

/** Within one sense, a word counts once, by its strongest path (multiword members left out). */
function senseReach(store: SynsetStore, relations: SynsetRelations, model: WsdModel, cache: Cache, s: number): SenseReach {
  const cached = cache.reach.get(s);
  if (cached) return cached;
  const paths = reach(relations, s);
  const weight = cache.kindWeight;
  const offsets = store.memberOffsets();
  // Per word, its place in the lists below.
  const local = new Map<string, number>();
  const member: number[] = [];
  const synset: number[] = [];
  const kind: number[] = [];
  for (let p = 0; p < paths.size; p++) {
    const to = paths.synset[p];
    for (let m = offsets[to]; m < offsets[to + 1]; m++) {
      const word = store.memberLemma(m);
      if (word.includes('_')) continue;
      const seen = local.get(word);
      if (seen === undefined) {
        local.set(word, member.length);
        member.push(m);
        synset.push(to);
        kind.push(paths.kind[p]);
      } else if (weight[kind[seen]] < weight[paths.kind[p]]) {
        member[seen] = m;
        synset[seen] = to;
        kind[seen] = paths.kind[p];
      }
    }
  }
  const fits = fitsOf(store, cache);
  const vectors = model.wordVectors;
  const vindex = vectors === undefined ? undefined : vectorIndex(vectors);
  for (let r = 0; r < member.length; r++) {
    const m = member[r];
    if (!Number.isNaN(fits.prior[m])) continue;
    const word = store.memberLemma(m);
    const f = fitOf(store, model, word, synset[r]);
    fits.prior[m] = f.prior;
    fits.tags[m] = f.tags;
    fits.row[m] = vindex === undefined ? -1 : vindex.row(word.toLowerCase());
  }
  const reached: SenseReach = Int32Array.from(member, (m, r) => (m << KIND_BITS) | kind[r]);
  // The array (4 bytes a word) and its objects.
  cache.reach.set(s, reached, 250 + 4 * member.length);
  return reached;
}

/** The cache's per-member fit tables (Cache.fits), allocated on first use. */
function fitsOf(store: SynsetStore, cache: Cache): NonNullable<Cache['fits']> {
  if (cache.fits === undefined) {
    const members = store.memberOffsets()[store.size];
    cache.fits = { prior: new Float64Array(members).fill(NaN), tags: new Float64Array(members), row: new Int32Array(members) };
  }
  return cache.fits;
}

/** The paths of one reach (reach() fills it): per path the synset reached and its kind, in order. */
interface Paths {
  size: number;
  synset: Int32Array;
  kind: Uint8Array;
}

const PATHS: Paths = { size: 0, synset: new Int32Array(256), kind: new Uint8Array(256) };

function addPath(paths: Paths, synset: number, kind: number): void {
  if (paths.size === paths.synset.length) {
    const grown = new Int32Array(2 * paths.size);
    grown.set(paths.synset);
    paths.synset = grown;
    const kinds = new Uint8Array(2 * paths.size);
    kinds.set(paths.kind);
    paths.kind = kinds;
  }
  paths.synset[paths.size] = synset;
  paths.kind[paths.size++] = kind;
}

/**
 * The synsets reachable from a sense, each with its path's kind (strongest first where repeated), in the
 * module's one Paths (valid until the next call).
 */
function reach(relations: SynsetRelations, s: number): Paths {
  const out = PATHS;
  out.size = 0;
  addPath(out, s, SYNONYM);
  for (const r of relations.list(s, 'similar')) {
    addPath(out, r, SIMILAR);
    // Two steps: a satellite's head's other satellites, or a head's satellites' head (the source itself left out).
    for (const r2 of relations.list(r, 'similar')) if (r2 !== s) addPath(out, r2, SIMILAR2);
  }
  for (const r of relations.list(s, 'alsoSee')) addPath(out, r, ALSO_SEE);
  const hypernyms = relations.list(s, 'hypernyms');
  for (const h of hypernyms) {
    addPath(out, h, HYPERNYM);
    for (const h2 of relations.list(h, 'hypernyms')) addPath(out, h2, HYPERNYM2);
  }
  for (const r of relations.list(s, 'entails')) addPath(out, r, ENTAILMENT);
  for (const r of relations.list(s, 'causes')) addPath(out, r, CAUSE);
  for (const r of relations.list(s, 'verbGroup')) addPath(out, r, VERB_GROUP);
  // Hyponyms and sister terms (hyponyms of a hypernym) with weights low enough that they rank after the
  // synonyms and hypernyms of the same sense and rarely pass the response's floor: they fill the tail of
  // the ranking where the entailed words are few. A synset with more than maxHyponyms hyponyms is
  // skipped (such lists are taxonomies, "person" or "city", not substitutes, and cost time).
  const hyponyms = relations.hyponyms(s);
  if (hyponyms.length <= WEIGHT.maxHyponyms) for (const r of hyponyms) addPath(out, r, HYPONYM);
  for (const h of hypernyms) {
    const sisters = relations.hyponyms(h);
    if (sisters.length <= WEIGHT.maxHyponyms) for (const r of sisters) if (r !== s) addPath(out, r, SISTER);
  }
  return out;
}
