/**
 * Lexical entailments of a word in context: the words its meaning here
 * entails or can stand for, from WordNet relations of its senses weighted by
 * how likely each sense is.
 *
 * From each sense s of the word (posterior q(s) in this sentence, prior π(s)
 * from sense frequency alone), WordNet is followed to related synsets r with
 * a relation weight w: the synset itself (synonyms) 1, similar-to adjectives
 * 0.8, hypernyms 0.7 (their hypernyms 0.4), verb entailments and causes 0.5.
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
import type { SynsetStore } from './synsets.js';
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

export const DEFAULT_ENTAILMENT_PARAMS: EntailmentParams = { gamma: 0.15, lambda: 0.8, fitTop: 8, kappa: 30 };

export interface EntailedWord {
  /** The entailed word as WordNet writes it ("car", "automobile"). */
  word: string;
  /** The synset it was reached through, and the relation. */
  synset: number;
  relation: 'synonym' | 'similar' | 'hypernym' | 'entailment' | 'cause';
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

/** The single-word members reachable from one sense, each once by its strongest path (context-independent, cached). */
interface SenseReach {
  /** Word ids (see Scratch.words), their lower-case forms, their strongest paths. */
  ids: Int32Array;
  lower: string[];
  paths: Path[];
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
  best: (Path | undefined)[];
}

const SCRATCH: WeakMap<SynsetRelations, Scratch> = new WeakMap();

function scratchOf(relations: SynsetRelations): Scratch {
  let acc = SCRATCH.get(relations);
  if (!acc) {
    const n = 1 << 16;
    acc = { ids: new Map(), words: [], current: 0, stamp: new Uint32Array(n), prior: new Float64Array(n), context: new Float64Array(n), bestValue: new Float64Array(n), best: [] };
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
      const grow = <T extends Uint32Array | Float64Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      acc.stamp = grow(acc.stamp, (n) => new Uint32Array(n));
      acc.prior = grow(acc.prior, (n) => new Float64Array(n));
      acc.context = grow(acc.context, (n) => new Float64Array(n));
      acc.bestValue = grow(acc.bestValue, (n) => new Float64Array(n));
    }
  }
  return id;
}

/** Per relations file, per synset: its SenseReach. Per store, per part of speech: a word's fit inputs. */
const REACH: WeakMap<SynsetRelations, Map<number, SenseReach>> = new WeakMap();
const FIT_INPUTS: WeakMap<SynsetStore, Record<WordNetPos, Map<string, FitInputs | null>>> = new WeakMap();

interface FitInputs {
  synsets: Int32Array;
  tagCounts: Float32Array;
  /** (tags + 1) / (tags + 1 + κ). */
  common: number;
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
  const prior = model.prior(source.tagCounts, source.pos);
  const own = source.lemma.toLowerCase();
  // Per word (interned id): summed prior and context weights and the strongest path, in scratch arrays
  // stamped per call; `touched` keeps first-touch order (the order a Map would iterate in).
  const acc = scratchOf(relations);
  const stamp = nextStamp(acc);
  const touched: number[] = [];
  for (let k = 0; k < source.synsets.length; k++) {
    const q = source.posterior[k];
    const pi = prior[k];
    if (q < 0.005 && pi < 0.005) continue;
    const reached = senseReach(store, relations, source.synsets[k]);
    for (let i = 0; i < reached.ids.length; i++) {
      if (reached.lower[i] === own) continue;
      const id = reached.ids[i];
      const path = reached.paths[i];
      if (acc.stamp[id] !== stamp) {
        acc.stamp[id] = stamp;
        acc.prior[id] = 0;
        acc.context[id] = 0;
        acc.bestValue[id] = -1;
        acc.best[id] = path;
        touched.push(id);
      }
      acc.prior[id] += pi * path.weight;
      acc.context[id] += q * path.weight;
      if (q * path.weight > acc.bestValue[id]) {
        acc.bestValue[id] = q * path.weight;
        acc.best[id] = path;
      }
    }
  }
  const candidates = touched
    .map((id): [string, { prior: number; context: number; best: Path }] => [acc.words[id], { prior: acc.prior[id], context: acc.context[id], best: acc.best[id]! }])
    .sort((a, b) => b[1].context - a[1].context);
  const scored = (word: string, e: { prior: number; context: number; best: Path }, fit: number): EntailedWord => {
    const contextScore = e.context ** (1 - params.gamma) * fit ** params.gamma;
    const priorScore = Math.min(1, e.prior);
    return {
      word,
      synset: e.best.synset,
      relation: e.best.relation,
      priorScore,
      contextScore,
      score: params.lambda * contextScore + (1 - params.lambda) * priorScore,
    };
  };
  if (keep === undefined) {
    return candidates
      .map(([word, e], rank) => scored(word, e, rank < params.fitTop ? fitOf(store, model, word, e.best.synset, source, params.kappa) : 0))
      .sort(byScore);
  }
  // Only the best `cap` words at or above `floor` are wanted: a word's score is at most its score with
  // the largest fit it could get (its commonness factor; 0 past fitTop), so candidates are scored in
  // the order of that bound and the fit (the WSD model run on the word) stops once no unscored word
  // can enter the kept ones. The kept words are exactly those of the full ranking.
  const bounded = candidates.map(([word, e], rank) => {
    const maxFit = rank < params.fitTop ? (fitInputs(store, word, posOf(store, e.best.synset), params.kappa)?.common ?? 0) : 0;
    return { word, e, rank, bound: scored(word, e, maxFit).score };
  });
  bounded.sort((a, b) => b.bound - a.bound);
  const out: EntailedWord[] = [];
  for (let i = 0; i < bounded.length; i++) {
    const { word, e, rank, bound } = bounded[i];
    if (bound < keep.floor) break;
    if (out.length >= keep.cap && keptFloorScore(out, keep) > bound) break;
    out.push(scored(word, e, rank < params.fitTop ? fitOf(store, model, word, e.best.synset, source, params.kappa) : 0));
  }
  return out.sort(byScore);
}

