/**
 * Hostile rules programs, each run in a child process of its own, with what
 * stopped it, how long it took and the child's peak memory (RSS). Run:
 * npx tsx test/rules/attacks.ts            (all, default limits)
 * npx tsx test/rules/attacks.ts functor    (one, in this process)
 *
 * test/rules/hostile.test.ts checks the same attacks end with a 400.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runRules } from '../../src/rules/index.js';
import { annotatedDoc } from './fixture.js';

const DOUBLE_ATOM = 'd(0, A, A) :- !. d(N, A, B) :- atom_concat(A, A, C), N1 is N - 1, d(N1, C, B).';
const DOUBLE_TERM = 'g(0, T, T) :- !. g(N, T, R) :- N1 is N - 1, g(N1, f(T, T), R).';
const XS = Array.from({ length: 10_000 }, () => 'X').join(',');

const ATTACKS: Record<string, string> = {
  functor: 'p :- functor(_, f, 30000000).',
  'atom_codes of 2^26 chars': `${DOUBLE_ATOM} p :- d(26, a, A), atom_codes(A, L), length(L, _).`,
  'atom doubling': 'd(A, B) :- atom_concat(A, A, B). g(A) :- d(A, B), g(B). p :- g(a).',
  'term doubling': 'g(T) :- g(f(T, T)). p :- g(_).',
  'one term 10^4 times': `p :- T = f(${XS}), functor(X, g, 10000), q(T), q(T). q(_).`,
  'length/2 of 10^8': 'p :- length(_, 100000000).',
  'findall of large terms': 'p :- functor(T, f, 100000), findall(T, between(1, 1000000, _), _).',
  'assert large terms': 'g(N) :- functor(T, f, 100000), assertz(k(T)), N1 is N + 1, g(N1). p :- g(0).',
  'write a shared 2^40 term': `${DOUBLE_TERM} p :- g(40, a, T), write(T).`,
  'unify shared 2^40 terms': `${DOUBLE_TERM} eq(X, X). p :- g(40, a, T), g(40, a, U), eq(T, U).`,
  'format column of 10^8': 'p :- format("~t~100000000|", []).',
  'atomic_list_concat 10^5 x 10^6': `${DOUBLE_ATOM} p :- d(19, a, A), length(L, 100000), maplist(=(A), L), atomic_list_concat(L, _).`,
  'sub_atom of 2^20 chars': `${DOUBLE_ATOM} p :- d(20, a, A), findall(S, sub_atom(A, _, _, _, S), _).`,
};

const name = process.argv[2];
if (name !== undefined) {
  const t0 = performance.now();
  let outcome: string;
  try {
    await runRules(annotatedDoc(), ATTACKS[name], ['p']);
    outcome = 'answered';
  } catch (error) {
    const status = (error as { status?: number }).status;
    outcome = `${status ?? 'crash'} ${(error as Error).message}`;
  }
  const ms = performance.now() - t0;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ outcome, ms: Math.round(ms), rssMb: Math.round(rssMb) }));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const attack of Object.keys(ATTACKS)) {
    const child = spawnSync(process.execPath, [...process.execArgv, self, attack], { encoding: 'utf8', timeout: 120_000 });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    let report: string;
    try {
      const { outcome, ms, rssMb } = JSON.parse(line) as { outcome: string; ms: number; rssMb: number };
      report = `${String(ms).padStart(6)} ms ${String(rssMb).padStart(6)} MB  ${outcome}`;
    } catch {
      report = `died (${child.signal ?? `exit ${child.status}`}): ${child.stderr.trim().split('\n').slice(-1)[0] ?? ''}`;
    }
    console.log(`${attack.padEnd(32)} ${report}`);
  }
}
