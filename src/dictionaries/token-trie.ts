/**
 * A trie over integer token ids, held in typed arrays: what a compiled
 * dictionary walks to match. Platform-free (no Node API).
 *
 * Why typed arrays: a million-entry dictionary has a few million edges.
 * Held as objects or as a Map keyed by node × token, each edge costs tens of
 * bytes of heap plus a boxed number key, and the garbage collector walks all
 * of them on every major collection — that dominated loading. Here the edges
 * live in one open-addressing hash table (an Int32Array, linear probing),
 * the terminals in two Int32Arrays: about 16–24 bytes per edge that the
 * collector never scans, and one hash probe per token step when matching.
 *
 * TokenTrieBuilder adds paths and terminal values; build() packs the
 * terminals by node (in the order they were added) into a read-only TokenTrie.
 */

/** Node id of the root. Child ids are ≥ 1, so a 0 in the `to` column marks an empty slot. */
export const ROOT = 0;

const INITIAL_SLOTS = 1 << 10;

/** A hash of (node, token) spread over 32 bits (murmur3's finalizer over a mix of both). */
function slotHash(node: number, token: number): number {
  let h = Math.imul(node, 0x9e3779b1) ^ token;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * The edges: an open-addressing hash table from (node, token) to child node.
 * Each slot is three consecutive Int32s — from, token, to — so that a probe
 * reads one cache line, not three. The root's edges are an array indexed by
 * token instead: every path and every match attempt starts there, and a
 * dense array keeps those first steps in cache.
 */
class EdgeTable {
  mask = INITIAL_SLOTS - 1;
  slots = new Int32Array(INITIAL_SLOTS * 3);
  /** The root's child along each token (0: none). */
  root = new Int32Array(INITIAL_SLOTS);
  size = 0;

  get byteLength(): number {
    return this.slots.byteLength + this.root.byteLength;
  }

  /** The child of `node` along `token`, or -1. */
  get(node: number, token: number): number {
    if (node === ROOT) return token < this.root.length && this.root[token] !== 0 ? this.root[token] : -1;
    const { mask, slots } = this;
    let slot = slotHash(node, token) & mask;
    for (;;) {
      const at = slot * 3;
      const to = slots[at + 2];
      if (to === 0) return -1;
      if (slots[at] === node && slots[at + 1] === token) return to;
      slot = (slot + 1) & mask;
    }
  }

  /** The child of `node` along `token`; `next` is set as the child when there is none (returned then). */
  getOrSet(node: number, token: number, next: number): number {
    if (node === ROOT) return this.getOrSetRoot(token, next);
    const { mask, slots } = this;
    let slot = slotHash(node, token) & mask;
    let at = slot * 3;
    for (;;) {
      const to = slots[at + 2];
      if (to === 0) break;
      if (slots[at] === node && slots[at + 1] === token) return to;
      slot = (slot + 1) & mask;
      at = slot * 3;
    }
    slots[at] = node;
    slots[at + 1] = token;
    slots[at + 2] = next;
    // Grow at 3/4 full: linear probing stays short below that.
    if (++this.size * 4 > (mask + 1) * 3) this.grow();
    return next;
  }

  private getOrSetRoot(token: number, next: number): number {
    if (token >= this.root.length) {
      let length = this.root.length * 2;
      while (token >= length) length *= 2;
      const root = new Int32Array(length);
      root.set(this.root);
      this.root = root;
    }
    if (this.root[token] !== 0) return this.root[token];
    this.root[token] = next;
    this.size++;
    return next;
  }

  private grow(): void {
    const old = this.slots;
    const mask = (this.mask + 1) * 2 - 1;
    const slots = new Int32Array((mask + 1) * 3);
    for (let at = 0; at < old.length; at += 3) {
      if (old[at + 2] === 0) continue;
      let slot = slotHash(old[at], old[at + 1]) & mask;
      while (slots[slot * 3 + 2] !== 0) slot = (slot + 1) & mask;
      slots.set(old.subarray(at, at + 3), slot * 3);
    }
    this.slots = slots;
    this.mask = mask;
  }
}

/** Builds a TokenTrie: add paths and the values that end on them, then build(). */
export class TokenTrieBuilder {
  private readonly edges = new EdgeTable();
  private nodes = 1;
  // One (node, value) record per terminal, in insertion order.
  private recNode: Int32Array<ArrayBuffer> = new Int32Array(INITIAL_SLOTS);
  private recValue: Int32Array<ArrayBuffer> = new Int32Array(INITIAL_SLOTS);
  private records = 0;
  private built = false;

  /** The child of `node` along `token`, made if absent. */
  addChild(node: number, token: number): number {
    if (this.built) throw new Error('TokenTrieBuilder: addChild after build()');
    const child = this.edges.getOrSet(node, token, this.nodes);
    if (child === this.nodes) this.nodes++;
    return child;
  }

  /** Record `value` as ending at `node`; values at one node keep the order they were added in. */
  addTerminal(node: number, value: number): void {
    if (this.built) throw new Error('TokenTrieBuilder: addTerminal after build()');
    if (this.records === this.recNode.length) {
      this.recNode = growInt32(this.recNode);
      this.recValue = growInt32(this.recValue);
    }
    this.recNode[this.records] = node;
    this.recValue[this.records] = value;
    this.records++;
  }

  /** The trie, its terminals packed by node (a stable counting sort). The builder is spent after this. */
  build(): TokenTrie {
    this.built = true;
    const { recNode, recValue, records, nodes } = this;
    const start = new Int32Array(nodes + 1);
    for (let r = 0; r < records; r++) start[recNode[r] + 1]++;
    for (let n = 0; n < nodes; n++) start[n + 1] += start[n];
    const fill = start.slice(0, nodes);
    const values = new Int32Array(records);
    for (let r = 0; r < records; r++) values[fill[recNode[r]]++] = recValue[r];
    this.recNode = this.recValue = new Int32Array(0);
    return new TokenTrie(this.edges, nodes, start, values);
  }
}

/** A built trie: read-only. */
export class TokenTrie {
  constructor(
    private readonly edges: EdgeTable,
    /** Nodes, the root included. */
    readonly nodeCount: number,
    /** Node n's terminal values are values[start[n] .. start[n + 1]). */
    private readonly start: Int32Array,
    private readonly values: Int32Array,
  ) {}

  get edgeCount(): number {
    return this.edges.size;
  }

  /** Bytes held in typed arrays, outside the JS heap's objects. */
  get byteLength(): number {
    return this.edges.byteLength + this.start.byteLength + this.values.byteLength;
  }

  /** The child of `node` along `token`, or -1. */
  child(node: number, token: number): number {
    return this.edges.get(node, token);
  }

  /** First index of `node`'s terminal values (read with terminalValue); equals terminalsEnd(node) when none end there. */
  terminalsStart(node: number): number {
    return this.start[node];
  }

  terminalsEnd(node: number): number {
    return this.start[node + 1];
  }

  terminalValue(index: number): number {
    return this.values[index];
  }
}

function growInt32(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
