/**
 * Lexical entailments of a word in context: the words its meaning here
 * entails or can stand for, from WordNet relations of its senses weighted by
 * how likely each sense is.
 *
 * From each sense s of the word (posterior q(s) in this sentence, prior π(s)
 * from sense frequency alone), WordNet is followed to related synsets r with
 * a relation weight w: the synset itself (synonyms) 1, similar-to adjectives
 * 0.8, hypernyms 0.7 (their hypernyms 0.4), verb entailments and causes 0.5,
 * hyponyms 0.1 and sister terms (other hyponyms of a hypernym) 0.05 — the
 * last two only fill the tail where the others are few (a synset with over
 * 100 hyponyms contributes none).
 * Each single-word member c of r other than the word itself is a candidate.
 *
 *   priorScore(c)   = Σ_s π(s) · max_{r ∋ c} w(s→r)                    (independent of the sentence)
 *   contextScore(c) = (Σ_s q(s) · max_{r ∋ c} w(s→r))^(1−γ) · fit(c)^γ
 *   fit(c)          = P(c means r* | this context) · (t + 1) / (t + 1 + κ): the WSD model run
 *                     on c in the word's place, r* the synset through which c scored best —
 *                     does the substitute read in this sentence with the meaning it was
 *                     chosen for? — times how common c is at all (t: its SemCor tag count
 *                     under that part of speech), so "shiny" comes before "nitid"
 *   score(c)        = λ · contextScore(c) + (1 − λ) · priorScore(c)
 *
 * All three lie in 0..1. γ and λ were tuned on the lexical-substitution dev
 * files (see models/senses/MODEL_CARD.md). The extractor keeps at most
 * ENTAILMENT_CAP words per source word with score ≥ ENTAILMENT_FLOOR.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { SynsetRelations } from './relations.js';
import type { LemmaSenses, SynsetStore } from './synsets.js';
import type { FeatureContext, WsdModel } from './wsd-model.js';

export const ENTAILMENT_FLOOR = 0.1;
export const ENTAILMENT_CAP = 5;

export interface EntailmentParams {
  /** Weight of the context-fit part of the context score. */
  gamma: number;
  /** Weight of the context score in the overall score. */
  lambda: number;
  /** Candidates, by their relation score, whose fit is computed (the rest keep fit from the relation alone). */
  fitTop: number;
  /** How many SemCor tags make a word half as usable as a common one. */
  kappa: number;
}

export const DEFAULT_ENTAILMENT_PARAMS: EntailmentParams = { gamma: 0.15, lambda: 0.8, fitTop: 16, kappa: 30 };

/** Relation weights of the tail relations (see reach), tuned on the lexical-substitution dev files. */
const HYPONYM_WEIGHT = 0.1;
const SISTER_WEIGHT = 0.05;
const MAX_HYPONYMS = 100;

export interface EntailedWord {
  /** The entailed word as WordNet writes it ("car", "automobile"). */
  word: string;
  /** The synset it was reached through, and the relation. */
  synset: number;
  relation: 'synonym' | 'similar' | 'hypernym' | 'entailment' | 'cause' | 'hyponym' | 'sister';
  priorScore: number;
  contextScore: number;
  score: number;
}

export interface EntailmentSource {
  lemma: string;
  pos: WordNetPos;
  /** The word's candidate synsets and their posteriors (from disambiguate). */
  synsets: Int32Array;
  posterior: Float64Array;
  tagCounts: Float32Array;
  /** The WSD features of the word's context (for the fit). */
  context: FeatureContext;
}

interface Path {
  weight: number;
  synset: number;
  relation: EntailedWord['relation'];
}

/**
 * The single-word members reachable from one sense, each once by its
 * strongest path, with what their fit needs (context-independent, built once
 * per synset). Parallel arrays, indexed by reach entry.
 */