function byScore(a: EntailedWord, b: EntailedWord): number {
  return b.score - a.score || (a.word < b.word ? -1 : 1);
}

/** The lowest score among the words the extractor would keep from `scored` (−1 while fewer than cap qualify). */
function keptFloorScore(scored: EntailedWord[], keep: { floor: number; cap: number }): number {
  const sorted = [...scored].sort(byScore);
  const kept = new Set<string>();
  for (const w of sorted) {
    if (w.score < keep.floor) break;
    const lower = w.word.toLowerCase();
    if (kept.has(lower)) continue;
    kept.add(lower);
    if (kept.size === keep.cap) return w.score;
  }
  return -1;
}

function posOf(store: SynsetStore, synset: number): WordNetPos {
  const letter = store.posLetter(synset);
  return (letter === 's' ? 'a' : letter) as WordNetPos;
}

/** Within one sense, a word counts once, by its strongest path (multiword members left out). */
function senseReach(store: SynsetStore, relations: SynsetRelations, s: number): SenseReach {
  let bySynset = REACH.get(relations);
  if (!bySynset) REACH.set(relations, (bySynset = new Map()));
  let reached = bySynset.get(s);
  if (reached) return reached;
  const local = new Map<string, Path>();
  for (const path of reach(relations, s)) {
    for (const [member] of store.members(path.synset)) {
      if (member.includes('_')) continue;
      const seen = local.get(member);
      if (!seen || seen.weight < path.weight) local.set(member, path);
    }
  }
  const acc = scratchOf(relations);
  reached = {
    ids: Int32Array.from(local.keys(), (w) => wordId(acc, w)),
    lower: [...local.keys()].map((w) => w.toLowerCase()),
    paths: [...local.values()],
  };
  bySynset.set(s, reached);
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
  return out;
}

/** P(word means `synset` | the source's context), by the WSD model over the word's own senses. */
function fitOf(store: SynsetStore, model: WsdModel, word: string, synset: number, source: EntailmentSource, kappa: number): number {
  const pos = posOf(store, synset);
  const inputs = fitInputs(store, word, pos, kappa);
  if (!inputs) return 0;
  const k = inputs.synsets.indexOf(synset);
  if (k < 0) return 0;
  if (inputs.synsets.length === 1) return inputs.common;
  return model.probabilities(inputs.synsets, inputs.tagCounts, source.context, pos)[k] * inputs.common;
}

/** A word's senses and how common it is (cached per store, part of speech, word; κ is fixed per process). */
function fitInputs(store: SynsetStore, word: string, pos: WordNetPos, kappa: number): FitInputs | undefined {
  let byPos = FIT_INPUTS.get(store);
  if (!byPos) FIT_INPUTS.set(store, (byPos = { n: new Map(), v: new Map(), a: new Map(), r: new Map() }));
  const key = kappa === DEFAULT_ENTAILMENT_PARAMS.kappa ? word : `${word}\t${kappa}`;
  const cached = byPos[pos].get(key);
  if (cached !== undefined) return cached ?? undefined;
  const senses = store.senses(word, pos);
  let inputs: FitInputs | null = null;
  if (senses) {
    let tags = 0;
    for (const t of senses.tagCounts) tags += t;
    inputs = { synsets: senses.synsets, tagCounts: senses.tagCounts, common: (tags + 1) / (tags + 1 + kappa) };
  }
  byPos[pos].set(key, inputs);
  return inputs ?? undefined;
}
