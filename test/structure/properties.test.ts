import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import type { AnalysisError } from '../../src/errors.js';
import { baseNounPhrases } from '../../src/structure/noun-phrases.js';
import { sentenceProperties, type PropertyLayers } from '../../src/structure/properties.js';
import { evalProperties, parsePropertyExamples } from '../../src/eval/properties.js';
import { buildPayload } from '../../src/response.js';
import { parseRequest } from '../../src/request.js';
import { tree, type Row } from './tree-helpers.js';

/** Rows with a lemma appended: [form, upos, xpos, head, deprel, lemma?] (lemma defaults to the lower-cased form). */
type LRow = [...Row, string?];

function properties(rows: LRow[]): string[] {
  const base = tree(rows.map((r) => r.slice(0, 5) as Row));
  const t: PropertyLayers = { ...base, lemma: rows.map((r) => r[5] ?? r[0].toLowerCase()) };
  const phrases = baseNounPhrases(base, 0, rows.length);
  const w = (ix: number[]) => ix.map((i) => rows[i][0]).join(' ');
  return sentenceProperties(t, phrases, 0, rows.length).map((p) => `${w(p.focus)} => ${w(p.property)} (${p.kind})`);
}

describe('sentenceProperties: each construction on hand-built trees', () => {
  it('copula with a noun and with adjectives, coordinated predicates each giving one', () => {
    expect(
      properties([
        ['Barclays', 'PROPN', 'NNP', 4, 'nsubj'],
        ['is', 'AUX', 'VBZ', 4, 'cop', 'be'],
        ['a', 'DET', 'DT', 4, 'det'],
        ['bank', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['Barclays => a bank (copula)']);
    expect(
      properties([
        ['The', 'DET', 'DT', 2, 'det'],
        ['phone', 'NOUN', 'NN', 5, 'nsubj'],
        ['is', 'AUX', 'VBZ', 5, 'cop', 'be'],
        ['very', 'ADV', 'RB', 5, 'advmod'],
        ['fast', 'ADJ', 'JJ', 0, 'root'],
        ['and', 'CCONJ', 'CC', 7, 'cc'],
        ['cheap', 'ADJ', 'JJ', 5, 'conj'],
      ]),
    ).toEqual(['The phone => very fast (copula)', 'The phone => cheap (copula)']);
  });

  it('gives nothing for a negated copula or have', () => {
    expect(
      properties([
        ['Pizza', 'NOUN', 'NN', 4, 'nsubj'],
        ['was', 'AUX', 'VBD', 4, 'cop', 'be'],
        ['not', 'PART', 'RB', 4, 'advmod'],
        ['good', 'ADJ', 'JJ', 0, 'root'],
      ]),
    ).toEqual([]);
    expect(
      properties([
        ['It', 'PRON', 'PRP', 4, 'nsubj'],
        ['does', 'AUX', 'VBZ', 4, 'aux', 'do'],
        ["n't", 'PART', 'RB', 4, 'advmod', 'not'],
        ['have', 'VERB', 'VB', 0, 'root'],
        ['doors', 'NOUN', 'NNS', 4, 'obj', 'door'],
      ]),
    ).toEqual([]);
  });

  it('resolves a relative pronoun to the noun its clause modifies', () => {
    expect(
      properties([
        ['Barclays', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 6, 'punct'],
        ['which', 'PRON', 'WDT', 6, 'nsubj'],
        ['is', 'AUX', 'VBZ', 6, 'cop', 'be'],
        ['a', 'DET', 'DT', 6, 'det'],
        ['bank', 'NOUN', 'NN', 1, 'acl:relcl'],
      ]),
    ).toEqual(['Barclays => a bank (copula)']);
  });

  it('apposition, with the name as focus whichever comes first', () => {
    expect(
      properties([
        ['Tim', 'PROPN', 'NNP', 0, 'root'],
        ['Cook', 'PROPN', 'NNP', 1, 'flat'],
        [',', 'PUNCT', ',', 5, 'punct'],
        ['the', 'DET', 'DT', 5, 'det'],
        ['boss', 'NOUN', 'NN', 1, 'appos'],
      ]),
    ).toEqual(['Tim Cook => the boss (apposition)']);
    expect(
      properties([
        ['the', 'DET', 'DT', 2, 'det'],
        ['boss', 'NOUN', 'NN', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['Tim', 'PROPN', 'NNP', 2, 'appos'],
        ['Cook', 'PROPN', 'NNP', 4, 'flat'],
      ]),
    ).toEqual(['Tim Cook => the boss (apposition)']);
  });

  it('a title before a name inside one phrase, but not an honorific', () => {
    expect(
      properties([
        ['Apple', 'PROPN', 'NNP', 2, 'compound'],
        ['CEO', 'NOUN', 'NN', 3, 'nmod:desc'],
        ['Tim', 'PROPN', 'NNP', 5, 'nsubj'],
        ['Cook', 'PROPN', 'NNP', 3, 'flat'],
        ['spoke', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['Tim Cook => Apple CEO (title)']);
    expect(
      properties([
        ['Mr.', 'NOUN', 'NNP', 2, 'nmod:desc'],
        ['Smith', 'PROPN', 'NNP', 3, 'nsubj'],
        ['spoke', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual([]);
  });

  it("possessive nouns and 'of' a name give has-a; a possessive pronoun does not", () => {
    expect(
      properties([
        ['Obama', 'PROPN', 'NNP', 3, 'nmod:poss'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['wife', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['Obama => wife (possessive)']);
    expect(
      properties([
        ['the', 'DET', 'DT', 2, 'det'],
        ['capital', 'NOUN', 'NN', 0, 'root'],
        ['of', 'ADP', 'IN', 4, 'case'],
        ['France', 'PROPN', 'NNP', 2, 'nmod'],
      ]),
    ).toEqual(['France => the capital (of)']);
    expect(
      properties([
        ['a', 'DET', 'DT', 2, 'det'],
        ['cup', 'NOUN', 'NN', 0, 'root'],
        ['of', 'ADP', 'IN', 4, 'case'],
        ['tea', 'NOUN', 'NN', 2, 'nmod'],
      ]),
    ).toEqual([]);
    expect(
      properties([
        ['his', 'PRON', 'PRP$', 2, 'nmod:poss'],
        ['car', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual([]);
  });

  it('have with coordinated objects, each its own property', () => {
    expect(
      properties([
        ['The', 'DET', 'DT', 2, 'det'],
        ['car', 'NOUN', 'NN', 3, 'nsubj'],
        ['has', 'VERB', 'VBZ', 0, 'root', 'have'],
        ['four', 'NUM', 'CD', 5, 'nummod'],
        ['doors', 'NOUN', 'NNS', 3, 'obj', 'door'],
        ['and', 'CCONJ', 'CC', 8, 'cc'],
        ['a', 'DET', 'DT', 8, 'det'],
        ['roof', 'NOUN', 'NN', 5, 'conj'],
      ]),
    ).toEqual(['The car => four doors (have)', 'The car => a roof (have)']);
  });

  it('splits coordinated subjects out of one flat noun phrase', () => {
    expect(
      properties([
        ['Google', 'PROPN', 'NNP', 5, 'nsubj'],
        ['and', 'CCONJ', 'CC', 3, 'cc'],
        ['Microsoft', 'PROPN', 'NNP', 1, 'conj'],
        ['are', 'AUX', 'VBP', 5, 'cop', 'be'],
        ['rivals', 'NOUN', 'NNS', 0, 'root', 'rival'],
      ]),
    ).toEqual(['Google => rivals (copula)', 'Microsoft => rivals (copula)']);
  });

  it('attributive adjectives, except comparative, superlative and non-intersective ones', () => {
    expect(
      properties([
        ['a', 'DET', 'DT', 4, 'det'],
        ['red', 'ADJ', 'JJ', 4, 'amod'],
        ['sports', 'NOUN', 'NNS', 4, 'compound', 'sport'],
        ['car', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['sports car => red (adjective)']);
    expect(
      properties([
        ['the', 'DET', 'DT', 4, 'det'],
        ['former', 'ADJ', 'JJ', 4, 'amod'],
        ['biggest', 'ADJ', 'JJS', 4, 'amod', 'big'],
        ['bank', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual([]);
  });

  it('linking verbs work like a copula', () => {
    expect(
      properties([
        ['Emma', 'PROPN', 'NNP', 2, 'nsubj'],
        ['became', 'VERB', 'VBD', 0, 'root', 'become'],
        ['a', 'DET', 'DT', 4, 'det'],
        ['lawyer', 'NOUN', 'NN', 2, 'xcomp'],
      ]),
    ).toEqual(['Emma => a lawyer (copula)']);
  });

  it('gives nothing for an empty range or a one-word sentence, and stays linear on a long one', () => {
    expect(properties([['Hello', 'INTJ', 'UH', 0, 'root']])).toEqual([]);
    const rows: LRow[] = [];
    for (let k = 0; k < 5_000; k++) {
      const b = rows.length;
      rows.push(['cars', 'NOUN', 'NNS', b + 3, 'nsubj', 'car']);
      rows.push(['are', 'AUX', 'VBP', b + 3, 'cop', 'be']);
      rows.push(['fast', 'ADJ', 'JJ', k === 0 ? 0 : 3, k === 0 ? 'root' : 'parataxis']);
    }
    const t0 = performance.now();
    expect(properties(rows)).toHaveLength(5_000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('handles a non-projective tree', () => {
    // "A man is here who is a doctor": the relative clause is separated from "man".
    expect(
      properties([
        ['A', 'DET', 'DT', 2, 'det'],
        ['man', 'NOUN', 'NN', 4, 'nsubj'],
        ['is', 'AUX', 'VBZ', 4, 'cop', 'be'],
        ['here', 'ADV', 'RB', 0, 'root'],
        ['who', 'PRON', 'WP', 8, 'nsubj'],
        ['is', 'AUX', 'VBZ', 8, 'cop', 'be'],
        ['a', 'DET', 'DT', 8, 'det'],
        ['doctor', 'NOUN', 'NN', 2, 'acl:relcl'],
      ]),
    ).toEqual(['A man => a doctor (copula)']);
  });
});

const fixture = fileURLToPath(new URL('../fixtures/properties.jsonl', import.meta.url));
const heldOut = fileURLToPath(new URL('../fixtures/properties-heldout.jsonl', import.meta.url));

describe('properties through the pipeline', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  });

  it('scores the hand-checked fixtures (70 development sentences, 30 held-out ones)', async () => {
    expect(existsSync(fixture)).toBe(true);
    const dev = await evalProperties(analyzer, fixture);
    expect(dev.sentences).toBe(70);
    expect(dev.precision).toBeGreaterThan(95);
    expect(dev.recall).toBeGreaterThan(88);
    const held = await evalProperties(analyzer, heldOut);
    expect(held.sentences).toBe(30);
    expect(held.precision).toBeGreaterThan(90);
    expect(held.recall).toBeGreaterThan(80);
  });

  it('gives the response properties for the relations extractor, the same in both schemes', async () => {
    const text = 'Barclays is a bank. The car has four doors.';
    const doc = await analyzer.segment(text);
    await analyzer.annotateDoc(doc, ['properties']);
    const payload = (scheme: 'ud' | 'stanford') =>
      buildPayload({
        doc,
        request: parseRequest({ text, extractors: ['relations'], dependencies: { scheme } }),
        language: 'eng',
        languageIsReliable: true,
        cleanedText: text,
        rawText: text,
      });
    expect(payload('ud').properties).toEqual([
      { id: 0, wordPositions: [0], propertyPositions: [2, 3], sentencePosition: 0 },
      { id: 1, wordPositions: [0, 1], propertyPositions: [3, 4], sentencePosition: 1 },
    ]);
    expect(payload('stanford').properties).toEqual(payload('ud').properties);
    const words = buildPayload({ doc, request: parseRequest({ text, extractors: ['words'] }), language: 'eng', languageIsReliable: true, cleanedText: text, rawText: text });
    expect(words).not.toHaveProperty('properties');
  });

  it('serves property/3, property/4 and property_word/3 facts to rules', async () => {
    const rules = 'p(F, P) :- property(0, F, P).\nk(Id, K) :- property(Id, _, _, K).\nw(R, P) :- property_word(0, R, P).';
    const r = await analyzer.analyze('Obama\'s wife is a lawyer.', { extractors: ['p', 'k', 'w'], rules });
    const [p, k, w] = r.response!.matchingRules!;
    expect(p.bindings).toEqual([['Obama', 'wife'], ['wife', 'a lawyer']]);
    expect(k.bindings).toEqual([[0, 'possessive'], [1, 'copula']]);
    expect(w.bindings).toEqual([['focus', 0], ['property', 2]]);
  });

  it('skips non-English text for relations with a message that says how to force English', async () => {
    const fr = 'Le chat dort sur le canapé depuis ce matin, et il ne veut pas se réveiller pour manger.';
    const r = await analyzer.analyze(fr, { extractors: 'relations' });
    expect(r.response!.properties).toBeUndefined();
    expect(r.message).toMatch(/Skipped.*English models.*languageOverride=eng/);
  });

  it('refuses a fixture file in the wrong format with the line number', () => {
    expect(() => parsePropertyExamples('{"text": "a"}\n', 'f.jsonl')).toThrow(/f.jsonl:1: expected/);
    expect(() => parsePropertyExamples('nope\n', 'f.jsonl')).toThrow(/f.jsonl:1: not JSON/);
    expect(() => parsePropertyExamples('', 'f.jsonl')).toThrow(/no examples/);
  });
});
