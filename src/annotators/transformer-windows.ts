/**
 * Windows over a sentence too long for a transformer's positions: the
 * sentence's words are cut into overlapping windows of at most `budget`
 * pieces, and each word takes its label from exactly one window (the one
 * where it sits farther from an edge), so no word is dropped and none is
 * labelled without context on both sides when the sentence goes on.
 *
 * Windows start about half a budget apart; where two overlap, the earlier
 * one owns the first half of the overlap and the later one the rest.
 */
export interface PieceWindow {
  /** Words [first, end) fed to the model in this window. */
  first: number;
  end: number;
  /** Words [ownFirst, ownEnd) whose labels are read from this window. */
  ownFirst: number;
  ownEnd: number;
}

/**
 * @param pieces pieces per word (each at least 1 and at most `budget`)
 * @param budget pieces a window may hold (the model's positions minus its special tokens)
 */
export function pieceWindows(pieces: readonly number[], budget: number): PieceWindow[] {
  const n = pieces.length;
  if (n === 0) return [];
  if (!(budget >= 1)) throw new Error(`window budget must be at least one piece, got ${budget}`);
  const windows: PieceWindow[] = [];
  let first = 0;
  for (;;) {
    let end = first;
    let used = 0;
    while (end < n && (end === first || used + pieces[end] <= budget)) used += pieces[end++];
    windows.push({ first, end, ownFirst: first, ownEnd: end });
    if (end === n) break;
    // The next window starts about half a budget in (and at least one word on, before this one's end).
    let next = first + 1;
    let sum = pieces[first];
    while (next < end - 1 && sum < budget / 2) sum += pieces[next++];
    first = next;
  }
  for (let k = 1; k < windows.length; k++) {
    const prev = windows[k - 1];
    const cur = windows[k];
    const split = Math.max(cur.first, prev.ownFirst, Math.ceil((cur.first + prev.end) / 2));
    prev.ownEnd = split;
    cur.ownFirst = split;
  }
  windows[windows.length - 1].ownEnd = n;
  return windows;
}
