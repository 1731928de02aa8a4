/**
 * The sense model's discriminative correction: the per-lemma logistic
 * regressions (src/semantics/wsd-local.ts), their features
 * (wsd-local-features.ts) and their term in the sense score. The file format
 * is checked on small records built here; the term, off in the shipped
 * model, with a classifier attached to it (WsdModel.withLocal).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileLoader } from '../../src/resources/file-loader.js';
import { disambiguate, TargetContexts, type SenseTarget } from '../../src/semantics/disambiguate.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';
import { LocalClassifiers } from '../../src/semantics/wsd-local.js';
import { lemmaHash, lemmaHashes, localFeatures, localSentence, localSentenceOf } from '../../src/semantics/wsd-local-features.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';

const tokens = (words: Array<[string, ContextToken['pos']]>): ContextToken[] => words.map(([lemma, pos]) => ({ lemma, pos }));

/** One classifier record of wsd-local.bin (the layout of local.py). */
interface Record_ {
  key: string;
  senses: number;
  scale: number;
  bias: number[];
  /** Feature hash → (sense, int8 weight) pairs; written in ascending hash order. */
  rows: Map<number, Array<[number, number]>>;
}

function encode(records: Record_[]): Uint8Array {
  const parts: number[] = [];
  const buf = new ArrayBuffer(4);
  const view = new DataView(buf);
  const u32 = (v: number) => (view.setUint32(0, v, true), parts.push(...new Uint8Array(buf)));
  const i32 = (v: number) => (view.setInt32(0, v, true), parts.push(...new Uint8Array(buf)));
  const f32 = (v: number) => (view.setFloat32(0, v, true), parts.push(...new Uint8Array(buf)));
  u32(0x314c5357);
  u32(records.length);
  for (const r of records) {
    const name = new TextEncoder().encode(r.key);
    parts.push(name.length & 0xff, name.length >> 8, ...name);
    const keys = [...r.rows.keys()].sort((a, b) => a - b);
    const entries = keys.flatMap((k) => r.rows.get(k)!);
    parts.push(r.senses);
    u32(keys.length);
    u32(entries.length);
    f32(r.scale);
    r.bias.forEach(f32);
    keys.forEach(i32);
    for (const k of keys) parts.push(r.rows.get(k)!.length);
    for (const [sense] of entries) parts.push(sense);
    for (const [, w] of entries) parts.push(w & 0xff);
  }
  return Uint8Array.from(parts);
}

describe('local features', () => {
  const sentence = tokens([
    ['he', undefined],
    ['run', 'v'],
    ['the', undefined],
    ['company', 'n'],
    ['.', undefined],
  ]);

  it('hashes lemmas with 32-bit FNV-1a (the shipped classifiers are keyed by it)', () => {
    // FNV-1a of the bytes "bank", as Python computes it: 0x3b95d297.
    expect(lemmaHash('bank')).toBe(999632535);
    expect(lemmaHash('')).toBe(0x811c9dc5 | 0);
  });

  it('gives 11 collocations, 6 neighbour parts of speech and the bag without the target', () => {
    const s = localSentence(sentence);
    // Bag: "run" and "company" (content words; "he", "the", "." are not).
    expect(s.bagLength).toBe(2);
    const f = localFeatures(s, 1, 1, 'run');
    expect(f.length).toBe(11 + 6 + 1);
    expect(new Set(f).size).toBe(f.length);
  });

  it('changes exactly the features that read a changed token', () => {
    const a = localFeatures(localSentence(sentence), 1, 1, 'run');
    const other = sentence.slice();
    other[3] = { lemma: 'race', pos: 'n' }; // +2: C(2,2), C(1,2), C(-1,2), C(1,3) and the bag
    const b = localFeatures(localSentence(other), 1, 1, 'run');
    const changed = Array.from(a).filter((x) => !b.includes(x)).length;
    expect(changed).toBe(5);
  });

  it('is the same for a target wherever its sentence is read from (pure function of the tokens)', () => {
    const s = localSentence(sentence);
    expect(Array.from(localFeatures(s, 3, 3, 'company'))).toEqual(Array.from(localFeatures(localSentence(sentence.slice()), 3, 3, 'company')));
  });

  it('builds a sentence into the last one\'s arrays as it would into its own (the runtime reuses them)', () => {
    const long = tokens([
      ['the', undefined],
      ['bank', 'n'],
      ['lend', 'v'],
      ['money', 'n'],
      ['to', undefined],
      ['small', 'a'],
      ['firm', 'n'],
      ['.', undefined],
    ]);
    const other = tokens([
      ['she', undefined],
      ['run', 'v'],
      ['a', undefined],
      ['firm', 'n'],
    ]);
    const reused = localSentenceOf(other, (i) => lemmaHashes(other[i].lemma), localSentence(long));
    const fresh = localSentence(other);
    expect(reused.length).toBe(4);
    expect(reused.bagLength).toBe(fresh.bagLength);
    // The bag is distinct and ascending however many tokens share a lemma.
    const twice = localSentence(tokens([['firm', 'n'], ['firm', 'n'], ['bank', 'n']]));
    expect(Array.from(twice.bag.subarray(0, twice.bagLength))).toEqual([lemmaHash('firm'), lemmaHash('bank')].sort((a, b) => a - b));
    for (const [first, lemma] of [[1, 'run'], [3, 'firm']] as const) {
      expect(Array.from(localFeatures(reused, first, first, lemma))).toEqual(Array.from(localFeatures(fresh, first, first, lemma)));
    }
  });

  it('reads multiword targets from their first and last tokens, and sentence ends as tokens', () => {
    const s = localSentence(tokens([
      ['take', 'v'],
      ['off', undefined],
    ]));
    const f = localFeatures(s, 0, 1, 'take_off');
    // The bag holds the content tokens' lemmas; the target's own lemma (take_off) is not among them, so none is dropped.
    expect(f.length).toBe(11 + 6 + s.bagLength);
    // Nothing on either side: every span reads only sentence ends, so the features are those of any two-token sentence.
    const g = localFeatures(localSentence(tokens([['give', 'v'], ['up', undefined]])), 0, 1, 'give_up');
    expect(Array.from(f.subarray(0, 17))).toEqual(Array.from(g.subarray(0, 17)));
  });
});

