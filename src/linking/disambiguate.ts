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
  const key = normalizeAlias(mention.text);
  const longer = earlier.find((o) => {
    const k = normalizeAlias(o.text);
    return k.length > key.length && ` ${k} `.includes(` ${key} `) && kb.hasAlias(k);
  });
  if (longer && /^\p{Lu}/u.test(mention.text)) return normalizeAlias(longer.text);
  return key;
}

export interface CandidateRows {
  key: string;
  candidates: Candidate[];
  entities: KbEntity[];
  /** One feature vector per candidate, in FEATURE_NAMES order. */
  rows: number[][];
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
  const keys = mentions.map((m, i) => candidateKey(kb, m, mentions.slice(0, i)));
  const cands = keys.map((k) => kb.candidatesForKey(k).slice(0, maxCandidates));
  // Coherence: how strongly each entity is related to the likely entities
  // of the document's other (distinct) mention strings.
  const distinct = [...new Set(keys)];
  const support = new Map<string, Map<number, number>>();
  for (const k of distinct) {
    const m = new Map<number, number>();
    for (const c of kb.candidatesForKey(k).slice(0, maxCandidates)) {
      const e = kb.entity(c.entity);
      if (!e) continue;
      for (const r of e.related) m.set(r, Math.max(m.get(r) ?? 0, c.prior));
      m.set(-1 - c.entity, c.prior);
    }
    support.set(k, m);
  }
  return mentions.map((mention, i) => {
    const key = keys[i];
    const candidates = cands[i].filter((c) => kb.entity(c.entity) !== undefined);
    const entities = candidates.map((c) => kb.entity(c.entity) as KbEntity);
    const noCounts = candidates.every((x) => x.count === 0);
    const rows = entities.map((e, j) => {
      const c = candidates[j];
      const prior = overrides.prior ? overrides.prior(key, c, candidates) : c.prior;
      let coh = 0;
      let others = 0;
      for (const k of distinct) {
        if (k === key) continue;
        others++;
        const s = support.get(k) as Map<number, number>;
        let best = s.get(e.id) ?? 0;
        for (const r of e.related) best = Math.max(best, s.get(-1 - r) ?? 0);
        coh += best;
      }
      const context = overrides.context ? overrides.context(e) : e.context;
      return features(mention, e, prior, j === 0, candidates.length, noCounts, docWords, context, others ? coh / others : 0);
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
  const descWords = contentWords(`${e.label} ${e.description ?? ''} ${(e.title ?? '').replace(/_/g, ' ')}`.split(/[^\p{L}]+/u));
  const desc = descWords.length ? descWords.filter((w) => docWords.has(w)).length / descWords.length : 0;
  const key = normalizeAlias(mention.text);
  const exact = key === normalizeAlias(e.label) || (e.title !== undefined && key === normalizeAlias(e.title.replace(/_/g, ' '))) ? 1 : 0;
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
