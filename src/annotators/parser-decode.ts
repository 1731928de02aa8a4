/**
 * Tree decoding for the graph parser: from arc scores to heads that form a
 * tree with exactly one word attached to the root.
 *
 * `scores` is an (n+1)×(n+1) row-major matrix over positions 0..n, 0 being the
 * artificial root: scores[i*(n+1)+j] is the score of head j for dependent i
 * (row 0 is ignored). Returns heads[0..n] with heads[0] = -1.
 *
 * The argmax is used when it is already a tree (most sentences); otherwise
 * Chu-Liu-Edmonds, rerun with one root child at a time when it picks several.
 * training/parser/mst.py is the Python twin used for evaluation in training.
 */
export function decodeTree(scores: Float64Array | Float32Array, n: number): Int32Array {
  const size = n + 1;
  const heads = argmaxHeads(scores, size);
  if (isSingleRootTree(heads)) return heads;
  const s = new Float64Array(scores);
  let best = chuLiuEdmonds(s, size);
  const roots = rootChildren(best);
  if (roots.length === 1) return best;
  let bestScore = -Infinity;
  for (const r of roots) {
    const t = new Float64Array(scores);
    for (let i = 1; i < size; i++) if (i !== r) t[i * size] = -Infinity;
    const h = chuLiuEdmonds(t, size);
    const total = treeScore(scores, h, size);
    if (total > bestScore) {
      bestScore = total;
      best = h;
    }
  }
  return best;
}

export function argmaxHeads(scores: ArrayLike<number>, size: number): Int32Array {
  const heads = new Int32Array(size);
  heads[0] = -1;
  for (let i = 1; i < size; i++) {
    let bj = 0;
    let bv = -Infinity;
    const row = i * size;
    for (let j = 0; j < size; j++) {
      if (j === i) continue;
      const v = scores[row + j];
      if (v > bv) {
        bv = v;
        bj = j;
      }
    }
    heads[i] = bj;
  }
  return heads;
}

/** True when heads[1..] reach position 0 without cycles and exactly one word has head 0. */
export function isSingleRootTree(heads: ArrayLike<number>): boolean {
  const size = heads.length;
  let rootKids = 0;
  for (let i = 1; i < size; i++) if (heads[i] === 0) rootKids++;
  if (rootKids !== 1) return false;
  const state = new Uint8Array(size); // 0 new, 1 on the current path, 2 reaches the root
  state[0] = 2;
  const path: number[] = [];
  for (let i = 1; i < size; i++) {
    path.length = 0;
    let j = i;
    while (state[j] === 0) {
      state[j] = 1;
      path.push(j);
      j = heads[j];
      if (j < 0 || j >= size) return false;
    }
    if (state[j] === 1) return false;
    for (const p of path) state[p] = 2;
  }
  return true;
}

function rootChildren(heads: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < heads.length; i++) if (heads[i] === 0) out.push(i);
  return out;
}

function treeScore(scores: ArrayLike<number>, heads: Int32Array, size: number): number {
  let t = 0;
  for (let i = 1; i < size; i++) t += scores[i * size + heads[i]];
  return t;
}

/** Maximum spanning arborescence rooted at 0 over a dense size×size score matrix (contraction algorithm). */
function chuLiuEdmonds(scores: Float64Array, size: number): Int32Array {
  const heads = argmaxHeads(scores, size);
  for (let i = 1; i < size; i++) if (scores[i * size + heads[i]] === -Infinity && heads[i] !== 0) heads[i] = 0;
  const cycle = findCycle(heads);
  if (!cycle) return heads;

  const inCycle = new Uint8Array(size);
  for (const c of cycle) inCycle[c] = 1;
  const rest: number[] = [];
  for (let i = 0; i < size; i++) if (!inCycle[i]) rest.push(i);
  const c = rest.length; // index of the contracted node
  const m = c + 1;
  const sub = new Float64Array(m * m).fill(-Infinity);
  let cycleScore = 0;
  for (const v of cycle) cycleScore += scores[v * size + heads[v]];
  for (let a = 0; a < c; a++) for (let b = 0; b < c; b++) sub[a * m + b] = scores[rest[a] * size + rest[b]];
  // arcs entering the cycle, and which cycle word each would break into
  const bestIn = new Int32Array(c);
  for (let b = 0; b < c; b++) {
    let bv = -Infinity;
    let bk = 0;
    for (let k = 0; k < cycle.length; k++) {
      const v = cycle[k];
      const sc = scores[v * size + rest[b]] - scores[v * size + heads[v]] + cycleScore;
      if (sc > bv) {
        bv = sc;
        bk = k;
      }
    }
    sub[c * m + b] = bv;
    bestIn[b] = bk;
  }
  // arcs leaving the cycle
  const bestOut = new Int32Array(c);
  for (let a = 0; a < c; a++) {
    let bv = -Infinity;
    let bk = 0;
    for (let k = 0; k < cycle.length; k++) {
      const sc = scores[rest[a] * size + cycle[k]];
      if (sc > bv) {
        bv = sc;
        bk = k;
      }
    }
    sub[a * m + c] = bv;
    bestOut[a] = bk;
  }
  const subHeads = chuLiuEdmonds(sub, m);
  const result = new Int32Array(heads);
  for (let a = 1; a < c; a++) {
    const h = subHeads[a];
    result[rest[a]] = h === c ? cycle[bestOut[a]] : rest[h];
  }
  const h = subHeads[c];
  result[cycle[bestIn[h]]] = rest[h];
  return result;
}

function findCycle(heads: Int32Array): number[] | undefined {
  const size = heads.length;
  const seen = new Int32Array(size); // the start node + 1 of the walk that visited a node
  for (let start = 1; start < size; start++) {
    let j = start;
    while (j > 0 && seen[j] === 0) {
      seen[j] = start;
      j = heads[j];
    }
    if (j > 0 && seen[j] === start) {
      const cycle = [j];
      for (let k = heads[j]; k !== j; k = heads[k]) cycle.push(k);
      return cycle;
    }
  }
  return undefined;
}
