/**
 * Rules programs that try to take the server down with memory or with one
 * endless step: each ends with a 400 that names the limit, quickly, and the
 * built-ins replaced to bound them still answer as tau-prolog's did.
 *
 * test/rules/attacks.ts runs the same attacks in child processes and prints
 * their peak memory.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { runRules, type RuleLimits, type RulesResult } from '../../src/rules/index.js';
import { boundedSystemBuiltins } from '../../src/rules/bounded-builtins.js';
import { installCellMeter, metered, SizeLimitExceeded, type CellMeter } from '../../src/rules/cell-meter.js';
import { tau, type PlBuiltin, type PlState, type PlTerm, type PlThread, type PlValue } from '../../src/rules/tau.js';
import { comparedCells, textLength, treeCells, unifiedCells } from '../../src/rules/term-size.js';
import { annotatedDoc } from './fixture.js';

const doc = annotatedDoc();

/** Runs `p` and returns the error and how long it took (fails the test when there is no 400). */
async function refused(rules: string, limits?: RuleLimits): Promise<{ message: string; ms: number }> {
  const t0 = performance.now();
  try {
    await runRules(doc, rules, ['p'], limits);
  } catch (error) {
    const ms = performance.now() - t0;
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).status).toBe(400);
    return { message: (error as AnalysisError).message, ms };
  }
  throw new Error('expected the rules to be refused');
}

/** The bindings of p/N. */
async function solutions(rules: string, limits?: RuleLimits): Promise<unknown[][]> {
  const result: RulesResult = await runRules(doc, rules, ['p'], limits);
  return result.matchingRules[0].bindings;
}

/** d(N, A, B): B is A doubled N times by atom_concat/3. */
const DOUBLE_ATOM = 'd(0, A, A) :- !. d(N, A, B) :- atom_concat(A, A, C), N1 is N - 1, d(N1, C, B).';
/** g(N, T, R): R is T doubled N times as f(T, T), a term that shares its halves. */
const DOUBLE_TERM = 'g(0, T, T) :- !. g(N, T, R) :- N1 is N - 1, g(N1, f(T, T), R).';

