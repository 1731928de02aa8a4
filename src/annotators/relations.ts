/**
 * Relations annotator: predicates with their SUBJECT / OBJECT / OTHER
 * arguments from the dependency layer (src/structure/relations.ts).
 * A tree walk per sentence; it loads nothing.
 */
import type { Doc } from '../doc/doc.js';
import { relationsOfDoc } from '../structure/relation-layer.js';
import type { Annotator } from './annotator.js';

export function createRelations(): Annotator {
  return {
    run(doc: Doc) {
      doc.relations = relationsOfDoc(doc);
    },
  };
}
