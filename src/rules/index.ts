/**
 * The rules stage: a caller's Prolog program over the analyzed document.
 * See README.md for the facts a program can use and the limits it runs under.
 *
 * The engine (tau-prolog and the bridge to it) is imported on the first
 * request that has rules, not when textlens loads: a page that only asks
 * for `words` never downloads or evaluates it.
 */
import type { Doc } from '../doc/doc.js';
import type { RuleLimits } from './limits.js';
import type { RulesResult } from './run-rules.js';

export { DEFAULT_RULE_LIMITS, type RuleLimits } from './limits.js';
export type { MatchingRule, RulesResult, RuleValue } from './run-rules.js';
export { FACT_PREDICATES } from './facts.js';

let engine: Promise<typeof import('./run-rules.js')> | undefined;

/** Runs `rules` over `doc` (see run-rules.ts); loads the Prolog engine on first use. */
export async function runRules(doc: Doc, rules: string, extractors: readonly string[], limits: RuleLimits = {}): Promise<RulesResult> {
  engine ??= import('./run-rules.js');
  engine.catch(() => (engine = undefined));
  return (await engine).runRules(doc, rules, extractors, limits);
}