describe('one step cannot allocate without bound', () => {
  it('functor/3 with thirty million arguments', async () => {
    const { message, ms } = await refused('p :- functor(_, f, 30000000).');
    expect(message).toBe(
      'rules: size limit exceeded in rule p/0: a term may have at most 100000 arguments (functor/3 was asked for 30000000)',
    );
    expect(ms).toBeLessThan(1000);
  });

  it('=../2 from a list longer than a term may be', async () => {
    const { message } = await refused('p :- findall(x, between(1, 20, _), L), T =.. [f|L].', { maxTermArgs: 10 });
    expect(message).toMatch(/a term may have at most 10 arguments \(=\.\.\/2 was asked for 20\)/);
  });

  it('an atom doubled by atom_concat/3 until it is too long', async () => {
    const { message, ms } = await refused(`${DOUBLE_ATOM} d(A, B) :- atom_concat(A, A, B). g(A) :- d(A, B), g(B). p :- g(a).`);
    expect(message).toMatch(/an atom may have at most 1000000 characters \(atom_concat\/3 would make one of 1048576\)/);
    expect(ms).toBeLessThan(1000);
  });

  it('atom_codes/2 of a 2^26-character atom: the atom is refused first', async () => {
    const { message, ms } = await refused(`${DOUBLE_ATOM} p :- d(26, a, A), atom_codes(A, L), length(L, _).`);
    expect(message).toMatch(/an atom may have at most 1000000 characters/);
    expect(ms).toBeLessThan(1000);
  });

  it('atom_codes/2 and atom_chars/2 from a list longer than an atom may be', async () => {
    const codes = await refused('p :- findall(0\'a, between(1, 2000, _), L), atom_codes(_, L).', { maxAtomChars: 1000 });
    expect(codes.message).toMatch(/an atom may have at most 1000 characters \(atom_codes\/2 would make one of 2000\)/);
    const chars = await refused('p :- findall(a, between(1, 2000, _), L), atom_chars(_, L).', { maxAtomChars: 1000 });
    expect(chars.message).toMatch(/atom_chars\/2 would make one of 2000/);
  });

  it('atom_codes/2 of a long atom builds a list within one step\'s cells', async () => {
    const { message } = await refused(`${DOUBLE_ATOM} p :- d(11, a, A), atom_codes(A, _).`, { maxStepCells: 1000 });
    expect(message).toMatch(/one step may build at most 1000 cells \(atom_codes\/2 of an atom of 2048 characters\)/);
  });

  it('atomic_list_concat/2,3 and atomic_concat/3 past the atom limit', async () => {
    const limits = { maxAtomChars: 100 };
    const join = await refused("p :- findall(abcdefghij, between(1, 11, _), L), atomic_list_concat(L, '', _).", limits);
    expect(join.message).toMatch(/atomic_list_concat\/3 would make one of 110/);
    const join2 = await refused('p :- findall(abcdefghij, between(1, 11, _), L), atomic_list_concat(L, _).', limits);
    expect(join2.message).toMatch(/atomic_list_concat\/3 would make one of 110/);
    const pair = await refused(`${DOUBLE_ATOM} p :- d(6, a, A), atomic_concat(A, A, _).`, limits);
    expect(pair.message).toMatch(/atomic_concat\/3 would make one of 128/);
  });

  it('a concatenation too long to be a given atom just fails', async () => {
    expect(await solutions(`${DOUBLE_ATOM} p :- d(6, a, A), \\+ atom_concat(A, A, abc).`, { maxAtomChars: 100 })).toEqual([[]]);
  });

  it('a term that doubles itself each call (copied whole every step)', async () => {
    const { message, ms } = await refused('g(T) :- g(f(T, T)). p :- g(_).', { maxStepCells: 10_000, timeoutMs: 60_000 });
    expect(message).toMatch(/one step may build at most 10000 cells \(a term copied whole, larger than that\)/);
    expect(ms).toBeLessThan(1000);
  });

  it('a term that holds one large term many times, copied in one step', async () => {
    // f(X, ..., X) with 2,000 Xs, then X bound to a term of 2,000 variables:
    // the next copy of the goal would build 4,000,000 cells.
    const xs = Array.from({ length: 2000 }, () => 'X').join(', ');
    const { message, ms } = await refused(`p :- T = f(${xs}), functor(X, g, 2000), q(T). q(_).`);
    expect(message).toMatch(/one step may build at most 1000000 cells/);
    expect(ms).toBeLessThan(1000);
  });

  it('building, unifying, comparing or walking terms that share their halves 2^40 times', async () => {
    // Building them is stopped already: each step searches its parent goals, which hold them.
    const limits = { maxStepCells: 10_000, timeoutMs: 60_000 };
    for (const goal of ['T = U', 'eq(T, U)', 'T == U', 'compare(_, T, U)', 'msort([T, U], _)', 'ground(T)', 'term_variables(T, _)']) {
      const { message, ms } = await refused(`${DOUBLE_TERM} eq(X, X). p :- g(40, a, T), g(40, a, U), ${goal}.`, limits);
      expect(message, goal).toMatch(/one step may visit at most 1000000 cells/);
      expect(ms, goal).toBeLessThan(1000);
    }
  });

  it('writing a term whose text is longer than an atom may be', async () => {
    const limits = { maxAtomChars: 1000 };
    const write = await refused(`${DOUBLE_ATOM} p :- d(9, a, A), write(f(A, A)).`, limits);
    expect(write.message).toMatch(/text written at once may have at most 1000 characters \(write_term\/3 of a longer term\)/);
    const format = await refused(`${DOUBLE_ATOM} p :- d(9, a, A), format("~w", [f(A, A)]).`, limits);
    expect(format.message).toMatch(/write_term_to_chars\/3 of a longer term/);
    // Loading charsio again does not bring back the unbounded one.
    const loaded = await refused(`:- use_module(library(charsio)).\n${DOUBLE_ATOM} p :- d(9, a, A), write_term_to_chars(f(A, A), [], _).`, limits);
    expect(loaded.message).toMatch(/write_term_to_chars\/3 of a longer term/);
    // The whole text of a term that shares itself is never built.
    const shared = await refused(`${DOUBLE_TERM} p :- g(30, a, T), write(T).`, { maxStepCells: 10_000, timeoutMs: 60_000 });
    expect(shared.message).toMatch(/size limit exceeded in rule p\/0/);
    expect(shared.ms).toBeLessThan(1000);
  });

  it('a binding whose text would be longer than an atom may be', async () => {
    const { message } = await refused(`${DOUBLE_ATOM} p(f(A, A)) :- d(9, a, A).`, { maxAtomChars: 1000 });
    expect(message).toMatch(/a value in the bindings may have at most 1000 characters as text/);
  });

  it('replicate/3 of more cells than a step may build', async () => {
    const { message } = await refused('p :- replicate(x, 5000, _).', { maxStepCells: 1000 });
    expect(message).toMatch(/one step may build at most 1000 cells \(replicate\/3 of 5000 elements\)/);
  });
});

