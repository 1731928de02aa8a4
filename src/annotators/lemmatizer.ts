/**
 * The lemmatizer annotator: doc.lemma from each token and its Penn tag
 * (doc.xpos), through the Lexicon (treebank table, then WordNet morphy).
 */
import type { Doc } from '../doc/doc.js';
import { Lexicon } from '../lexicon/lexicon.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Annotator } from './annotator.js';

export async function createLemmatizer(loader: ResourceLoader): Promise<Annotator> {
  return lemmatizerFor(await Lexicon.load(loader));
}

/** The annotator over an already loaded lexicon (shared with other annotators that need WordNet). */
export function lemmatizerFor(lexicon: Lexicon): Annotator {
  return {
    run(doc: Doc) {
      const { tokens, xpos } = doc;
      if (xpos === undefined || xpos.length !== tokens.length) {
        // The analyzer orders annotators by requires/assigns; reaching here is a pipeline bug, not a user error.
        throw new Error('lemmatizer: doc.xpos must hold one tag per token (run the tagger first)');
      }
      const lemma = new Array<string>(tokens.length);
      for (let i = 0; i < tokens.length; i++) lemma[i] = lexicon.lemmatize(tokens[i], xpos[i]);
      doc.lemma = lemma;
    },
  };
}
