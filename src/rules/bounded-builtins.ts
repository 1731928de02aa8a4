/**
 * Built-ins that would allocate without bound in one step, bounded.
 *
 * tau-prolog builds whatever a built-in is asked for at once:
 * functor(T, f, 30000000) makes thirty million variables (2.8 GB) in one
 * step, atom_concat/3 doubles an atom per call until the process runs out
 * of memory, sub_atom/5 with its positions unbound makes every substring of
 * the atom before the first is tried (n^2 of them). Each replacement checks
 * the size first and throws SizeLimitExceeded (the rule ends with a 400 that
 * names the limit) instead of allocating, or, where it only enumerates,
 * gives one solution per step so the step and time limits apply. Sizes the
 * program does not control (an atom it already has) go to the originals.
 *
 * Atom lengths are in UTF-16 units, as tau-prolog's atoms are JavaScript
 * strings.
 */
import { chargeBuilt, SizeLimitExceeded } from './cell-meter.js';
import { comparedCells, textLength, treeCells } from './term-size.js';
import { isAtom, isInteger, tau, type PlBuiltin, type PlState, type PlTerm, type PlThread, type PlValue } from './tau.js';

export interface SizeLimits {
  /** Arguments of a term built by functor/3 or =../2. */
  maxTermArgs: number;
  /** UTF-16 units of an atom built, and of text written at once. */
  maxAtomChars: number;
  /** Cells one step may visit (compare, sort, write, collect variables). */
  maxStepVisits: number;
}

const COMPARISONS = ['==/2', '\\==/2', '@</2', '@>/2', '@=</2', '@>=/2', 'compare/3'];
/** Built-ins that walk their first argument whole (collecting its variables). */
const WALKS = ['ground/1', 'term_variables/3', 'numbervars/3', 'acyclic_term/1'];

type Originals = Record<string, unknown>;

const { Term, Num, State } = tau.type;
const isVar = (x: PlValue) => tau.type.is_variable(x);
const isAtomic = (x: PlValue) => isAtom(x) || tau.type.is_number(x);
/** A variable, or an integer >= 0: the arguments of sub_atom/5 that tau-prolog accepts. */
const isPosition = (x: PlValue) => isVar(x) || (isInteger(x) && x.value >= 0);

const SUB_ATOM_NEXT = '$textlens_sub_atom';
const ATOM_SPLIT_NEXT = '$textlens_atom_split';