describe('memory over many steps', () => {
  it('asserting large terms until the heap has grown past the budget', async () => {
    const { message, ms } = await refused(
      'g :- functor(T, f, 100000), assertz(k(T)), g. p :- g.',
      { maxMemoryMb: 32, timeoutMs: 60_000, maxSteps: 10_000_000 },
    );
    expect(message).toMatch(/^rules: memory limit exceeded in rule p\/0 \(the rules may take \d+ MB of memory\)$/);
    expect(ms).toBeLessThan(1000);
  });

  it('findall/3 collecting large terms', async () => {
    const { message } = await refused(
      'p :- findall(T, (between(1, 1000000, _), functor(T, f, 10000)), L), length(L, _).',
      { maxMemoryMb: 32, timeoutMs: 60_000 },
    );
    expect(message).toMatch(/memory limit exceeded in rule p\/0/);
  });
});

describe('replaced built-ins answer as before', () => {
  it('sub_atom/5 in every mode, in order', async () => {
    const all = await solutions('p(B, L, A, S) :- sub_atom(abc, B, L, A, S).');
    expect(all).toEqual([
      [0, 0, 3, ''], [0, 1, 2, 'a'], [0, 2, 1, 'ab'], [0, 3, 0, 'abc'],
      [1, 0, 2, ''], [1, 1, 1, 'b'], [1, 2, 0, 'bc'],
      [2, 0, 1, ''], [2, 1, 0, 'c'],
      [3, 0, 0, ''],
    ]);
    expect(await solutions('p(B, A) :- sub_atom(abcab, B, _, A, ab).')).toEqual([[0, 3], [3, 0]]);
    expect(await solutions('p(B) :- sub_atom(aaa, B, _, _, \'\').')).toEqual([[0], [1], [2], [3]]);
    expect(await solutions('p(S) :- sub_atom(abcde, 1, 3, _, S).')).toEqual([['bcd']]);
    expect(await solutions('p(B, S) :- sub_atom(abcde, B, 2, _, S).')).toEqual([[0, 'ab'], [1, 'bc'], [2, 'cd'], [3, 'de']]);
    expect(await solutions('p(B, S) :- sub_atom(abcde, B, _, 1, S).')).toEqual([
      [0, 'abcd'], [1, 'bcd'], [2, 'cd'], [3, 'd'], [4, ''],
    ]);
    expect(await solutions('p(B, S) :- sub_atom(abcde, B, 2, 1, S).')).toEqual([[2, 'cd']]);
    expect(await solutions('p(L) :- sub_atom(abcde, 4, L, 0, _).')).toEqual([[1]]);
    expect(await solutions('p :- sub_atom(abcab, 3, 2, 0, ab).')).toEqual([[]]);
    expect(await solutions('p :- sub_atom(abcab, 1, _, _, ab).')).toEqual([]);
    expect(await solutions('p :- sub_atom(ab, _, 5, _, _).')).toEqual([]);
    const error = await refused('p :- sub_atom(_, _, _, _, _).');
    expect(error.message).toMatch(/instantiation_error in sub_atom\/5/);
  });

  it('sub_atom/5 finds a word in a long atom, and enumerates lazily', async () => {
    const rules = `${DOUBLE_ATOM} p(B) :- d(19, a, A0), atom_concat(A0, needle, A), sub_atom(A, B, _, _, needle).
      p(S) :- d(19, a, A), once(sub_atom(A, 7, _, _, S)).`;
    const t0 = performance.now();
    const found = await solutions(rules);
    expect(found).toEqual([[524288], ['']]);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('atom_concat/3 splitting an atom', async () => {
    expect(await solutions('p(X, Y) :- atom_concat(X, Y, abc).')).toEqual([
      ['', 'abc'], ['a', 'bc'], ['ab', 'c'], ['abc', ''],
    ]);
    expect(await solutions('p(X) :- atom_concat(ab, X, abc).')).toEqual([['c']]);
    expect(await solutions('p(X) :- atom_concat(ab, c, X).')).toEqual([['abc']]);
  });

  it('sort/2, msort/2, keysort/2, list_to_set/2', async () => {
    expect(await solutions('p(S) :- sort([c, a, b, a, f(x), 1, c], S).')).toEqual([[[1, 'a', 'b', 'c', 'f(x)']]]);
    expect(await solutions('p(S) :- sort([b, a, b], [a|S]).')).toEqual([[['b']]]);
    expect(await solutions('p(S) :- msort([b, a, b], S).')).toEqual([[['a', 'b', 'b']]]);
    expect(await solutions('p(S) :- keysort([b-1, a-2, b-0], S).')).toEqual([[['a-2', 'b-1', 'b-0']]]);
    expect(await solutions('p(S) :- list_to_set([b, a, b, c, a, 1, 1.0], S).')).toEqual([[['b', 'a', 'c', 1, 1]]]);
    const error = await refused('p :- sort(_, _).');
    expect(error.message).toMatch(/instantiation_error in sort\/2/);
  });

  it('list_to_set/2 of 1,000 distinct elements, each twice', async () => {
    const rules = 'p(N, F) :- findall(I, between(1, 1000, I), L), append(L, L, L2), list_to_set(L2, S), length(S, N), S = [F|_].';
    expect(await solutions(rules, { timeoutMs: 10_000 })).toEqual([[1000, 1]]);
  });

  it('an error about a huge term shows its name, not its text', async () => {
    const { message } = await refused('p :- functor(T, f, 20000), T =.. [_|L], atom_length(L, _).');
    expect(message).toMatch(/type_error\(atom,\(a \.\/2 term too large to show\)\)/);
    expect(message.length).toBeLessThan(200);
  });
});

describe('shared terms are measured as the trees the walks see', () => {
  const { Term, Var } = tau.type;
  /** f(T, T) nested `depth` times over `leaf`: depth + 1 objects, 2^(depth+1) - 1 cells as a tree. */
  const doubled = (depth: number, leaf: PlTerm): PlTerm => {
    let term = leaf;
    for (let i = 0; i < depth; i++) term = new Term('f', [term, term]);
    return term;
  };
  const t = doubled(40, new Term('a', []));
  const u = doubled(40, new Term('a', []));
  const cap = 1_000_000;

  it('measures stop at the cap, whatever the tree', () => {
    const t0 = performance.now();
    expect(treeCells(doubled(10, new Term('a', [])), cap)).toBe(2047);
    expect(treeCells(t, cap)).toBe(cap + 1);
    expect(comparedCells(t, u, cap)).toBe(cap + 1);
    expect(comparedCells(t, new Term('g', [t, t]), cap)).toBe(1);
    expect(textLength(t, cap, cap)).toBe(cap + 1);
    expect(textLength(new Term('ab', [new Term('c', [])]), cap, cap)).toBe(5);
    // eq(X, X) = eq(T, U) binds X to T, then unifies T with U.
    const x = new Var('X');
    expect(unifiedCells(new Term('eq', [x, x]), new Term('eq', [t, u]), cap)).toBe(cap + 1);
    expect(unifiedCells(new Term('eq', [x, new Var('Y')]), new Term('eq', [t, u]), cap)).toBe(3);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('the comparisons and walks refuse them before walking', () => {
    const builtins = boundedSystemBuiltins({ maxTermArgs: 10, maxAtomChars: 1000, maxStepVisits: cap }, tau.modules.system.rules);
    const untouched = {} as PlThread;
    const point = {} as PlState;
    const call = (indicator: string, args: PlValue[]) => () =>
      (builtins[indicator] as PlBuiltin)(untouched, point, new Term(indicator.split('/')[0], args));
    for (const indicator of ['==/2', '@</2']) expect(call(indicator, [t, u])).toThrow(SizeLimitExceeded);
    expect(call('compare/3', [new Var('O'), t, u])).toThrow(/compare\/3 of a term larger than that/);
    expect(call('ground/1', [t])).toThrow(/ground\/1/);
    expect(call('term_variables/3', [t, new Var('V'), new Term('[]', [])])).toThrow(/term_variables\/3/);
    expect(call('write_term/3', [new Term('user_output', []), t, new Term('[]', [])])).toThrow(/text written at once/);
  });

  it('unification inside a step is refused before it runs', () => {
    installCellMeter();
    const meter: CellMeter = { built: 0, visited: 0, maxBuilt: cap, maxVisited: cap };
    const x = new Var('X');
    const t0 = performance.now();
    expect(() => metered(meter, () => tau.unify(new Term('eq', [x, x]), new Term('eq', [t, u]), false))).toThrow(
      /one step may visit at most 1000000 cells \(a unification of two terms larger than that\)/,
    );
    expect(performance.now() - t0).toBeLessThan(1000);
    // Outside a metered step tau-prolog's unification is untouched.
    expect(tau.unify(new Term('f', [x]), new Term('f', [new Term('a', [])]), false)).not.toBeNull();
  });
});
