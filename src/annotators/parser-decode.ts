/**
 * Tree decoding for the graph parser: from arc scores to heads that form a
 * tree with exactly one word attached to the root.
 *
 * `scores` is an (n+1)×(n+1) row-major matrix over positions 0..n, 0 being the
 * artificial root: scores[i*(n+1)+j] is the score of head j for dependent i
 * (row 0 is ignored). Returns heads[0..n] with heads[0] = -1.
 *
 * The argmax is used when it is already a tree (most sentences); otherwise
 * Chu-Liu-Edmonds, rerun with one root child at a time when it picks several
 * (at most MAX_ROOT_TRIALS of them, those with the best root scores).
 * training/parser/mst.py is the Python twin used for evaluation in training
 * (the same root trials; it contracts one cycle at a time, without a bound on
 * the levels, which real text never reaches).
 */

/**
 * How many of the root children the unconstrained tree picks are tried as
 * the only one. Real text gives 2, rarely 3 (EWT dev and test, GUM dev,
 * CoNLL-2000 train: 8,936 WSJ sentences, never more); a 200-word segment of
 * repeated punctuation gave ~200, and one Chu-Liu-Edmonds run each made a
 * 1 kB request take seconds.
 */
export const MAX_ROOT_TRIALS = 4;

export function decodeTree(scores: Float64Array | Float32Array, n: number): Int32Array {
  const size = n + 1;
  const heads = argmaxHeads(scores, size);
  if (isSingleRootTree(heads)) return heads;
  const s = new Float64Array(scores);
  const run = { greedy: false };
  let best = chuLiuEdmonds(s, size, 0, run);
  const roots = rootChildren(best);
  if (roots.length === 1) return best;
  // Past the level bound (degenerate input, never real text) the trees are greedy: one trial, not a search among roots.
  const trials = run.greedy ? 1 : MAX_ROOT_TRIALS;
  if (roots.length > trials) {
    // the best root scores first (ties: word order)
    roots.sort((a, b) => scores[b * size] - scores[a * size] || a - b);
    roots.length = trials;
  }
  let bestScore = -Infinity;
  for (const r of roots) {
    const t = new Float64Array(scores);
    for (let i = 1; i < size; i++) if (i !== r) t[i * size] = -Infinity;
    const h = chuLiuEdmonds(t, size, 0, run);
    const total = treeScore(scores, h, size);
    if (total > bestScore) {
      bestScore = total;
      best = h;
    }
    if (run.greedy) break; // a degenerate segment: its first single-root tree will do
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

/**
 * Contraction levels of one Chu-Liu-Edmonds run before the rest is decided
 * greedily (greedyArborescence). Real text needs at most 7 (EWT dev and
 * test, GUM dev, CoNLL-2000 train: 1,959 runs, 9 of them past 4 levels); a 200-word segment of
 * repeated punctuation chains ~200 levels of O(size²) each, and seconds per
 * kilobyte of such text.
 */
export const MAX_CONTRACTION_LEVELS = 8;

/**
 * Maximum spanning arborescence rooted at 0 over a dense size×size score
 * matrix (Chu-Liu-Edmonds), every cycle of the greedy heads contracted at
 * once; past MAX_CONTRACTION_LEVELS, the best tree the greedy growth finds.
 */
function chuLiuEdmonds(scores: Float64Array, size: number, level = 0, run = { greedy: false }): Int32Array {
  const heads = argmaxHeads(scores, size);
  for (let i = 1; i < size; i++) if (scores[i * size + heads[i]] === -Infinity && heads[i] !== 0) heads[i] = 0;
  const cycles = findCycles(heads);
  if (cycles.length === 0) return heads;
  if (level >= MAX_CONTRACTION_LEVELS) {
    run.greedy = true;
    return greedyArborescence(scores, size);
  }

  // Nodes of the contracted graph: the words on no cycle (0 first), then one per cycle.
  const node = new Int32Array(size); // original word → contracted node
  const cycleOf = new Int32Array(size).fill(-1);
  cycles.forEach((cycle, k) => {
    for (const v of cycle) cycleOf[v] = k;
  });
  const rest: number[] = [];
  for (let i = 0; i < size; i++) if (cycleOf[i] < 0) node[i] = rest.push(i) - 1;
  const r = rest.length;
  const m = r + cycles.length;
  for (let i = 0; i < size; i++) if (cycleOf[i] >= 0) node[i] = r + cycleOf[i];
  const cycleScore = cycles.map((cycle) => cycle.reduce((t, v) => t + scores[v * size + heads[v]], 0));

  // sub[a·m + b]: the best arc from contracted head b to contracted dependent a, and which words it joins.
  const sub = new Float64Array(m * m).fill(-Infinity);
  const arcDep = new Int32Array(m * m).fill(-1);
  const arcHead = new Int32Array(m * m).fill(-1);
  for (let v = 1; v < size; v++) {
    const a = node[v];
    const k = cycleOf[v];
    // entering a cycle at v replaces v's arc inside it
    const shift = k < 0 ? 0 : cycleScore[k] - scores[v * size + heads[v]];
    const row = v * size;
    for (let u = 0; u < size; u++) {
      const b = node[u];
      if (b === a) continue;
      const sc = scores[row + u] + shift;
      const cell = a * m + b;
      // the first candidate is kept even at -Infinity (a masked row still needs an arc to expand)
      if (sc > sub[cell] || arcDep[cell] < 0) {
        sub[cell] = sc;
        arcDep[cell] = v;
        arcHead[cell] = u;
      }
    }
  }
  const subHeads = chuLiuEdmonds(sub, m, level + 1, run);
  const result = new Int32Array(heads); // cycle words keep their cycle arcs but for the one entered
  for (let a = 1; a < m; a++) {
    const cell = a * m + subHeads[a];
    result[arcDep[cell]] = arcHead[cell];
  }
  return result;
}

/**
 * A spanning arborescence rooted at 0 grown greedily (Prim's order): each
 * step adds the word with the best arc from a word already in the tree.
 * O(size²), no cycles by construction; not always the maximum.
 */
function greedyArborescence(scores: Float64Array, size: number): Int32Array {
  const heads = new Int32Array(size);
  heads[0] = -1;
  const inTree = new Uint8Array(size);
  inTree[0] = 1;
  const best = new Float64Array(size);
  const bestHead = new Int32Array(size); // 0: the root
  for (let v = 1; v < size; v++) best[v] = scores[v * size];
  for (let added = 1; added < size; added++) {
    let pick = -1;
    for (let v = 1; v < size; v++) if (!inTree[v] && (pick < 0 || best[v] > best[pick])) pick = v;
    inTree[pick] = 1;
    heads[pick] = bestHead[pick];
    for (let v = 1; v < size; v++) {
      if (inTree[v]) continue;
      const sc = scores[v * size + pick];
      if (sc > best[v]) {
        best[v] = sc;
        bestHead[v] = pick;
      }
    }
  }
  return heads;
}

/** The cycles of a head array (each word has one head: the cycles are disjoint). */
function findCycles(heads: Int32Array): number[][] {
  const size = heads.length;
  const cycles: number[][] = [];
  const seen = new Int32Array(size); // the start node of the walk that visited a node
  for (let start = 1; start < size; start++) {
    let j = start;
    while (j > 0 && seen[j] === 0) {
      seen[j] = start;
      j = heads[j];
    }
    if (j > 0 && seen[j] === start) {
      const cycle = [j];
      for (let k = heads[j]; k !== j; k = heads[k]) cycle.push(k);
      cycles.push(cycle);
    }
  }
  return cycles;
}
