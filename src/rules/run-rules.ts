/**
 * The rules stage: run the caller's Prolog program over the Doc's layers.
 *
 * For every requested extractor name the program defines, as name/N for any
 * N, the goal name(A1, ..., AN) is solved with fresh variables and every
 * solution's arguments are returned: the "matching parameter combinations"
 * of the spec. What the program writes goes to customAnnotationOutput.
 */
import type { Doc } from '../doc/doc.js';
import { AnalysisError, badRequest } from '../errors.js';
import { factPredicates } from './fact-predicates.js';
import { FACT_PREDICATES, factTables } from './facts.js';
import { createSandbox, type Sandbox, type Stop } from './sandbox.js';
import { checkRulesSource } from './source-check.js';
import { tau, type PlAnswerHandlers, type PlBuiltin, type PlTerm, type PlValue } from './tau.js';
import { describeError, toRuleValue, ValueBudgetExceeded, type RuleValue, type ValueBudget } from './values.js';
import { DEFAULT_RULE_LIMITS, type RuleLimits } from './limits.js';
import type { MatchingRule } from '../types.js';

export { DEFAULT_RULE_LIMITS, type RuleLimits };

export type { RuleValue } from './values.js';

export type { MatchingRule } from '../types.js';

export interface RulesResult {
  matchingRules: MatchingRule[];
  customAnnotationOutput: string;
  /** Limits that cut the result short, for the response's message. */
  warnings: string[];
}

/** Steps tau-prolog runs before it yields to the event loop. */
const CHUNK_STEPS = 20_000;
const SOLUTION = '$textlens_solution';

/**
 * Run `rules` over `doc` and solve every name of `extractors` that the
 * program defines (other names, such as built-in extractors the program
 * does not define, are skipped). Throws AnalysisError 400 for a program that
 * does not parse, raises an uncaught error, or runs out of steps or time;
 * 413 for a program over maxSourceBytes.
 */
export async function runRules(
  doc: Doc,
  rules: string,
  extractors: readonly string[],
  limits: RuleLimits = {},
): Promise<RulesResult> {
  const limit = { ...DEFAULT_RULE_LIMITS, ...limits };
  const bytes = new TextEncoder().encode(rules).length;
  if (bytes > limit.maxSourceBytes) {
    throw new AnalysisError(413, `rules: the program is ${bytes} bytes; at most ${limit.maxSourceBytes} are accepted`, 'rules');
  }
  checkRulesSource(rules);

  const budget = { left: limit.maxValues, maxTextChars: limit.maxAtomChars };
  const collector: Collector = { bindings: [], max: limit.maxSolutions, budget, truncated: false };
  const sandbox = createSandbox({
    builtins: { ...factPredicates(factTables(doc)), [`${SOLUTION}/1`]: solutionBuiltin(collector, () => sandbox) },
    maxOutputChars: limit.maxOutputChars,
    maxTermArgs: limit.maxTermArgs,
    maxAtomChars: limit.maxAtomChars,
    maxStepCells: limit.maxStepCells,
    chunkSteps: CHUNK_STEPS,
  });
  sandbox.guard.deadline = Date.now() + limit.timeoutMs;
  sandbox.guard.limitMemory(limit.maxMemoryMb);

  try {
    return await solveAll(sandbox, rules, collector, extractors, limit);
  } finally {
    // A goal still pending in a timer (catch/3 runs one) must not go on.
    sandbox.guard.closed = true;
  }
}

async function solveAll(
  sandbox: Sandbox,
  rules: string,
  collector: Collector,
  extractors: readonly string[],
  limit: Required<RuleLimits>,
): Promise<RulesResult> {
  await consultProgram(sandbox, rules, limit);

  const matchingRules: MatchingRule[] = [];
  const warnings: string[] = [];
  for (const name of new Set(extractors)) {
    for (const arity of aritiesOf(sandbox, name)) {
      collector.bindings = [];
      collector.truncated = false;
      await solve(sandbox, name, arity, limit);
      const rule: MatchingRule = { name, arity, bindings: collector.bindings };
      if (collector.truncated) {
        rule.truncated = true;
        warnings.push(`rule ${name}/${arity}: only the first ${limit.maxSolutions} solutions are returned`);
      }
      matchingRules.push(rule);
    }
  }
  if (sandbox.output.truncated) warnings.push(`rules: output cut at ${limit.maxOutputChars} characters`);
  return { matchingRules, customAnnotationOutput: sandbox.output.text(), warnings };
}

interface Collector {
  bindings: RuleValue[][];
  max: number;
  budget: ValueBudget;
  truncated: boolean;
}

/** '$textlens_solution'(Args): record one solution, then let the query backtrack for the next. */
function solutionBuiltin(collector: Collector, sandbox: () => Sandbox): PlBuiltin {
  return (thread, point, atom) => {
    const { guard, session } = sandbox();
    if (collector.bindings.length >= collector.max) {
      collector.truncated = true;
      guard.stop = { kind: 'solutions' };
      thread.points = [];
      return;
    }
    try {
      const values = toRuleValue(atom.args[0], collector.budget, session);
      collector.bindings.push(Array.isArray(values) ? values : [values]);
    } catch (error) {
      if (!(error instanceof ValueBudgetExceeded)) throw error;
      guard.stop = { kind: 'values' };
      thread.points = [];
      return;
    }
    thread.success(point);
  };
}

