/**
 * The senses and entailments layers, at full precision, on fixed documents
 * against committed outputs (test/fixtures/senses/golden-layers.txt): a
 * change to the hot path that is meant to be a speed-up only must leave
 * every synset, score and entailed word bit for bit as it was.
 *
 * The documents are built from the gold tokens, lemmas and tags of
 * test/fixtures/doc/ewt-dev-slice.conllu (not from the tagger), so the
 * comparison tests the semantic layers alone: the slice's first 20
 * sentences as one document (its content lemmas are past the document bag's
 * limit, so the truncated bag is used), and its first sentence alone (the
 * whole bag).
 *
 * After a deliberate change of the model or its parameters, regenerate with
 * `UPDATE_GOLDEN=1 npx vitest run test/semantics/semantic-golden.test.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { entailmentLayer } from '../../src/annotators/entailments.js';
import { senseLayer } from '../../src/annotators/senses.js';
import { Doc, type TokenSpan } from '../../src/doc/doc.js';
import { parseConllu, type ConlluSentence } from '../../src/eval/conllu.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetRelations } from '../../src/semantics/relations.js';
import { TargetContexts } from '../../src/semantics/disambiguate.js';
import { docTargets } from '../../src/semantics/targets.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const GOLDEN = fixture('senses/golden-layers.txt');

let store: SynsetStore;
let model: WsdModel;
let relations: SynsetRelations;
let sentences: ConlluSentence[];
beforeAll(async () => {
  const loader = fileLoader();
  [store, model, relations] = await Promise.all([SynsetStore.load(loader), WsdModel.loadWithVectors(loader), SynsetRelations.load(loader)]);
  sentences = parseConllu(readFileSync(fixture('doc/ewt-dev-slice.conllu'), 'utf8'));
}, 60_000);

/** A tagged, lemmatized doc from gold CoNLL-U words (space-separated, one sentence per conllu sentence). */
function goldDoc(part: readonly ConlluSentence[]): Doc {
  let text = '';
  const spans: TokenSpan[] = [];
  const ends: number[] = [];
  const lemma: string[] = [];
  const xpos: string[] = [];
  const upos: string[] = [];
  for (const s of part) {
    for (const w of s.words) {
      if (text !== '') text += ' ';
      spans.push({ start: text.length, end: text.length + w.form.length });
      text += w.form;
      lemma.push(w.lemma);
      xpos.push(w.xpos);
      upos.push(w.upos);
    }
    ends.push(spans.length);
  }
  const doc = new Doc(text, spans, ends);
  doc.lemma = lemma;
  doc.xpos = xpos;
  doc.upos = upos;
  return doc;
}

/** Both layers of a doc, one line per word with senses and per entailment, numbers as JavaScript prints them (round-trip exact). */
function layers(doc: Doc, named: boolean): string[] {
  doc.senses = senseLayer(store, model, doc, { named });
  doc.entailments = entailmentLayer(store, model, relations, doc);
  const out: string[] = [];
  if (named) {
    doc.senses!.forEach((senses, i) => {
      if (senses) out.push(`s ${i} ${doc.tokens[i]} ${senses.map((x) => `${x.synset}=${x.score}`).join(' ')}`);
    });
  }
  for (const e of doc.entailments) out.push(`e ${e.start} ${e.end} ${e.word} ${e.priorScore} ${e.contextScore} ${e.score}`);
  return out;
}

function current(): string {
  const out: string[] = [];
  const docs: Array<[string, Doc]> = [
    ['ewt-dev-slice, first 20 sentences as one document', goldDoc(sentences.slice(0, 20))],
    ['ewt-dev-slice, first sentence alone', goldDoc(sentences.slice(0, 1))],
  ];
  for (const [name, doc] of docs) out.push(`# ${name}`, ...layers(doc, true));
  return out.join('\n') + '\n';
}

describe('senses and entailments on fixed documents', () => {
  it('are bit for bit the committed outputs', () => {
    const got = current();
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, got);
    const want = readFileSync(GOLDEN, 'utf8');
    // Line by line, so that a failure names the first word that changed.
    const a = got.split('\n');
    const b = want.split('\n');
    for (let i = 0; i < Math.max(a.length, b.length); i++) expect(a[i], `line ${i + 1}`).toBe(b[i]);
  });

  it('covers the truncated document bag (a long document) and the whole one (a sentence)', () => {
    const bagKinds = (doc: Doc) => {
      const { sentences, targets } = docTargets(store, doc);
      const contexts = new TargetContexts(model, sentences);
      return new Set(targets.map((t) => contexts.of(t).docSet !== undefined));
    };
    expect(bagKinds(goldDoc(sentences.slice(0, 20)))).toEqual(new Set([true]));
    expect(bagKinds(goldDoc(sentences.slice(0, 1)))).toEqual(new Set([false]));
  });

  it('gives the same entailments when the senses layer is built without names', () => {
    const doc = goldDoc(sentences);
    const named = layers(doc, true).filter((l) => l.startsWith('e '));
    expect(layers(goldDoc(sentences), false)).toEqual(named);
    expect(named.length).toBeGreaterThan(500);
  });
});
