/**
 * The ranker's coherence features (coherence, topCoherence): each candidate's
 * mean support from the document's other groups. They are computed from a
 * sparse table (an entity is related to few of a long document's groups);
 * these tests hold them to the plain definition — a dense sum over every
 * group in group order — to the last bit.
 */
import { describe, expect, it } from 'vitest';
import type { Candidate, KbEntity, KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { addTopCoherence, candidateFeatures, FEATURE_NAMES, probabilities, type CandidateRows, type MentionSpan } from '../../src/linking/features.js';

const COHERENCE = FEATURE_NAMES.indexOf('coherence');
const TOP_COHERENCE = FEATURE_NAMES.indexOf('topCoherence');

/** Deterministic pseudo-random numbers (a fixed LCG), so the KB is the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** A KB of `names` one- and two-word names, each with up to `perName` candidates related at random. */
function syntheticKb(names: number, perName: number, seed = 7): { kb: KnowledgeBase; keys: string[] } {
  const rnd = random(seed);
  const entities: KbEntity[] = [];
  const byKey: Record<string, Candidate[]> = {};
  const keys: string[] = [];
  for (let n = 0; n < names; n++) {
    // Every third name is "Given Family", and its family name alone is a name too (coreference).
    const key = n % 3 === 0 ? `given${n} family${n}` : `family${n - (n % 3)}` === `family${n}` ? `name${n}` : `family${n - (n % 3)}`;
    if (byKey[key]) continue;
    keys.push(key);
    const count = 1 + Math.floor(rnd() * perName);
    const weights = Array.from({ length: count }, () => 1 + Math.floor(rnd() * 50));
    const total = weights.reduce((a, b) => a + b, 0);
    byKey[key] = weights.map((w) => {
      const id = entities.length + 1;
      entities.push({ id, title: `E${id}`, label: `E${id}`, aliases: [], dbpediaTypes: [], freebaseTypes: [], popularity: 0, properties: {}, context: {}, related: [] });
      return { entity: id, count: w, prior: w / total } as Candidate;
    });
  }
  for (const e of entities) {
    const links = Math.floor(rnd() * 6);
    for (let i = 0; i < links; i++) e.related.push(1 + Math.floor(rnd() * entities.length));
  }
  const byId = new Map(entities.map((e) => [e.id, e]));
  const kb = {
    hasAlias: (key: string) => key in byKey,
    candidatesForKey: (key: string) => byKey[key] ?? [],
    entity: (id: number) => byId.get(id),
  };
  return { kb: kb as unknown as KnowledgeBase, keys };
}

/** A document naming the keys (capitalized), some twice, as one mention per name. */
function documentOf(keys: readonly string[]): { tokens: string[]; mentions: MentionSpan[] } {
  const tokens: string[] = [];
  const mentions: MentionSpan[] = [];
  const name = (key: string) => key.replace(/\b\w/g, (c) => c.toUpperCase());
  const say = (text: string) => {
    const words = text.split(' ');
    mentions.push({ start: tokens.length, end: tokens.length + words.length, text, label: 'PER' });
    tokens.push(...words, 'said', 'that');
  };
  keys.forEach((key, i) => {
    say(name(key));
    if (i % 4 === 0) say(name(key.split(' ').pop() as string));
  });
  return { tokens, mentions };
}

/** The plain definition: per group, a dense row per entity of the best weight from each group; the mean over the groups not skipped. */
function denseMeans(rows: readonly CandidateRows[], weight: (k: number, j: number) => number, identity: boolean): number[][] {
  const groups: CandidateRows[] = [];
  for (const r of rows) groups[r.group] ??= r;
  const K = groups.length;
  const best = new Map<number, Float64Array>();
  const candOf = new Map<number, [number, number][]>();
  const entities = new Map<number, KbEntity>();
  groups.forEach((g, k) =>
    g?.entities.forEach((e, j) => {
      entities.set(e.id, e);
      if (!best.has(e.id)) best.set(e.id, new Float64Array(K));
      if (!candOf.has(e.id)) candOf.set(e.id, []);
      candOf.get(e.id)!.push([k, weight(k, j)]);
    }),
  );
  for (const [id, e] of entities) {
    const mine = best.get(id)!;
    const as = candOf.get(id)!;
    if (identity) for (const [k, p] of as) if (p > mine[k]) mine[k] = p;
    for (const r of e.related) {
      const other = candOf.get(r);
      if (!other) continue;
      for (const [k, p] of other) if (p > mine[k]) mine[k] = p;
      const theirs = best.get(r)!;
      for (const [k, p] of as) if (p > theirs[k]) theirs[k] = p;
    }
  }
  const groupOfKey = new Map<string, number>();
  groups.forEach((g, k) => g?.corefKey === '' && groupOfKey.set(g.key, k));
  return rows.map((r) => {
    const skip = [r.group];
    const longer = r.corefKey ? groupOfKey.get(r.corefKey) : undefined;
    if (longer !== undefined) skip.push(longer);
    return r.entities.map((e) => {
      const b = best.get(e.id)!;
      let sum = 0;
      let n = 0;
      for (let o = 0; o < K; o++) {
        if (skip.includes(o)) continue;
        sum += b[o];
        n++;
      }
      return n > 0 ? sum / n : 0;
    });
  });
}

describe('coherence features from the sparse support table', () => {
  const { kb, keys } = syntheticKb(300, 12);
  const { tokens, mentions } = documentOf(keys);

  it('equal the dense definition to the last bit (coherence from priors)', () => {
    const rows = candidateFeatures(kb, 30, tokens, mentions);
    expect(rows.some((r) => r.corefKey !== '')).toBe(true); // the coreference skip is exercised
    const expected = denseMeans(rows, (k, j) => rows.find((r) => r.group === k)!.candidates[j].prior, false);
    const got = rows.map((r) => r.rows.map((x) => x[COHERENCE]));
    expect(got).toEqual(expected);
    expect(got.flat().filter((v) => v > 0).length).toBeGreaterThan(100);
  });

  it('equal the dense definition to the last bit (topCoherence from stage-1 probabilities)', () => {
    const rows = candidateFeatures(kb, 30, tokens, mentions);
    const stage1 = FEATURE_NAMES.map((_, i) => ((i * 37) % 11) / 10 - 0.5);
    const probs: number[][] = [];
    for (const r of rows) probs[r.group] ??= probabilities(r.rows, stage1);
    const expected = denseMeans(rows, (k, j) => probs[k][j], true);
    addTopCoherence(rows, stage1);
    expect(rows.map((r) => r.rows.map((x) => x[TOP_COHERENCE]))).toEqual(expected);
  });
});
