/**
 * Disambiguation: for each mention of a document, rank the KB's candidates
 * with a conditional-logit model (a softmax over the mention's candidates of
 * w·features) and keep the best when its probability reaches the threshold.
 * The weights come from training/linker/train.ts (aida-conll train; threshold
 * tuned on testa) and ship as models/kb/linker.json.
 *
 * Features of a candidate (see FEATURE_NAMES): prior p(e|m), popularity,
 * whether it has the alias's best prior, NER type agreement / conflict with
 * the entity's DBpedia classes, context similarity (training-document words
 * and description/label words vs the document's words), coherence with the
 * candidates of the document's other mentions, exact-name match, ambiguity.
 */
import type { Candidate, KbEntity, KnowledgeBase } from './knowledge-base.js';
import { normalizeAlias } from './normalize.js';
import { contentWords } from './stopwords.js';
import { contextSimilarity } from './context.js';

export const FEATURE_NAMES = [
  'bias',
  'prior',
  'popularity',
  'topPrior',
  'typeAgree',
  'typeConflict',
  'context',
  'description',
  'coherence',
  'exactName',
  'ambiguity',
  'noCounts',
] as const;

export interface LinkerModel {
  features: readonly string[];
  weights: number[];
  /** Minimum probability of the best candidate for a link. */
  threshold: number;
  /** Candidates considered per mention (best priors first). */
  maxCandidates: number;
}

export interface MentionSpan {
  start: number;
  end: number;
  /** Surface text of the mention. */
  text: string;
  /** NER label (PER/ORG/LOC/MISC …) when known. */
  label?: string;
}

export interface ScoredCandidate {
  entity: KbEntity;
  prior: number;
  probability: number;
}

export interface Disambiguation {
  mention: MentionSpan;
  /** Candidates, best first (empty when the KB has none). */
  ranked: ScoredCandidate[];
  /** The link, when the best candidate's probability reaches the threshold. */
  best?: ScoredCandidate;
}

/** Hooks that training uses to leave the current document out of KB statistics. */
export interface FeatureOverrides {
  prior?(key: string, c: Candidate, all: readonly Candidate[]): number;
  context?(entity: KbEntity): Record<string, number>;
}

const COARSE: Record<string, string[]> = {
  PER: ['Person'],
  ORG: ['Organisation', 'Company', 'SportsTeam'],
  LOC: ['Place', 'Location'],
};

/**
 * Candidates of a mention: its own alias, else (a surname, "Blackburn")
 * the alias of an earlier, longer mention of the document that contains it
 * as a whole word ("Peter Blackburn") — names are shortened after first use.
 */
export function candidateKey(kb: KnowledgeBase, mention: MentionSpan, earlier: readonly MentionSpan[]): string {
  return candidateKeys(kb, [...earlier, mention])[earlier.length];
}

/** candidateKey for every mention of a document, each alias normalized once. */
export function candidateKeys(kb: KnowledgeBase, mentions: readonly MentionSpan[], norms = mentions.map((m) => normalizeAlias(m.text))): string[] {
  return mentions.map((m, i) => {
    const key = norms[i];
    if (!/^\p{Lu}/u.test(m.text)) return key;
    const padded = ` ${key} `;
    for (let j = 0; j < i; j++) {
      const k = norms[j];
      if (k.length > key.length && ` ${k} `.includes(padded) && kb.hasAlias(k)) return k;
    }
    return key;
  });
}

export interface CandidateRows {
  key: string;
  candidates: Candidate[];
  entities: KbEntity[];
  /** One feature vector per candidate, in FEATURE_NAMES order. */
  rows: number[][];
}

/** Words and name keys of an entity, derived once per entity object (the KB caches entities). */
interface EntityText {
  descWords: string[];
  label: string;
  title: string;
}
const entityText = new WeakMap<KbEntity, EntityText>();
function textOf(e: KbEntity): EntityText {
  let t = entityText.get(e);
  if (!t) {
    const title = (e.title ?? '').replace(/_/g, ' ');
    t = {
      descWords: contentWords(`${e.label} ${e.description ?? ''} ${title}`.split(/[^\p{L}]+/u)),
      label: normalizeAlias(e.label),
      title: e.title !== undefined ? normalizeAlias(title) : '',
    };
    entityText.set(e, t);
  }
  return t;
}

/**
 * Coherence of each candidate entity with the document's distinct mention
 * strings: for string k, the best prior among k's candidates that the entity
 * is related to (either direction). Computed over the union of the
 * document's candidates in one pass over their relation lists, not per
 * (mention, candidate, string) triple.
 */
function coherenceTable(groups: readonly { candidates: readonly Candidate[]; entities: readonly KbEntity[] }[]): Map<number, Float64Array> {
  const K = groups.length;
  const best = new Map<number, Float64Array>();
  const candOf = new Map<number, [number, number][]>();
  groups.forEach((g, k) =>
    g.entities.forEach((e, j) => {
      if (!best.has(e.id)) best.set(e.id, new Float64Array(K));
      let l = candOf.get(e.id);
      if (!l) candOf.set(e.id, (l = []));
      l.push([k, g.candidates[j].prior]);
    }),
  );
  const entities = new Map<number, KbEntity>();
  for (const g of groups) for (const e of g.entities) entities.set(e.id, e);
  for (const [id, e] of entities) {
    const mine = best.get(id) as Float64Array;
    const as = candOf.get(id) as [number, number][];
    for (const r of e.related) {
      // e → r: e's row gets r's priors; r's row gets e's priors (r → e seen from r).
      const other = candOf.get(r);
      if (!other) continue;
      for (const [k, p] of other) if (p > mine[k]) mine[k] = p;
      const theirs = best.get(r) as Float64Array;
      for (const [k, p] of as) if (p > theirs[k]) theirs[k] = p;
    }
  }
  return best;
}

