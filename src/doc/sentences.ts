/**
 * Tokens and sentences of a text: the one entry point the analyzer calls.
 *
 *   const segmenter = await createSegmenter(loader);
 *   const { tokens, sentenceEnds } = await segmenter.segment(text);
 *
 * `tokens` are the syntactic words of src/doc/tokenize.ts (UTF-16 spans);
 * `sentenceEnds` are exclusive token indices where each sentence ends, the
 * last one equal to tokens.length (what `new Doc(text, tokens, sentenceEnds)` takes).
 *
 * `splitSentences(text, tokens)` is the rule-only splitter, synchronous and
 * model-free.
 */
import type { ResourceLoader } from '../resources.js';
import type { TokenSpan } from './doc.js';
import { ruleBoundaries } from './sentence-rules.js';
import { tokenize, type WordSpan } from './tokenize.js';

export interface Segmentation {
  tokens: WordSpan[];
  sentenceEnds: number[];
}

export interface Segmenter {
  segment(text: string): Promise<Segmentation>;
}

/** Rule-only sentence boundaries: exclusive token indices, ending with tokens.length. */
export function splitSentences(text: string, tokens: readonly TokenSpan[]): number[] {
  const ends = ruleBoundaries(text, tokens);
  if (tokens.length > 0) ends.push(tokens.length);
  return ends;
}

export async function createSegmenter(_loader?: ResourceLoader): Promise<Segmenter> {
  return {
    async segment(text) {
      const tokens = tokenize(text);
      return { tokens, sentenceEnds: splitSentences(text, tokens) };
    },
  };
}