/** Replacements for the `system` module's built-ins, keyed by indicator. */
export function boundedSystemBuiltins(limits: SizeLimits, system: Originals): Record<string, PlBuiltin> {
  const original = (indicator: string) => system[indicator] as PlBuiltin;
  const atomTooLong = (chars: number, predicate: string) =>
    new SizeLimitExceeded(`an atom may have at most ${limits.maxAtomChars} characters (${predicate} would make one of ${chars})`);
  const termTooWide = (args: number, predicate: string) =>
    new SizeLimitExceeded(`a term may have at most ${limits.maxTermArgs} arguments (${predicate} was asked for ${args})`);

  /** Atom from a list of characters or codes: the list must not be longer than an atom may be. */
  const fromList = (indicator: string): PlBuiltin => {
    const run = original(indicator);
    return (thread, point, atom) => {
      const [text, list] = atom.args;
      if (isVar(text)) {
        const length = listLength(list, limits.maxStepVisits);
        if (length > limits.maxAtomChars) throw atomTooLong(length, indicator);
      } else if (isAtom(text)) {
        chargeBuilt(text.id.length, `${indicator} of an atom of ${text.id.length} characters`);
      }
      return run(thread, point, atom);
    };
  };

  return {
    'functor/3': (thread, point, atom) => {
      const [term, , arity] = atom.args;
      if (isVar(term) && isInteger(arity) && arity.value > 0) {
        if (arity.value > limits.maxTermArgs) throw termTooWide(arity.value, 'functor/3');
        chargeBuilt(arity.value, `functor/3 with ${arity.value} arguments`);
      }
      return original('functor/3')(thread, point, atom);
    },

    '=../2': (thread, point, atom) => {
      const [term, list] = atom.args;
      if (isVar(term)) {
        const length = listLength(list, limits.maxStepVisits);
        if (length - 1 > limits.maxTermArgs) throw termTooWide(length - 1, '=../2');
      } else if (tau.type.is_term(term)) {
        chargeBuilt(term.args.length + 1, `=../2 of a term with ${term.args.length} arguments`);
      }
      return original('=../2')(thread, point, atom);
    },

    'atom_codes/2': fromList('atom_codes/2'),
    'atom_chars/2': fromList('atom_chars/2'),

    'atom_concat/3': (thread, point, atom) => {
      const [start, end, whole] = atom.args;
      if (isAtom(start) && isAtom(end)) {
        const chars = start.id.length + end.id.length;
        if (chars > limits.maxAtomChars) {
          // A given whole is an atom within the limit, so it cannot be the concatenation.
          if (isVar(whole)) throw atomTooLong(chars, 'atom_concat/3');
          return;
        }
      } else if (isVar(start) && isVar(end) && isAtom(whole)) {
        splitAtom(thread, point, [start, end, whole], 0);
        return;
      }
      return original('atom_concat/3')(thread, point, atom);
    },
    [`${ATOM_SPLIT_NEXT}/4`]: (thread, point, atom) => {
      const [start, end, whole, at] = atom.args;
      splitAtom(thread, point, [start, end, whole as PlTerm], (at as { value: number }).value);
    },

    'atomic_concat/3': (thread, point, atom) => {
      const [first, second, whole] = atom.args;
      if (isAtomic(first) && isAtomic(second)) {
        const chars = atomicLength(first) + atomicLength(second);
        if (chars > limits.maxAtomChars) {
          if (isVar(whole)) throw atomTooLong(chars, 'atomic_concat/3');
          return;
        }
      }
      return original('atomic_concat/3')(thread, point, atom);
    },

    'atomic_list_concat/3': (thread, point, atom) => {
      const [list, separator, whole] = atom.args;
      if (isAtomic(separator)) {
        const chars = joinedLength(list, atomicLength(separator), limits.maxAtomChars + 1);
        if (chars > limits.maxAtomChars) {
          if (isVar(whole)) throw atomTooLong(chars, 'atomic_list_concat/3');
          if (isAtom(whole)) return;
        }
      }
      return original('atomic_list_concat/3')(thread, point, atom);
    },

    'sub_atom/5': (thread, point, atom) => {
      const [text, before, length, after, sub] = atom.args;
      if (!isAtom(text) || !isPosition(before) || !isPosition(length) || !isPosition(after) || !(isVar(sub) || isAtom(sub))) {
        // A type or instantiation error: the original raises it without building anything.
        return original('sub_atom/5')(thread, point, atom);
      }
      nextSubAtom(thread, point, atom.args, 0, 0);
    },
    [`${SUB_ATOM_NEXT}/7`]: (thread, point, atom) => {
      const [fromBefore, fromLength] = atom.args.slice(5) as Array<{ value: number }>;
      nextSubAtom(thread, point, atom.args.slice(0, 5), fromBefore.value, fromLength.value);
    },

    'write_term/3': (thread, point, atom) => {
      checkTextSize(atom.args[1], limits, 'write_term/3');
      return original('write_term/3')(thread, point, atom);
    },

    ...Object.fromEntries(
      COMPARISONS.map((indicator): [string, PlBuiltin] => [
        indicator,
        (thread, point, atom) => {
          const [a, b] = atom.args.slice(-2);
          if (comparedCells(a, b, limits.maxStepVisits) > limits.maxStepVisits) throw comparedTooLarge(limits, indicator);
          return original(indicator)(thread, point, atom);
        },
      ]),
    ),
    ...Object.fromEntries(
      WALKS.map((indicator): [string, PlBuiltin] => [
        indicator,
        (thread, point, atom) => {
          if (treeCells(atom.args[0], limits.maxStepVisits) > limits.maxStepVisits) throw comparedTooLarge(limits, indicator);
          return original(indicator)(thread, point, atom);
        },
      ]),
    ),
    'keysort/2': sortBounded(limits, original('keysort/2'), 'keysort/2'),

    'sort/2': (thread, point, atom) => {
      const items = properList(atom.args[0]);
      if (items === undefined || !isListOrPartial(atom.args[1])) return original('sort/2')(thread, point, atom);
      checkSortSize(atom.args[0], items.length, limits, 'sort/2');
      // tau-prolog removes duplicates with one splice each (quadratic); one pass instead.
      const sorted = items.sort(tau.compare);
      const unique = sorted.filter((item, i) => i === 0 || tau.compare(sorted[i - 1], item) !== 0);
      prependGoals(thread, point, [new Term('=', [toList(unique), atom.args[1]])]);
    },
  };
}