interface SenseReach {
  /** Word ids (see Scratch.words) and the ids of their lower-case forms. */
  ids: Int32Array;
  lowerIds: Int32Array;
  paths: Path[];
  /** paths[i].weight, side by side for the summing loop. */
  weights: Float64Array;
  /** The word's own senses under its path's part of speech, the path's synset among them (-1: absent), their SemCor tags. */
  fitSenses: (LemmaSenses | undefined)[];
  /** How many senses the word has there (0: none), so that a one-sense word's fit reads nothing else. */
  fitCount: Int32Array;
  fitIndex: Int32Array;
  fitTags: Float64Array;
  /** The part of speech of the path's synset (satellites as adjectives). */
  fitPos: WordNetPos[];
}

/** Interned candidate words and per-word accumulators of entailedWords, one per relations file. */
interface Scratch {
  ids: Map<string, number>;
  words: string[];
  current: number;
  stamp: Uint32Array;
  prior: Float64Array;
  context: Float64Array;
  bestValue: Float64Array;
  /** Per word: the sense reach and entry of its strongest path (by q·w). */
  bestReach: (SenseReach | undefined)[];
  bestEntry: Int32Array;
  /** Words in first-touch order (the order a Map would iterate in), and their count. */
  touched: Int32Array;
  /** Per synset: its SenseReach, once built (allocated for the store's synsets on first use). */
  reach: (SenseReach | undefined)[] | undefined;
}

const SCRATCH: WeakMap<SynsetRelations, Scratch> = new WeakMap();

function scratchOf(relations: SynsetRelations): Scratch {
  let acc = SCRATCH.get(relations);
  if (!acc) {
    const n = 1 << 16;
    acc = {
      ids: new Map(),
      words: [],
      current: 0,
      stamp: new Uint32Array(n),
      prior: new Float64Array(n),
      context: new Float64Array(n),
      bestValue: new Float64Array(n),
      bestReach: new Array<SenseReach | undefined>(n).fill(undefined),
      bestEntry: new Int32Array(n),
      touched: new Int32Array(n),
      reach: undefined,
    };
    SCRATCH.set(relations, acc);
  }
  return acc;
}

function nextStamp(acc: Scratch): number {
  if (acc.current === 0xffffffff) {
    acc.stamp.fill(0);
    acc.current = 0;
  }
  return ++acc.current;
}

/** The id of a candidate word, growing the accumulators when the vocabulary outgrows them. */
function wordId(acc: Scratch, word: string): number {
  let id = acc.ids.get(word);
  if (id === undefined) {
    id = acc.words.length;
    acc.ids.set(word, id);
    acc.words.push(word);
    if (id >= acc.stamp.length) {
      const grow = <T extends Uint32Array | Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      acc.stamp = grow(acc.stamp, (n) => new Uint32Array(n));
      acc.prior = grow(acc.prior, (n) => new Float64Array(n));
      acc.context = grow(acc.context, (n) => new Float64Array(n));
      acc.bestValue = grow(acc.bestValue, (n) => new Float64Array(n));
      acc.bestEntry = grow(acc.bestEntry, (n) => new Int32Array(n));
      acc.touched = grow(acc.touched, (n) => new Int32Array(n));
      acc.bestReach = acc.bestReach.concat(new Array<SenseReach | undefined>(acc.bestReach.length).fill(undefined));
    }
  }
  return id;
}

/** Per model: the prior of each candidate list (context-free, so computed once per lemma and part of speech). */
const PRIORS: WeakMap<WsdModel, Record<WordNetPos, WeakMap<Float32Array, Float64Array>>> = new WeakMap();

function priorOf(model: WsdModel, tagCounts: Float32Array, pos: WordNetPos): Float64Array {
  let byPos = PRIORS.get(model);
  if (!byPos) PRIORS.set(model, (byPos = { n: new WeakMap(), v: new WeakMap(), a: new WeakMap(), r: new WeakMap() }));
  let prior = byPos[pos].get(tagCounts);
  if (prior === undefined) byPos[pos].set(tagCounts, (prior = model.prior(tagCounts, pos)));
  return prior;
}


/**
 * Every candidate word with its scores, best first (no floor, no cap); with
 * `keep`, only enough of them that the first `cap` distinct words (any case)
 * scoring at least `floor` are exactly those of the full list.
 */
