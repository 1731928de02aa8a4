/**
 * Sizes of Prolog terms as tau-prolog's recursive walks see them, measured
 * without recursion and without going past a cap.
 *
 * A term can share a subterm: f(X, X) holds one X twice. Its size in memory
 * counts X once, but copying, comparing, unifying or writing it visits X
 * twice, so a term of a few hundred cells can stand for 2^100 of them. These
 * measures count the tree, not the memory, and stop as soon as the count
 * passes the cap, so measuring costs at most the cap whatever the term.
 */
import { tau, type PlTerm, type PlValue } from './tau.js';

const isCompound = (x: PlValue): x is PlTerm => tau.type.is_term(x) && x.args.length > 0;

/** Cells of `term` as a tree, or `cap + 1` once there are more than `cap`. */
export function treeCells(term: PlValue, cap: number): number {
  const stack: PlValue[] = [term];
  let cells = 0;
  while (stack.length > 0) {
    const value = stack.pop() as PlValue;
    if (++cells > cap) return cap + 1;
    if (isCompound(value)) for (const arg of value.args) stack.push(arg);
  }
  return cells;
}

/**
 * Pairs of cells that a comparison of `a` and `b` (==/2, compare/3) may
 * visit: both walked in step while their functors agree. `cap + 1` once
 * past `cap`.
 */
export function comparedCells(a: PlValue, b: PlValue, cap: number): number {
  const left: PlValue[] = [a];
  const right: PlValue[] = [b];
  let cells = 0;
  while (left.length > 0) {
    const s = left.pop() as PlValue;
    const t = right.pop() as PlValue;
    if (++cells > cap) return cap + 1;
    if (isCompound(s) && isCompound(t) && s.indicator === t.indicator) {
      for (let i = 0; i < s.args.length; i++) {
        left.push(s.args[i]);
        right.push(t.args[i]);
      }
    }
  }
  return cells;
}

/**
 * Pairs of cells that unifying `a` and `b` visits, or `cap + 1` once past
 * `cap`. Follows the bindings the unification makes on the way, as
 * tau-prolog's does: in eq(X, X) = eq(T1, T2), X is bound to T1 and then T1
 * is walked against T2.
 */
export function unifiedCells(a: PlValue, b: PlValue, cap: number): number {
  const bound = new Map<string, PlValue>();
  const left: PlValue[] = [a];
  const right: PlValue[] = [b];
  let cells = 0;
  while (left.length > 0) {
    const s = deref(left.pop() as PlValue, bound);
    const t = deref(right.pop() as PlValue, bound);
    if (++cells > cap) return cap + 1;
    if (s === t) continue;
    if (tau.type.is_variable(s)) {
      if (!(tau.type.is_variable(t) && s.id === t.id)) bound.set(s.id, t);
    } else if (tau.type.is_variable(t)) {
      bound.set(t.id, s);
    } else if (isCompound(s) && isCompound(t)) {
      // Unification stops at the first clash; measuring on past it only over-counts.
      if (s.indicator !== t.indicator) return cells;
      for (let i = 0; i < s.args.length; i++) {
        left.push(s.args[i]);
        right.push(t.args[i]);
      }
    }
  }
  return cells;
}

/** The value a variable is bound to in `bound`, followed to the end. */
function deref(x: PlValue, bound: Map<string, PlValue>): PlValue {
  let value = x;
  while (tau.type.is_variable(value)) {
    const next = bound.get(value.id);
    if (next === undefined) break;
    value = next;
  }
  return value;
}

/**
 * A bound on the length of a term's written text (names, numbers,
 * parentheses and commas; quoting aside), or `cap + 1` once past `cap`
 * characters or past `maxCells` cells.
 */
export function textLength(term: PlValue, cap: number, maxCells: number): number {
  const stack: PlValue[] = [term];
  let chars = 0;
  let cells = 0;
  while (stack.length > 0) {
    const value = stack.pop() as PlValue;
    if (++cells > maxCells) return cap + 1;
    if (tau.type.is_term(value)) {
      // Name, then "(" and a "," or ")" per argument.
      chars += value.id.length + (value.args.length > 0 ? value.args.length + 1 : 0);
      for (const arg of value.args) stack.push(arg);
    } else {
      chars += tau.type.is_number(value) ? String(value.value).length : 4;
    }
    if (chars > cap) return cap + 1;
  }
  return chars;
}
