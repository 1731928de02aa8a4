/**
 * A synthetic document with every layer filled, for speed checks: sentences
 * of 20 tokens cycling through a fixed pattern of words and tags, a
 * dependency tree per sentence (the verb at position 1 heads the rest), and
 * an entity on the first token of each sentence.
 */
import { Doc, type EntityRecord, type TokenSpan } from '../../src/doc/doc.js';

const WORDS = ['Acme', 'bought', 'the', 'company', 'in', 'May', 'and', 'it', 'paid', 'a', 'lot', 'for', 'its', 'new', 'shiny', 'offices', 'near', 'the', 'river', '.'];
const TAGS = ['NNP', 'VBD', 'DT', 'NN', 'IN', 'NNP', 'CC', 'PRP', 'VBD', 'DT', 'NN', 'IN', 'PRP$', 'JJ', 'JJ', 'NNS', 'IN', 'DT', 'NN', '.'];

export function syntheticDoc(tokenCount: number): Doc {
  const parts: string[] = [];
  const tokens: TokenSpan[] = [];
  const ends: number[] = [];
  let at = 0;
  for (let i = 0; i < tokenCount; i++) {
    const w = WORDS[i % WORDS.length];
    tokens.push({ start: at, end: at + w.length });
    parts.push(w);
    at += w.length + 1;
    if (i % WORDS.length === WORDS.length - 1) ends.push(i + 1);
  }
  const doc = new Doc(parts.join(' '), tokens, ends);
  doc.xpos = doc.tokens.map((_, i) => TAGS[i % TAGS.length]);
  doc.lemma = doc.tokens.map((t) => (t === 'bought' ? 'buy' : t === 'paid' ? 'pay' : t.toLowerCase()));
  doc.stem = doc.lemma.slice();
  doc.head = Int32Array.from(doc.tokens, (_, i) => {
    const first = doc.sentStart[doc.sentOf[i]];
    return i === first + 1 ? -1 : first + 1;
  });
  doc.deprel = doc.tokens.map((_, i) => {
    const p = doc.positionInSentence(i);
    return p === 1 ? 'root' : p === 0 || p === 7 ? 'nsubj' : 'dep';
  });
  doc.entities = Array.from(doc.sentStart, (first, s): EntityRecord => ({
    start: first,
    end: first + 1,
    entityId: 'Acme Corporation',
    type: s % 2 === 0 ? ['Company', 'Organisation'] : ['Organisation'],
    kbTwoTypes: [],
    confidenceScore: 2,
    relevanceScore: 0.5,
    data: {},
  }));
  return doc;
}
