/**
 * Children of every word of a sentence, built once and shared by a walk:
 * two flat arrays instead of a list per word (a counting sort by head).
 * Word h's children, ascending, are kidList[kidAt[h - first] .. kidAt[h - first + 1]).
 */
export interface ChildIndex {
  readonly kidAt: Int32Array;
  readonly kidList: Int32Array;
}

/** The children of the words [first, last), whose heads are in the same coordinates (outside the range or the word itself: no parent). */
export function childIndex(heads: ArrayLike<number>, first: number, last: number): ChildIndex {
  const n = last - first;
  const kidAt = new Int32Array(n + 2);
  for (let i = first; i < last; i++) {
    const h = heads[i];
    if (h >= first && h < last && h !== i) kidAt[h - first + 2]++;
  }
  for (let k = 0; k < n; k++) kidAt[k + 2] += kidAt[k + 1];
  // kidAt[k + 1] is now where word k's children start; filling moves it to where they end, word k + 1's start
  const kidList = new Int32Array(kidAt[n + 1]);
  for (let i = first; i < last; i++) {
    const h = heads[i];
    if (h >= first && h < last && h !== i) kidList[kidAt[h - first + 1]++] = i;
  }
  return { kidAt, kidList };
}