/** Replacements for the `lists` library. */
export function boundedListBuiltins(limits: SizeLimits, lists: Originals): Record<string, PlBuiltin> {
  const original = (indicator: string) => lists[indicator] as PlBuiltin;
  return {
    'msort/2': sortBounded(limits, original('msort/2'), 'msort/2'),
    'replicate/3': (thread, point, atom) => {
      const times = atom.args[1];
      if (isInteger(times) && times.value > 0) chargeBuilt(times.value, `replicate/3 of ${times.value} elements`);
      return original('replicate/3')(thread, point, atom);
    },
    'list_to_set/2': (thread, point, atom) => {
      const items = properList(atom.args[0]);
      if (items === undefined) return original('list_to_set/2')(thread, point, atom);
      checkSortSize(atom.args[0], items.length, limits, 'list_to_set/2');
      // tau-prolog compares every element with every kept one (quadratic). Sort
      // positions by element, keep the first of each run of equal elements, in
      // list order: the same answer in n log n comparisons.
      const order = items.map((_, i) => i).sort((a, b) => tau.compare(items[a], items[b]) || a - b);
      const keep = new Array<boolean>(items.length).fill(false);
      order.forEach((at, k) => {
        if (k === 0 || tau.compare(items[order[k - 1]], items[at]) !== 0) keep[at] = true;
      });
      prependGoals(thread, point, [new Term('=', [toList(items.filter((_, i) => keep[i])), atom.args[1]])]);
    },
  };
}

/** Replacements for the `charsio` library (format/2,3 writes terms through it). */
export function boundedCharsioBuiltins(limits: SizeLimits, charsio: Originals): Record<string, PlBuiltin> {
  const original = charsio['write_term_to_chars/3'] as PlBuiltin;
  return {
    'write_term_to_chars/3': (thread, point, atom) => {
      const chars = checkTextSize(atom.args[0], limits, 'write_term_to_chars/3');
      chargeBuilt(chars, `write_term_to_chars/3 of about ${chars} characters`);
      return original(thread, point, atom);
    },
  };
}

/** Throws unless the term's text is within an atom's limit; returns a bound on its length. */
function checkTextSize(term: PlValue, limits: SizeLimits, predicate: string): number {
  const chars = textLength(term, limits.maxAtomChars, limits.maxStepVisits);
  if (chars > limits.maxAtomChars) {
    throw new SizeLimitExceeded(`text written at once may have at most ${limits.maxAtomChars} characters (${predicate} of a longer term)`);
  }
  return chars;
}

function comparedTooLarge(limits: SizeLimits, predicate: string): SizeLimitExceeded {
  return new SizeLimitExceeded(`one step may visit at most ${limits.maxStepVisits} cells (${predicate} of a term larger than that)`);
}

/** A sort compares each element about log2(n) times: the list's cells times that must fit a step. */
function checkSortSize(list: PlValue, n: number, limits: SizeLimits, predicate: string): void {
  const rounds = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const cap = Math.floor(limits.maxStepVisits / rounds);
  if (treeCells(list, cap) > cap) throw comparedTooLarge(limits, predicate);
}

function sortBounded(limits: SizeLimits, run: PlBuiltin, predicate: string): PlBuiltin {
  return (thread, point, atom) => {
    const items = properList(atom.args[0]);
    if (items !== undefined) checkSortSize(atom.args[0], items.length, limits, predicate);
    return run(thread, point, atom);
  };
}

/** A variable, or a list whose tail is [] or a variable: what sort/2 accepts as its result. */
function isListOrPartial(x: PlValue): boolean {
  let cell = x;
  while (tau.type.is_term(cell) && cell.indicator === './2') cell = cell.args[1];
  return isVar(cell) || (tau.type.is_term(cell) && cell.indicator === '[]/0');
}

/** Cells of a list (one the program already holds) up to its end or `cap` (a partial list counts what it has). */
function listLength(list: PlValue, cap: number): number {
  let n = 0;
  let cell = list;
  while (n < cap && tau.type.is_term(cell) && cell.indicator === './2') {
    n++;
    cell = cell.args[1];
  }
  return n;
}

/** The elements of a proper list, or undefined. */
function properList(list: PlValue): PlValue[] | undefined {
  const items: PlValue[] = [];
  let cell = list;
  while (tau.type.is_term(cell) && cell.indicator === './2') {
    items.push(cell.args[0]);
    cell = cell.args[1];
  }
  return tau.type.is_term(cell) && cell.indicator === '[]/0' ? items : undefined;
}

function toList(items: readonly PlValue[]): PlTerm {
  chargeBuilt(items.length, `a list of ${items.length} elements`);
  return items.reduceRight<PlTerm>((tail, head) => new Term('.', [head, tail]), new Term('[]', []));
}

