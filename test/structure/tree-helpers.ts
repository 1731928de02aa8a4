import type { TreeLayers } from '../../src/structure/tree-layers.js';
/** Builds the tree layers of one sentence from CoNLL-U-like rows: [form, upos, xpos, head (1-based, 0 = root), deprel]. */

export type Row = [form: string, upos: string, xpos: string, head: number, deprel: string];

export function tree(rows: Row[]): TreeLayers {
  return {
    tokens: rows.map((r) => r[0]),
    upos: rows.map((r) => r[1]),
    xpos: rows.map((r) => r[2]),
    head: Int32Array.from(rows.map((r) => r[3] - 1)),
    deprel: rows.map((r) => r[4]),
  };
}

/** The phrases' words joined by spaces, for readable expectations. */
export function texts(t: TreeLayers, spans: readonly { start: number; end: number }[]): string[] {
  return spans.map((s) => t.tokens.slice(s.start, s.end).join(' '));
}