/** Candidates and their feature vectors for every mention of a document. */
export function candidateFeatures(
  kb: KnowledgeBase,
  maxCandidates: number,
  docTokens: readonly string[],
  mentions: readonly MentionSpan[],
  overrides: FeatureOverrides = {},
): CandidateRows[] {
  const docWords = new Set(contentWords(docTokens));
  const norms = mentions.map((m) => normalizeAlias(m.text));
  const keys = candidateKeys(kb, mentions, norms);
  // One lookup per distinct string of the document.
  const keyIndex = new Map<string, number>();
  const groups: { key: string; candidates: Candidate[]; entities: KbEntity[] }[] = [];
  for (const key of keys) {
    if (keyIndex.has(key)) continue;
    keyIndex.set(key, groups.length);
    const candidates: Candidate[] = [];
    const entities: KbEntity[] = [];
    for (const c of kb.candidatesForKey(key)) {
      if (candidates.length >= maxCandidates) break;
      const e = kb.entity(c.entity);
      if (!e) continue;
      candidates.push(c);
      entities.push(e);
    }
    groups.push({ key, candidates, entities });
  }
  const coherence = coherenceTable(groups);
  const others = groups.length - 1;
  return mentions.map((mention, i) => {
    const key = keys[i];
    const k = keyIndex.get(key) as number;
    const { candidates, entities } = groups[k];
    const noCounts = candidates.every((x) => x.count === 0);
    const rows = entities.map((e, j) => {
      const c = candidates[j];
      const prior = overrides.prior ? overrides.prior(key, c, candidates) : c.prior;
      let coh = 0;
      if (others > 0) {
        const b = coherence.get(e.id) as Float64Array;
        for (let o = 0; o < b.length; o++) if (o !== k) coh += b[o];
        coh /= others;
      }
      const context = overrides.context ? overrides.context(e) : e.context;
      return features(mention, norms[i], e, prior, j === 0, candidates.length, noCounts, docWords, context, coh);
    });
    return { key, candidates, entities, rows };
  });
}

export function disambiguate(
  kb: KnowledgeBase,
  model: LinkerModel,
  docTokens: readonly string[],
  mentions: readonly MentionSpan[],
): Disambiguation[] {
  return candidateFeatures(kb, model.maxCandidates, docTokens, mentions).map((c, i) => {
    const ranked = rank(c, model.weights);
    const top = ranked[0];
    return { mention: mentions[i], ranked, best: top && top.probability >= model.threshold ? top : undefined };
  });
}

export function features(
  mention: MentionSpan,
  mentionKey: string,
  e: KbEntity,
  prior: number,
  topPrior: boolean,
  nCandidates: number,
  noCounts: boolean,
  docWords: ReadonlySet<string>,
  context: Record<string, number>,
  coherence: number,
): number[] {
  const coarse = mention.label ? COARSE[mention.label.toUpperCase()] : undefined;
  const known = e.dbpediaTypes.length > 0;
  const agree = coarse && known && coarse.some((c) => e.dbpediaTypes.includes(c)) ? 1 : 0;
  const conflict = coarse && known && !agree && (e.dbpediaTypes.includes('Person') || e.dbpediaTypes.includes('Place') || e.dbpediaTypes.includes('Organisation')) ? 1 : 0;
  const text = textOf(e);
  let hits = 0;
  for (const w of text.descWords) if (docWords.has(w)) hits++;
  const desc = text.descWords.length ? hits / text.descWords.length : 0;
  const exact = mentionKey === text.label || mentionKey === text.title ? 1 : 0;
  return [
    1,
    prior,
    Math.log1p(e.popularity) / 10,
    topPrior ? 1 : 0,
    agree,
    conflict,
    contextSimilarity(docWords, context),
    desc,
    coherence,
    exact,
    Math.log(nCandidates) / 3,
    noCounts ? 1 : 0,
  ];
}

/**
 * Softmax over the candidates plus a NIL option of score 0, so that a single
 * weak candidate gets a low probability instead of 1 by default.
 */
export function probabilities(rows: readonly number[][], weights: readonly number[]): number[] {
  const scores = rows.map((x) => dot(weights, x));
  const max = Math.max(0, ...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const z = exps.reduce((a, b) => a + b, 0) + Math.exp(-max);
  return exps.map((e) => e / z);
}

export function rank(c: CandidateRows, weights: readonly number[]): ScoredCandidate[] {
  const p = probabilities(c.rows, weights);
  return c.entities.map((entity, j) => ({ entity, prior: c.candidates[j].prior, probability: p[j] })).sort((a, b) => b.probability - a.probability);
}

export function dot(w: readonly number[], x: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += w[i] * x[i];
  return s;
}