function atomicLength(x: PlValue): number {
  return tau.type.is_number(x) ? String(x.value).length : (x as PlTerm).id.length;
}

/** Length of the atomics of `list` joined with a separator, counted up to `cap`. */
function joinedLength(list: PlValue, separator: number, cap: number): number {
  let chars = 0;
  let n = 0;
  let cell = list;
  while (chars < cap && tau.type.is_term(cell) && cell.indicator === './2') {
    const item = cell.args[0];
    if (isAtomic(item)) chars += atomicLength(item);
    if (n++ > 0) chars += separator;
    cell = cell.args[1];
  }
  return chars;
}

function prependGoals(thread: PlThread, point: PlState, goals: PlTerm[]): void {
  thread.prepend(goals.map((goal) => new State(point.goal === null ? goal : point.goal.replace(goal), point.substitution, point)));
}

const unifyAll = (pairs: Array<[PlValue, PlValue]>): PlTerm =>
  pairs
    .map(([a, b]) => new Term('=', [a, b]))
    .reduceRight((rest, goal) => new Term(',', [goal, rest]));

/** atom_concat(-Start, -End, +Whole): the split at `at`, then a choice point for the next one. */
function splitAtom(thread: PlThread, point: PlState, [start, end, whole]: [PlValue, PlValue, PlTerm], at: number): void {
  const text = whole.id;
  const solution = unifyAll([
    [start, new Term(text.slice(0, at), [])],
    [end, new Term(text.slice(at), [])],
  ]);
  const goals = [solution];
  if (at < text.length) goals.push(new Term(ATOM_SPLIT_NEXT, [start, end, whole, new Num(at + 1, false)]));
  prependGoals(thread, point, goals);
}

/**
 * sub_atom(+Atom, ?Before, ?Length, ?After, ?Sub): the first solution at or
 * after (fromBefore, fromLength), in tau-prolog's order (Before ascending,
 * then Length), then a choice point for the rest. A given Sub is found with
 * indexOf, so finding a word in a long atom costs one pass.
 */
function nextSubAtom(thread: PlThread, point: PlState, args: PlValue[], fromBefore: number, fromLength: number): void {
  const [text, before, length, after, sub] = args as [PlTerm, PlValue, PlValue, PlValue, PlValue];
  const s = text.id;
  const n = s.length;
  const given = (x: PlValue): number | undefined => (isInteger(x) ? x.value : undefined);
  const l0 = given(length);
  const a0 = given(after);
  // Before is given, or fixed by the given Length and After.
  const b0 = given(before) ?? (l0 !== undefined && a0 !== undefined ? n - l0 - a0 : undefined);

  let found: [number, number] | undefined;
  if (isAtom(sub)) {
    const l = sub.id.length;
    if (l0 !== undefined && l0 !== l) return;
    const from = fromLength > l ? fromBefore + 1 : fromBefore;
    if (b0 !== undefined || a0 !== undefined) {
      const b = b0 ?? n - l - (a0 as number);
      const fits = b >= from && b >= 0 && b + l <= n && (a0 === undefined || b + l + a0 === n);
      if (fits && s.startsWith(sub.id, b)) found = [b, l];
    } else if (from + l <= n) {
      const b = s.indexOf(sub.id, from);
      if (b >= 0) found = [b, l];
    }
  } else {
    // Lengths allowed at position b, by the given Length or After.
    const range = (b: number): [number, number] =>
      l0 !== undefined ? [l0, l0] : a0 !== undefined ? [n - b - a0, n - b - a0] : [0, n - b];
    const first = Math.max(fromBefore, b0 ?? 0);
    const last = Math.min(b0 ?? n, n);
    // Past the cursor's position the lowest allowed length fits if any does,
    // so two positions are enough to look at.
    for (let b = first; b <= last && b <= first + 1 && found === undefined; b++) {
      const [low, high] = range(b);
      const l = b === fromBefore ? Math.max(low, fromLength) : low;
      if (l >= 0 && l <= high && b + l <= n) found = [b, l];
    }
  }
  if (found === undefined) return;
  const [b, l] = found;
  const solution = unifyAll([
    [before, new Num(b, false)],
    [length, new Num(l, false)],
    [after, new Num(n - b - l, false)],
    [sub, new Term(s.slice(b, b + l), [])],
  ]);
  prependGoals(thread, point, [solution, new Term(SUB_ATOM_NEXT, [...args, new Num(b, false), new Num(l + 1, false)])]);
}
