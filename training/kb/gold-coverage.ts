/**
 * The "gold QIDs in KB" figure of `eval el` over several dev sets, for
 * weighing knowledge-base sources before they are built in
 * (missing-gold.ts): each set's share of gold mentions whose QID the KB
 * has, their unweighted mean (the figure issue #32 sets a target for), and
 * the QIDs missing, most often named first.
 */

/** One dev set: the QID of each counted gold mention (a QID named n times appears n times). */
export interface GoldSet {
  name: string;
  qids: readonly string[];
}

export interface GoldCoverage {
  perSet: { name: string; percent: number }[];
  /** Unweighted mean of the sets' percentages: a small set counts as much as a large one. */
  mean: number;
}

export function goldCoverage(sets: readonly GoldSet[], has: (qid: string) => boolean): GoldCoverage {
  const perSet = sets.map((s) => ({ name: s.name, percent: s.qids.length === 0 ? 0 : (100 * s.qids.filter(has).length) / s.qids.length }));
  const mean = perSet.length === 0 ? 0 : perSet.reduce((sum, p) => sum + p.percent, 0) / perSet.length;
  return { perSet, mean };
}

/** QIDs the KB lacks → gold mentions naming them over all sets, most mentions first (ties by QID, so the order is stable). */
export function missingGold(sets: readonly GoldSet[], has: (qid: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sets) for (const q of s.qids) if (!has(q)) counts.set(q, (counts.get(q) ?? 0) + 1);
  return new Map([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}
