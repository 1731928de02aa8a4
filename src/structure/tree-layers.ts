/**
 * The tree as the structure layers read it (noun phrases, the chunker, the
 * tag-slip repair, relations): parallel arrays indexed by token of the doc.
 * Its own file because producers and consumers of it sit on both sides of
 * the repair (tag-slips.ts) that rewrites it.
 */

/** The layers the structure walks read, indexed by token of the doc (UD relations, heads as doc indexes, -1 at a root). */
export interface TreeLayers {
  readonly tokens: readonly string[];
  readonly upos: readonly string[];
  readonly xpos: readonly string[];
  readonly head: ArrayLike<number>;
  readonly deprel: readonly string[];
}