export function entailedWords(
  store: SynsetStore,
  relations: SynsetRelations,
  model: WsdModel,
  source: EntailmentSource,
  params: EntailmentParams = DEFAULT_ENTAILMENT_PARAMS,
  keep?: { floor: number; cap: number },
): EntailedWord[] {
  const acc = scratchOf(relations);
  const n = accumulate(store, relations, model, source, acc);
  const fitOf = (c: Candidate): number => (c.rank < params.fitTop ? fit(model, c.reach, c.entry, source.context, params.kappa) : 0);
  if (keep === undefined) {
    const all = Array.from({ length: n }, (_, i) => candidateAt(acc, i, 0)).sort((a, b) => b.context - a.context);
    all.forEach((c, rank) => (c.rank = rank));
    return all.map((c) => scored(acc, c, fitOf(c), params)).sort(byScore);
  }
  // Only the best `cap` words at or above `floor` are wanted: a word's score is at most its score with
  // the largest fit it could get (its commonness factor; 0 past fitTop), so candidates are scored in
  // the order of that bound and the fit (the WSD model run on the word) stops once no unscored word
  // can enter the kept ones. The kept words are exactly those of the full ranking.
  const bounded: Candidate[] = [];
  for (const c of topByContext(acc, n, params.fitTop)) {
    const maxFit = c.reach.fitCount[c.entry] === 0 ? 0 : common(c.reach.fitTags[c.entry], params.kappa);
    c.bound = scoreOf(c, maxFit, params);
    bounded.push(c);
  }
  // Past fitTop the fit is 0, so (with γ > 0) the context part is 0 and the score (1 − λ)·min(1, prior):
  // most words fall under the floor on that alone.
  const rest: Candidate[] = [];
  for (let i = 0; i < n; i++) {
    const id = acc.touched[i];
    if (acc.stamp[id] === 0) continue; // in the top (see topByContext)
    if (params.gamma > 0 && (1 - params.lambda) * Math.min(1, acc.prior[id]) < keep.floor) continue;
    rest.push(candidateAt(acc, i, params.fitTop));
  }
  if (rest.length > 0) {
    rest.sort((a, b) => b.context - a.context);
    for (const c of rest) {
      c.bound = scoreOf(c, 0, params);
      bounded.push(c);
    }
  }
  bounded.sort((a, b) => b.bound - a.bound);
  // Kept sorted by byScore as they come (the order the full ranking gives them).
  const out: EntailedWord[] = [];
  for (const c of bounded) {
    if (c.bound < keep.floor) break;
    if (out.length >= keep.cap && keptFloorScore(out, keep) > c.bound) break;
    insertSorted(out, scored(acc, c, fitOf(c), params));
  }
  return out;
}

/** A candidate with its summed weights, the reach entry of its strongest path, and its rank by context weight. */
interface Candidate {
  id: number;
  prior: number;
  context: number;
  /** context^(1−γ), computed once (the bound and the score both need it). */
  contextPow: number;
  reach: SenseReach;
  entry: number;
  rank: number;
  /** Its score with the largest fit it could get. */
  bound: number;
}

/** The i-th touched word as a candidate. */
function candidateAt(acc: Scratch, i: number, rank: number): Candidate {
  const id = acc.touched[i];
  return { id, prior: acc.prior[id], context: acc.context[id], contextPow: NaN, reach: acc.bestReach[id]!, entry: acc.bestEntry[id], rank, bound: NaN };
}

/** λ · context^(1−γ) · fit^γ + (1 − λ) · min(1, prior). */
function scoreOf(c: Candidate, fit: number, params: EntailmentParams): number {
  if (Number.isNaN(c.contextPow)) c.contextPow = c.context ** (1 - params.gamma);
  return params.lambda * (c.contextPow * fit ** params.gamma) + (1 - params.lambda) * Math.min(1, c.prior);
}

function scored(acc: Scratch, c: Candidate, fit: number, params: EntailmentParams): EntailedWord {
  if (Number.isNaN(c.contextPow)) c.contextPow = c.context ** (1 - params.gamma);
  const contextScore = c.contextPow * fit ** params.gamma;
  const priorScore = Math.min(1, c.prior);
  const path = c.reach.paths[c.entry];
  return {
    word: acc.words[c.id],
    synset: path.synset,
    relation: path.relation,
    priorScore,
    contextScore,
    score: params.lambda * contextScore + (1 - params.lambda) * priorScore,
  };
}

