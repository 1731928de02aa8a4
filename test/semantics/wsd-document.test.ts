/**
 * The document-level evidence of word-sense disambiguation: the bag of
 * content lemmas of the document's other sentences (WsdParams.lambdaDoc).
 * Reads the committed models/senses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { disambiguate, TargetContexts, type SenseTarget } from '../../src/semantics/disambiguate.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';
import { WsdModel, type WsdParams } from '../../src/semantics/wsd-model.js';

let store: SynsetStore;
let model: WsdModel;
beforeAll(async () => {
  const loader = fileLoader();
  [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
}, 60_000);

const tokens = (words: Array<[string, ContextToken['pos']]>): ContextToken[] => words.map(([lemma, pos]) => ({ lemma, pos }));

/** "He walked to the bank ." — no cue in the sentence itself. */
const NEUTRAL = tokens([
  ['he', undefined],
  ['walk', 'v'],
  ['to', undefined],
  ['the', undefined],
  ['bank', 'n'],
  ['.', undefined],
]);
const MONEY = tokens([
  ['the', undefined],
  ['loan', 'n'],
  ['and', undefined],
  ['the', undefined],
  ['deposit', 'n'],
  ['earn', 'v'],
  ['interest', 'n'],
  ['at', undefined],
  ['the', undefined],
  ['account', 'n'],
  ['.', undefined],
]);
const RIVER = tokens([
  ['the', undefined],
  ['river', 'n'],
  ['flood', 'v'],
  ['the', undefined],
  ['muddy', 'a'],
  ['shore', 'n'],
  ['and', undefined],
  ['fish', 'n'],
  ['swim', 'v'],
  ['in', undefined],
  ['the', undefined],
  ['water', 'n'],
  ['.', undefined],
]);

const BANK: SenseTarget = { sentence: 1, first: 4, last: 4, lemma: 'bank', pos: 'n' };

/** The synset name the model ranks first for "bank" in NEUTRAL after `before`. */
function bankAfter(m: WsdModel, before: ContextToken[]): string {
  const [d] = disambiguate(store, m, [before, NEUTRAL], [BANK]);
  let best = 0;
  d!.probabilities.forEach((p, k) => {
    if (p > d!.probabilities[best]) best = k;
  });
  return store.name(d!.synsets[best]);
}

function withParams(over: Partial<WsdParams>): WsdModel {
  return model.withParams({ ...model.params, ...over });
}

describe('the document bag', () => {
  it('reads the other sentences: "bank" after talk of loans is the institution, after a river the slope', () => {
    // The document term alone: the vector terms (λ_emb, λ_sense) read the sentence's "walk", which leans to the slope.
    const m = withParams({ lambdaDoc: 0.05, byPos: { ...model.params.byPos, n: { ...model.params.byPos?.n, lambdaDoc: 0.05, lambdaEmb: 0, lambdaSense: 0 } } });
    expect(bankAfter(m, MONEY)).toBe('depository_financial_institution.n.01');
    expect(bankAfter(m, RIVER)).toBe('bank.n.01');
    // Without the document both read the same sentence alike.
    const off = withParams({ lambdaDoc: 0, byPos: { ...model.params.byPos, n: { ...model.params.byPos?.n, lambdaDoc: 0 } } });
    expect(bankAfter(off, MONEY)).toBe(bankAfter(off, RIVER));
  });

  it('is not read at all when no part of speech weighs it', () => {
    const byPos = Object.fromEntries(Object.entries(model.params.byPos ?? {}).map(([pos, p]) => [pos, { ...p, lambdaDoc: 0 }]));
    const m = withParams({ lambdaDoc: 0, byPos });
    expect(m.readsDocument()).toBe(false);
    const alone = disambiguate(store, m, [NEUTRAL], [{ ...BANK, sentence: 0 }])[0]!.probabilities;
    const inDoc = disambiguate(store, m, [MONEY, NEUTRAL], [BANK])[0]!.probabilities;
    expect([...inDoc]).toEqual([...alone]);
    expect(new TargetContexts(m, [MONEY, NEUTRAL]).of(BANK).doc?.length).toBe(0);
  });

  it('holds every sentence’s content lemmas once, sorted, the same array for all targets of the document', () => {
    const m = withParams({ lambdaDoc: 0.05 });
    const contexts = new TargetContexts(m, [MONEY, NEUTRAL, RIVER]);
    const bank = contexts.of(BANK);
    const loan = contexts.of({ sentence: 0, first: 1, last: 1, lemma: 'loan' });
    expect(loan.doc).toBe(bank.doc);
    const doc = [...bank.doc!];
    expect(doc).toEqual([...new Set(doc)].sort((a, b) => a - b));
    for (const lemma of ['loan', 'interest', 'river', 'water', 'bank', 'walk']) expect(doc).toContain(m.featureId(lemma));
    expect(doc).not.toContain(m.featureId('the'));
  });

  it('gives each occurrence of a lemma the same result whether scored first or after others (the per-document cache)', () => {
    const m = withParams({ lambdaDoc: 0.05 });
    const doc = [MONEY, NEUTRAL, RIVER, NEUTRAL];
    const targets: SenseTarget[] = [BANK, { ...BANK, sentence: 3 }];
    const both = disambiguate(store, m, doc, targets);
    const fresh = m.withParams(m.params);
    const second = disambiguate(store, fresh, doc, [targets[1]]);
    expect([...both[1]!.probabilities]).toEqual([...second[0]!.probabilities]);
    expect([...both[0]!.probabilities]).toEqual([...both[1]!.probabilities]);
  });
});

describe('a long document', () => {
  it('keeps its most repeated content lemmas, ties to the lower id, and marks them in a membership table', () => {
    const m = withParams({ docFeatures: 3 });
    // "interest" three times, "loan" twice, the rest once.
    const doc = [MONEY, NEUTRAL, MONEY.slice(0, 4), tokens([['interest', 'n'], ['interest', 'n']]), RIVER];
    const ctx = new TargetContexts(m, doc).of(BANK);
    const id = (lemma: string) => m.featureId(lemma);
    const onceEach = ['deposit', 'earn', 'account', 'walk', 'bank', 'river', 'flood', 'muddy', 'shore', 'fish', 'swim', 'water'].map(id);
    const third = Math.min(...onceEach.filter((f) => f >= 0));
    expect([...ctx.doc!]).toEqual([id('interest'), id('loan'), third].sort((a, b) => a - b));
    expect(ctx.docSet).toBeDefined();
    for (const f of ctx.doc!) expect(ctx.docSet![f]).toBe(1);
    expect(ctx.docSet!.reduce((a, b) => a + b, 0)).toBe(3);
    // A short document is read whole, without a table.
    const short = new TargetContexts(withParams({ docFeatures: 1000 }), doc).of(BANK);
    expect(short.docSet).toBeUndefined();
    expect(short.doc!.length).toBeGreaterThan(10);
  });
});
