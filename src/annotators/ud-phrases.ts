/**
 * The noun-phrase annotator of the language packs: doc.nounPhrases read off
 * the pack parser's UD tree (src/structure/ud-noun-phrases.ts), without a
 * chunker — none of these languages has a chunking treebank to train one on.
 */
import type { Doc } from '../doc/doc.js';
import type { PhraseSpan } from '../doc/layers.js';
import { udNounPhrases } from '../structure/ud-noun-phrases.js';
import type { Annotator } from './annotator.js';

export function createUdPhraseAnnotator(): Annotator {
  return {
    run(doc: Doc) {
      const { upos, head, deprel } = doc;
      if (!upos || !head || !deprel) return;
      const out: PhraseSpan[] = [];
      for (let s = 0; s < doc.sentStart.length; s++) for (const p of udNounPhrases({ upos, head, deprel }, doc.sentStart[s], doc.sentEnd[s])) out.push(p);
      doc.nounPhrases = out;
    },
  };
}
