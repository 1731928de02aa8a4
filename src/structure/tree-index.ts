/**
 * Children of every word of a sentence, built once and shared by a walk:
 * two flat arrays instead of a list per word (a counting sort by head).
 * Word h's children, ascending, are kidList[kidAt[h - first] .. kidAt[h - first + 1]);
 * entries past the sentence's are stale.
 */
export interface ChildIndex {
  readonly kidAt: Int32Array;
  readonly kidList: Int32Array;
}

/**
 * The children of the words [first, last), whose heads are in the same
 * coordinates (outside the range or the word itself: no parent). With
 * `reuse`, its arrays are refilled when long enough (typed arrays cost more
 * to allocate than to fill for a sentence of twenty words); the previous
 * index it held is then gone.
 */
export function childIndex(heads: ArrayLike<number>, first: number, last: number, reuse?: ChildIndex): ChildIndex {
  const n = last - first;
  let kidAt: Int32Array;
  let kidList: Int32Array;
  if (reuse !== undefined && reuse.kidAt.length >= n + 2 && reuse.kidList.length >= n) {
    kidAt = reuse.kidAt;
    kidAt.fill(0, 0, n + 2);
    kidList = reuse.kidList;
  } else {
    const size = Math.max(n, reuse !== undefined ? 2 * reuse.kidList.length : 0);
    kidAt = new Int32Array(size + 2);
    kidList = new Int32Array(size);
  }
  for (let i = first; i < last; i++) {
    const h = heads[i];
    if (h >= first && h < last && h !== i) kidAt[h - first + 2]++;
  }
  for (let k = 0; k < n; k++) kidAt[k + 2] += kidAt[k + 1];
  // kidAt[k + 1] is now where word k's children start; filling moves it to where they end, word k + 1's start
  for (let i = first; i < last; i++) {
    const h = heads[i];
    if (h >= first && h < last && h !== i) kidList[kidAt[h - first + 1]++] = i;
  }
  return reuse !== undefined && reuse.kidAt === kidAt ? reuse : { kidAt, kidList };
}

/** An index whose arrays a caller passes back to childIndex, for sentences up to n words (it grows past them). */
export function childIndexScratch(n = 256): ChildIndex {
  return { kidAt: new Int32Array(n + 2), kidList: new Int32Array(n) };
}
