/**
 * The `relations` layer of a Doc: the relations (relations.ts) of
 * every sentence's UD tree.
 *
 * Positions in the records are word positions within the relation's
 * sentence (`sentence`), as the response gives them: the doc token index of
 * position p is `doc.sentStart[sentence] + p`. So the response hands the
 * records' arrays out as they are, without a copy per list (see
 * relations() in src/response.ts), and the rules' facts read them as they
 * are.
 */
import type { Doc } from '../doc/doc.js';
import { relationsInto, type SentenceView } from './relations.js';
import { trustedLayersOf } from './trusted-layers.js';
import type { RelationRecord } from '../doc/layers.js';



/**
 * The view relationsInto reads a sentence through: one object whose fields are set for each sentence (an
 * object per sentence was a tenth of this layer's garbage besides the relations), emptied after each doc so
 * that it keeps no layers alive.
 */
const view: { -readonly [K in keyof SentenceView]: SentenceView[K] } = { forms: [], upos: [], xpos: [], heads: [], deprels: [], arcProb: undefined, at: 0, n: 0 };

/** Relations of every sentence of a parsed doc (needs the upos, xpos and deps layers). */
export function relationsOfDoc(doc: Doc): RelationRecord[] {
  // the layers with the tagger's slips repaired, as the noun phrases read them ("If it rains/NNS": a verb)
  const layers = trustedLayersOf(doc);
  if (layers === undefined) throw new Error('relations: the doc has no tags or dependencies; run the tagger and parser first');
  const { upos, xpos, head, deprel } = layers;
  const out: RelationRecord[] = [];
  // the sentences are read in place from the doc's layers (heads too: doc indices, which relationsInto moves to
  // the sentence's positions); positions come back within the sentence, in arrays shared between the relations
  // split from one predicate
  view.forms = doc.tokens;
  view.upos = upos;
  view.xpos = xpos;
  view.heads = head;
  view.deprels = deprel;
  view.arcProb = doc.headProb;
  try {
    for (let s = 0; s < doc.sentenceCount; s++) {
      const a = doc.sentStart[s];
      const z = doc.sentEnd[s];
      if (z === a) continue;
      view.at = a;
      view.n = z - a;
      relationsInto(view, s, out);
    }
  } finally {
    view.forms = view.upos = view.xpos = view.deprels = [];
    view.heads = [];
    view.arcProb = undefined;
  }
  return out;
}
