/**
 * The properties annotator: doc.properties, is-a and has-a relations read
 * off the dependency tree and the noun phrases (src/structure/properties.ts).
 * A tree walk, no model.
 */
import type { Doc } from '../doc/doc.js';
import { propertiesOfDoc } from '../structure/properties.js';
import type { Annotator } from './annotator.js';

export function createPropertyAnnotator(): Annotator {
  return {
    run(doc: Doc) {
      doc.properties = propertiesOfDoc(doc);
    },
  };
}