describe('LocalClassifiers', () => {
  const h1 = 11;
  const h2 = -7;
  const file = encode([
    { key: 'v:run', senses: 3, scale: 0.5, bias: [0, 1, 0], rows: new Map([[h1, [[0, 4]]], [h2, [[1, -2], [2, 6]]]]) },
    { key: 'a:big', senses: 2, scale: 1, bias: [0.5, 0], rows: new Map() },
  ]);

  it('scores log-probabilities: bias plus scale × the features\' weights, normalized', () => {
    const c = new LocalClassifiers(file);
    expect(c.size).toBe(2);
    const run = c.find('run', 'v')!;
    const out = new Float64Array(3);
    c.logProbabilities(run, Int32Array.of(h1, h2, 12345), out);
    const logits = [0 + 0.5 * 4, 1 + 0.5 * -2, 0 + 0.5 * 6];
    const z = Math.log(logits.reduce((s, x) => s + Math.exp(x), 0));
    logits.forEach((x, k) => expect(out[k]).toBeCloseTo(x - z, 6));
    expect(Math.exp(out[0]) + Math.exp(out[1]) + Math.exp(out[2])).toBeCloseTo(1, 12);
  });

  it('reads the same from a Node Buffer that is a view into a larger one (readFileSync)', () => {
    const pool = Buffer.alloc(file.length + 16);
    pool.set(file, 16);
    const fromBuffer = new LocalClassifiers(pool.subarray(16));
    const plain = new LocalClassifiers(file);
    const a = new Float64Array(3);
    const b = new Float64Array(3);
    fromBuffer.logProbabilities(fromBuffer.find('run', 'v')!, Int32Array.of(h1, h2), a);
    plain.logProbabilities(plain.find('run', 'v')!, Int32Array.of(h1, h2), b);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('answers undefined for a lemma or part of speech without one; a lemma without rows falls back to its bias', () => {
    const c = new LocalClassifiers(file);
    expect(c.find('run', 'n')).toBeUndefined();
    expect(c.find('walk', 'v')).toBeUndefined();
    const out = new Float64Array(2);
    c.logProbabilities(c.find('big', 'a')!, Int32Array.of(h1), out);
    expect(out[0]).toBeCloseTo(0.5 - Math.log(Math.exp(0.5) + 1), 6);
  });

  it('refuses a file that is not one, or is cut short', () => {
    expect(() => new LocalClassifiers(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8))).toThrow(/not a WSL1 file/);
    expect(() => new LocalClassifiers(file.subarray(0, file.length - 1))).toThrow(/length mismatch/);
  });
});

describe('the local classifiers\' term in the sense score', () => {
  let store: SynsetStore;
  let shipped: WsdModel;
  beforeAll(async () => {
    const loader = fileLoader();
    [store, shipped] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
  }, 60_000);

  const sentences = [
    tokens([
      ['she', undefined],
      ['run', 'v'],
      ['the', undefined],
      ['company', 'n'],
      ['for', undefined],
      ['ten', undefined],
      ['year', 'n'],
      ['.', undefined],
    ]),
  ];
  const RUN: SenseTarget = { sentence: 0, first: 1, last: 1, lemma: 'run', pos: 'v' };
  const COMPANY: SenseTarget = { sentence: 0, first: 3, last: 3, lemma: 'company', pos: 'n' };

  /** A classifier for run.v over its WordNet senses that favours its third sense whatever the context (bias only). */
  function runClassifier(): LocalClassifiers {
    const senses = store.senses('run', 'v')!.synsets.length;
    const bias = Array.from({ length: senses }, (_, k) => (k === 2 ? 4 : 0));
    return new LocalClassifiers(encode([{ key: 'v:run', senses, scale: 1, bias, rows: new Map() }]));
  }

  /** The model with no local classifiers' weight for any part of speech (the term off). */
  function withoutLocal(model: WsdModel): WsdModel {
    const byPos = Object.fromEntries(Object.entries(model.params.byPos ?? {}).map(([pos, p]) => [pos, { ...p, lambdaLocal: undefined }]));
    return model.withParams({ ...model.params, byPos });
  }

  it('is on in the shipped model for verbs, adjectives and adverbs, never for nouns', () => {
    expect(shipped.readsLocal()).toBe(true);
    expect(shipped.paramsFor('n').lambdaLocal ?? 0).toBe(0);
    for (const pos of ['v', 'a', 'r'] as const) expect(shipped.paramsFor(pos).lambdaLocal).toBeGreaterThan(0);
    const contexts = new TargetContexts(shipped, sentences);
    const run = store.senses('run', 'v')!.synsets;
    expect(contexts.of(RUN, run).local).toHaveLength(run.length);
    expect(contexts.of(COMPANY, store.senses('company', 'n')!.synsets).local).toBeUndefined();
    // the scores without the layer's terms (what the entailments read) never include it
    const off = withoutLocal(shipped);
    expect(off.readsLocal()).toBe(false);
    expect(new TargetContexts(off, sentences).of(RUN, run).local).toBeUndefined();
  });

  it('weighs a verb\'s classifier where the verbs\' weight is on, never a noun without one', () => {
    const model = shipped.withLocal(runClassifier()).withParams({ ...shipped.params, byPos: { ...shipped.params.byPos, v: { ...shipped.params.byPos?.v, lambdaLocal: 2 } } });
    expect(model.readsLocal()).toBe(true);
    const contexts = new TargetContexts(model, sentences);
    const run = store.senses('run', 'v')!;
    const ctx = contexts.of(RUN, run.synsets);
    expect(ctx.local).toBeDefined();
    expect(ctx.local!.length).toBe(run.synsets.length);
    expect(contexts.of(COMPANY, store.senses('company', 'n')!.synsets).local).toBeUndefined();
  });

  it('moves the verb\'s distribution towards the classifier (still summing to 1), leaves the noun\'s, and keeps the plain one', () => {
    const on = shipped.withLocal(runClassifier()).withParams({ ...shipped.params, byPos: { ...shipped.params.byPos, v: { ...shipped.params.byPos?.v, lambdaLocal: 2 } } });
    const [runOn, companyOn] = disambiguate(store, on, sentences, [RUN, COMPANY]);
    const [runOff, companyOff] = disambiguate(store, withoutLocal(shipped), sentences, [RUN, COMPANY]);
    expect(runOn!.probabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(runOn!.probabilities[2]).toBeGreaterThan(runOff!.probabilities[2]);
    // The plain posterior leaves out both of the layer's terms a verb weighs: the classifier and the word vectors.
    const plainModel = withoutLocal(shipped);
    const [runPlain] = disambiguate(store, plainModel.withParams({ ...plainModel.params, byPos: { ...plainModel.params.byPos, v: { ...plainModel.params.byPos?.v, lambdaEmb: 0 } } }), sentences, [RUN]);
    expect(Array.from(runOn!.plain)).toEqual(Array.from(runPlain!.probabilities));
    expect(Array.from(companyOn!.probabilities)).toEqual(Array.from(companyOff!.probabilities));
  });
});
