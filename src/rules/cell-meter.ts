/**
 * A bound on the work one resolution step of a rules program may do.
 *
 * The step, time and memory limits act between steps, so a single step must
 * be bounded on its own. Inside a step tau-prolog copies terms (applying a
 * substitution, renaming a clause), walks them (looking for the calling
 * clause among the parent goals) and unifies them. A term that shares one
 * subterm many times, f(X, X, ..., X) with X itself large, is small in
 * memory but unfolds into its full size when copied: ten thousand Xs of ten
 * thousand cells each become 10^8 cells in one step; and two terms built
 * by doubling a shared subterm 40 times take 2^40 steps to unify.
 *
 * The meter counts, while a sandboxed step runs, the cells those methods
 * create or visit, and throws SizeLimitExceeded past the step's budget:
 * before the unification that would pass it, and as the copy that passes it
 * grows. The built-ins that build a term or list of a size they are given
 * (bounded-builtins.ts) charge it up front.
 *
 * The methods are replaced on tau-prolog's prototypes and `pl` object,
 * which every session of the process shares; outside a metered step they
 * do what tau-prolog's do, at the cost of one test. The parent-goal search
 * is replaced by an iterative one: tau-prolog's recurses once per list
 * cell, so a goal holding a list of some thousands of elements overflowed
 * the stack.
 */
import { tau, type PlSubstitution, type PlTerm, type PlValue } from './tau.js';
import { unifiedCells } from './term-size.js';

/** One step's budget and what it has used; the sandbox's Guard is one. */
export interface CellMeter {
  /** Cells created in the current step (terms copied, lists built). */
  built: number;
  /** Cells visited in the current step (searched, unified). */
  visited: number;
  readonly maxBuilt: number;
  readonly maxVisited: number;
}

/** A rules program asked for more than a size limit allows; the message names the limit. */
export class SizeLimitExceeded extends Error {}

let active: CellMeter | undefined;

/** Runs one step with `meter` counting; a nested step (a goal run by findall/3, say) counts on its own. */
export function metered<T>(meter: CellMeter, step: () => T): T {
  const outer = active;
  const built = meter.built;
  const visited = meter.visited;
  active = meter;
  meter.built = 0;
  meter.visited = 0;
  try {
    return step();
  } finally {
    active = outer;
    meter.built = built;
    meter.visited = visited;
  }
}

/** Charges `cells` about to be built in the current step; throws when the step's budget would be passed. */
export function chargeBuilt(cells: number, what: string): void {
  if (active === undefined) return;
  active.built += cells;
  if (active.built > active.maxBuilt) throw builtExceeded(active, what);
}

function builtExceeded(meter: CellMeter, what: string): SizeLimitExceeded {
  return new SizeLimitExceeded(`one step may build at most ${meter.maxBuilt} cells (${what})`);
}

function visitedExceeded(meter: CellMeter, what: string): SizeLimitExceeded {
  return new SizeLimitExceeded(`one step may visit at most ${meter.maxVisited} cells (${what})`);
}

type Method = (this: PlTerm, arg: unknown) => unknown;
type TermPrototype = Record<'apply' | 'rename' | 'search', Method>;
type Unify = (a: PlValue | PlValue[], b: PlValue | PlValue[], occursCheck: boolean) => PlSubstitution | null;

let installed = false;

/** Installs the meter in tau-prolog (once per process). */
export function installCellMeter(): void {
  if (installed) return;
  installed = true;
  const term = (tau.type.Term as unknown as { prototype: TermPrototype }).prototype;
  countCopies(term, 'apply');
  countCopies(term, 'rename');
  term.search = search as Method;

  const pl = tau as unknown as { unify: Unify };
  const unify = pl.unify;
  pl.unify = (a, b, occursCheck) => {
    if (active !== undefined) {
      const left = Array.isArray(a) ? a : [a];
      const right = Array.isArray(b) ? b : [b];
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const room = active.maxVisited - active.visited;
        active.visited += unifiedCells(left[i], right[i], room);
        if (active.visited > active.maxVisited) throw visitedExceeded(active, 'a unification of two terms larger than that');
      }
    }
    return unify(a, b, occursCheck);
  };
}

/**
 * Counts the cells a copy builds: tau-prolog's apply and rename build a new
 * term per compound (non-ground, for apply) and walk list cells in a loop,
 * so each call builds the term and its argument list.
 */
function countCopies(proto: TermPrototype, name: 'apply' | 'rename'): void {
  const original = proto[name];
  proto[name] = function meteredCopy(this: PlTerm & { ground?: boolean }, arg: unknown) {
    if (active !== undefined && !(name === 'apply' && this.ground)) {
      active.built += 1 + this.args.length;
      if (active.built > active.maxBuilt) throw builtExceeded(active, 'a term copied whole, larger than that');
    }
    return original.call(this, arg);
  };
}

/** Whether `expr` (by identity or by the ref that copies keep) is this term or inside it. */
function search(this: PlTerm, expr: PlTerm): boolean {
  searchVisits = 0;
  try {
    return searchFrom(this, expr, refOf(expr), 0);
  } finally {
    if (active !== undefined) active.visited += searchVisits;
  }
}

/** Cells the current search has visited. */
let searchVisits = 0;
/** Nesting below which the search recurses (fast); deeper subterms, a long list say, go on a stack. */
const RECURSION_DEPTH = 64;

/** Depth first, leftmost first, as tau-prolog's (the goal is most often near the left). */
function searchFrom(term: PlTerm, expr: PlTerm, ref: number | undefined, depth: number): boolean {
  if (term === expr || refOf(term) === ref) return true;
  if ((++searchVisits & 0xfff) === 0) checkSearch();
  const args = term.args;
  if (depth < RECURSION_DEPTH) {
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (tau.type.is_term(arg) && searchFrom(arg, expr, ref, depth + 1)) return true;
    }
    return false;
  }
  const stack: PlTerm[] = [];
  for (let i = args.length - 1; i >= 0; i--) if (tau.type.is_term(args[i])) stack.push(args[i] as PlTerm);
  while (stack.length > 0) {
    const next = stack.pop() as PlTerm;
    if (next === expr || refOf(next) === ref) return true;
    if ((++searchVisits & 0xfff) === 0) checkSearch();
    const inner = next.args;
    for (let i = inner.length - 1; i >= 0; i--) if (tau.type.is_term(inner[i])) stack.push(inner[i] as PlTerm);
  }
  return false;
}

function checkSearch(): void {
  if (active !== undefined && active.visited + searchVisits > active.maxVisited) {
    throw visitedExceeded(active, 'a search of the goals through a term larger than that, or a very deep recursion');
  }
}

/** The number tau-prolog gives a term and keeps in its copies. */
function refOf(term: PlTerm): number | undefined {
  return (term as PlTerm & { ref?: number }).ref;
}
