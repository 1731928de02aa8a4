/**
 * The noun-phrase annotator: doc.nounPhrases, the base noun phrases read off
 * the dependency tree (src/structure/noun-phrases.ts). A tree walk, no model.
 */
import type { Doc } from '../doc/doc.js';
import { nounPhrasesOfDoc } from '../structure/noun-phrases.js';
import type { Annotator } from './annotator.js';

export function createPhraseAnnotator(): Annotator {
  return {
    name: 'phrases',
    requires: ['upos', 'xpos', 'deps'],
    assigns: ['phrases'],
    languages: ['eng'],
    run(doc: Doc) {
      doc.nounPhrases = nounPhrasesOfDoc(doc);
    },
  };
}