function consultProgram(sandbox: Sandbox, rules: string, limit: Required<RuleLimits>): Promise<void> {
  const { session, guard } = sandbox;
  return new Promise<void>((resolve, reject) => {
    const fail = (message: string) => reject(badRequest(`rules: ${message}`, 'rules'));
    try {
      session.consult(rules, {
        text: true,
        file: false,
        url: false,
        html: false,
        script: false,
        success: () => {
          if (guard.stop) return fail(stopMessage(guard.stop, 'while loading the program', limit, guard.memoryBudgetMb));
          // Directive errors arrive as warnings (error(...) terms); other
          // warnings, such as singleton variables, are advice and are dropped.
          const error = session.thread.warnings.find((w) => w.indicator === 'error/2');
          if (error) return fail(describeError(error, session).message);
          const clash = definedFactPredicate(sandbox);
          if (clash) return fail(`${clash} is one of the facts the analyzer provides; rules cannot define it`);
          resolve();
        },
        error: (error: PlTerm) => {
          const { message, line, column } = describeError(error, session);
          if (line === undefined) return fail(message);
          const text = rules.split('\n')[line - 1]?.trim() ?? '';
          const near = text === '' ? '' : `, in "${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`;
          fail(`${message} at line ${line}${column === undefined ? '' : `, column ${column}`}${near}`);
        },
      });
    } catch (error) {
      fail(`the program could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
  });
}

/** A fact predicate the program tried to define (tau-prolog lets a user clause shadow a built-in). */
function definedFactPredicate(sandbox: Sandbox): string | undefined {
  const user = sandbox.session.modules.user.rules;
  return FACT_PREDICATES.map((p) => `${p.name}/${p.arity}`).find((indicator) => Object.hasOwn(user, indicator));
}

/** Arities N such that the program defines name/N, ascending. */
function aritiesOf(sandbox: Sandbox, name: string): number[] {
  const arities: number[] = [];
  for (const indicator of Object.keys(sandbox.session.modules.user.rules)) {
    const slash = indicator.lastIndexOf('/');
    if (indicator.slice(0, slash) === name) arities.push(Number(indicator.slice(slash + 1)));
  }
  return arities.sort((a, b) => a - b);
}

/** Solve name(A1..AN), collecting every solution; throws 400 on an error or an exhausted budget. */
function solve(sandbox: Sandbox, name: string, arity: number, limit: Required<RuleLimits>): Promise<void> {
  const { session, guard } = sandbox;
  const { Term, Var } = tau.type;
  const args: PlValue[] = Array.from({ length: arity }, (_, i) => new Var(`A${i}`));
  const list = args.reduceRight<PlValue>((tail, head) => new Term('.', [head, tail]), new Term('[]', []));
  const goal = new Term(',', [new Term(name, args), new Term(',', [new Term(SOLUTION, [list]), new Term('fail', [])])]);

  const thread = session.thread;
  thread.points = [];
  thread.level = new Term('top_level', []);
  thread.add_goal(goal);
  guard.beginQuery(limit.maxSteps);
  const rule = `${name}/${arity}`;

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const stop = guard.stop;
      guard.stop = undefined;
      if (error !== undefined) reject(badRequest(`rules: error in rule ${rule}: ${error}`, 'rules'));
      else if (stop && stop.kind !== 'solutions') {
        reject(badRequest(`rules: ${stopMessage(stop, `in rule ${rule}`, limit, guard.memoryBudgetMb)}`, 'rules'));
      } else resolve();
    };
    const ask = () => {
      try {
        thread.answer(handlers);
      } catch (error) {
        guard.crash(error);
        finish();
      }
    };
    const handlers: PlAnswerHandlers = {
      success: () => finish(),
      fail: () => finish(),
      error: (error) => (guard.stop ? finish() : finish(describeError(error, session).message)),
      // A chunk of CHUNK_STEPS ended: go on unless the guard stopped the query.
      limit: () => (guard.stop ? finish() : ask()),
    };
    // Backstop for a goal that never calls back (the guard stops stepping at
    // the deadline; this catches a run that is not stepping at all).
    const timer = setTimeout(() => {
      guard.stop ??= { kind: 'time' };
      finish();
    }, Math.max(0, guard.deadline - Date.now()) + 250);
    ask();
  });
}

/** `memoryMb`: the heap growth the run was allowed (maxMemoryMb, or less where the heap had less room). */
function stopMessage(stop: Stop, where: string, limit: Required<RuleLimits>, memoryMb: number | undefined): string {
  switch (stop.kind) {
    case 'steps':
      return `step limit exceeded ${where} (${limit.maxSteps} resolution steps; an endless loop or recursion?)`;
    case 'time':
      return `time limit exceeded ${where} (${limit.timeoutMs} ms for all rules)`;
    case 'values':
      return `too many values ${where} (more than ${limit.maxValues} in the bindings)`;
    case 'consult-goal':
      return `goals cannot run ${where}`;
    case 'solutions':
      return `solution limit reached ${where}`;
    case 'size':
      return `size limit exceeded ${where}: ${stop.detail ?? 'a term too large'}`;
    case 'memory':
      return `memory limit exceeded ${where} (the rules may take ${memoryMb ?? limit.maxMemoryMb} MB of memory)`;
    case 'crash':
      return `the Prolog engine failed ${where} (${stop.detail ?? 'unknown error'}; a term too deep or too large?)`;
  }
}
