/**
 * The rules stage: a caller's Prolog program over the analyzed document.
 * See README.md for the facts a program can use and the limits it runs under.
 */
export { runRules, DEFAULT_RULE_LIMITS } from './run-rules.js';
export type { MatchingRule, RuleLimits, RulesResult, RuleValue } from './run-rules.js';
export { FACT_PREDICATES } from './facts.js';