/** Inserts w into a list sorted by byScore. */
function insertSorted(list: EntailedWord[], w: EntailedWord): void {
  let at = list.length;
  list.push(w);
  while (at > 0 && byScore(list[at - 1], w) > 0) {
    list[at] = list[at - 1];
    at--;
  }
  list[at] = w;
}

/**
 * Sums, per candidate word, the prior and context weights over the source's
 * senses (into the scratch arrays, stamped for this call) and keeps its
 * strongest path; returns how many words were touched (acc.touched).
 */
function accumulate(store: SynsetStore, relations: SynsetRelations, model: WsdModel, source: EntailmentSource, acc: Scratch): number {
  const prior = priorOf(model, source.tagCounts, source.pos);
  // Interned now, so that a reach built below (which interns its words) compares against the same id.
  const ownId = wordId(acc, source.lemma.toLowerCase());
  const stamp = nextStamp(acc);
  let n = 0;
  for (let k = 0; k < source.synsets.length; k++) {
    const q = source.posterior[k];
    const pi = prior[k];
    if (q < 0.005 && pi < 0.005) continue;
    const reached = senseReach(store, relations, acc, source.synsets[k]);
    const { ids, lowerIds, weights } = reached;
    for (let i = 0; i < ids.length; i++) {
      if (lowerIds[i] === ownId) continue;
      const id = ids[i];
      const w = weights[i];
      if (acc.stamp[id] !== stamp) {
        acc.stamp[id] = stamp;
        acc.prior[id] = 0;
        acc.context[id] = 0;
        acc.bestValue[id] = -1;
        acc.touched[n++] = id;
      }
      acc.prior[id] += pi * w;
      acc.context[id] += q * w;
      if (q * w > acc.bestValue[id]) {
        acc.bestValue[id] = q * w;
        acc.bestReach[id] = reached;
        acc.bestEntry[id] = i;
      }
    }
  }
  return n;
}

/**
 * The first `top` touched words by context weight, best first, ties in touch
 * order (what a stable sort of all of them would put first). Their stamps
 * are cleared, which marks them for the caller.
 */
function topByContext(acc: Scratch, n: number, top: number): Candidate[] {
  const best: number[] = [];
  for (let i = 0; i < n; i++) {
    const value = acc.context[acc.touched[i]];
    if (best.length === top && value <= acc.context[acc.touched[best[top - 1]]]) continue;
    let at = best.length === top ? top - 1 : best.length;
    while (at > 0 && acc.context[acc.touched[best[at - 1]]] < value) {
      if (at < best.length) best[at] = best[at - 1];
      else best.push(best[at - 1]);
      at--;
    }
    if (at < best.length) best[at] = i;
    else best.push(i);
  }
  return best.map((i, rank) => {
    const c = candidateAt(acc, i, rank);
    acc.stamp[c.id] = 0;
    return c;
  });
}

function byScore(a: EntailedWord, b: EntailedWord): number {
  return b.score - a.score || (a.word < b.word ? -1 : 1);
}

/** The lowest score among the words the extractor would keep from `sorted` (by byScore; −1 while fewer than cap qualify). */
function keptFloorScore(sorted: EntailedWord[], keep: { floor: number; cap: number }): number {
  const kept: string[] = [];
  for (const w of sorted) {
    if (w.score < keep.floor) break;
    const lower = w.word.toLowerCase();
    if (kept.includes(lower)) continue;
    kept.push(lower);
    if (kept.length === keep.cap) return w.score;
  }
  return -1;
}

function posOf(store: SynsetStore, synset: number): WordNetPos {
  const letter = store.posLetter(synset);
  return (letter === 's' ? 'a' : letter) as WordNetPos;
}

