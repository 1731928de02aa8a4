/**
 * A doc's tree layers with the tagger's slips repaired (tag-slips.ts:
 * layersTrustingTree), computed once per doc for every structure layer that
 * reads them — the noun phrases and the relations — and kept beside the doc
 * (a WeakMap: it goes when the doc goes) rather than as a doc layer: the
 * response's words and trees stay what the tagger and parser said.
 */
import { layersTrustingTree } from './tag-slips.js';
import type { TreeLayers } from './tree-layers.js';

/** What the repair reads of a doc. */
export interface ParsedLayers {
  readonly tokens: readonly string[];
  readonly upos?: readonly string[];
  readonly xpos?: readonly string[];
  readonly head?: Int32Array;
  readonly deprel?: readonly string[];
}

const TRUSTED: WeakMap<object, { head: Int32Array; deprel: readonly string[]; layers: TreeLayers }> = new WeakMap();

/** The doc's layers as the structure layers read them, or undefined when it has no parse. */
export function trustedLayersOf(doc: ParsedLayers): TreeLayers | undefined {
  const { tokens, upos, xpos, head, deprel } = doc;
  if (!upos || !xpos || !head || !deprel) return undefined;
  const kept = TRUSTED.get(doc);
  // (the cached repair stands only for the same parse: a doc re-parsed in place gets a new one)
  if (kept !== undefined && kept.head === head && kept.deprel === deprel) return kept.layers;
  const layers = layersTrustingTree({ tokens, upos, xpos, head, deprel });
  TRUSTED.set(doc, { head, deprel, layers });
  return layers;
}