/** Within one sense, a word counts once, by its strongest path (multiword members left out). */
function senseReach(store: SynsetStore, relations: SynsetRelations, acc: Scratch, s: number): SenseReach {
  const bySynset = (acc.reach ??= new Array<SenseReach | undefined>(store.size).fill(undefined));
  const cached = bySynset[s];
  if (cached) return cached;
  const local = new Map<string, Path>();
  for (const path of reach(relations, s)) {
    for (const [member] of store.members(path.synset)) {
      if (member.includes('_')) continue;
      const seen = local.get(member);
      if (!seen || seen.weight < path.weight) local.set(member, path);
    }
  }
  const words = [...local.keys()];
  const paths = [...local.values()];
  const fitPos = paths.map((p) => posOf(store, p.synset));
  const fitSenses = words.map((w, i) => store.senses(w, fitPos[i]));
  const reached: SenseReach = {
    ids: Int32Array.from(words, (w) => wordId(acc, w)),
    lowerIds: Int32Array.from(words, (w) => wordId(acc, w.toLowerCase())),
    paths,
    weights: Float64Array.from(paths, (p) => p.weight),
    fitSenses,
    fitCount: Int32Array.from(fitSenses, (senses) => senses?.synsets.length ?? 0),
    fitIndex: Int32Array.from(fitSenses, (senses, i) => (senses === undefined ? -1 : senses.synsets.indexOf(paths[i].synset))),
    fitTags: Float64Array.from(fitSenses, (senses) => {
      let tags = 0;
      if (senses !== undefined) for (const t of senses.tagCounts) tags += t;
      return tags;
    }),
    fitPos,
  };
  bySynset[s] = reached;
  return reached;
}

/** The synsets reachable from a sense, each with its relation weight (strongest first where repeated). */
function reach(relations: SynsetRelations, s: number): Path[] {
  const out: Path[] = [{ weight: 1, synset: s, relation: 'synonym' }];
  const links = relations.links(s);
  for (const r of links.similar) out.push({ weight: 0.8, synset: r, relation: 'similar' });
  for (const h of links.hypernyms) {
    out.push({ weight: 0.7, synset: h, relation: 'hypernym' });
    for (const h2 of relations.links(h).hypernyms) out.push({ weight: 0.4, synset: h2, relation: 'hypernym' });
  }
  for (const r of links.entails) out.push({ weight: 0.5, synset: r, relation: 'entailment' });
  for (const r of links.causes) out.push({ weight: 0.5, synset: r, relation: 'cause' });
  // Hyponyms and sister terms (hyponyms of a hypernym) with weights low enough that they rank after the
  // synonyms and hypernyms of the same sense and rarely pass the response's floor: they fill the tail of
  // the ranking where the entailed words are few. A synset with more than MAX_HYPONYMS hyponyms is
  // skipped (such lists are taxonomies, "person" or "city", not substitutes, and cost time).
  const hyponyms = relations.hyponyms(s);
  if (hyponyms.length <= MAX_HYPONYMS) for (const r of hyponyms) out.push({ weight: HYPONYM_WEIGHT, synset: r, relation: 'hyponym' });
  for (const h of links.hypernyms) {
    const sisters = relations.hyponyms(h);
    if (sisters.length <= MAX_HYPONYMS) for (const r of sisters) if (r !== s) out.push({ weight: SISTER_WEIGHT, synset: r, relation: 'sister' });
  }
  return out;
}

/** How usable a word is at all: (t + 1) / (t + 1 + κ), t its SemCor tags under that part of speech. */
function common(tags: number, kappa: number): number {
  return (tags + 1) / (tags + 1 + kappa);
}

/**
 * P(the entry's word means its path's synset | the source's context), by the
 * WSD model over the word's own senses, times how common the word is.
 */
function fit(model: WsdModel, reached: SenseReach, entry: number, context: FeatureContext, kappa: number): number {
  const count = reached.fitCount[entry];
  if (count === 0) return 0;
  const k = reached.fitIndex[entry];
  if (k < 0) return 0;
  const c = common(reached.fitTags[entry], kappa);
  if (count === 1) return c;
  const senses = reached.fitSenses[entry]!;
  return model.probabilityOf(k, senses.synsets, senses.tagCounts, context, reached.fitPos[entry]) * c;
}
