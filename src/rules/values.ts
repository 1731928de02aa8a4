/**
 * Prolog terms as JSON values, and Prolog errors as sentences a caller can act on.
 */
import { SizeLimitExceeded } from './cell-meter.js';
import { tau, type PlSession, type PlTerm, type PlValue } from './tau.js';
import { textLength } from './term-size.js';

import type { RuleValue } from '../types.js';
export type { RuleValue };

/** Counts converted values so a run cannot build an unbounded response. */
export interface ValueBudget {
  left: number;
  /** Longest text of one value given as text (a compound term); longer ends the run (SizeLimitExceeded). */
  maxTextChars: number;
}

export class ValueBudgetExceeded extends Error {}

export function toRuleValue(term: PlValue, budget: ValueBudget, session?: PlSession): RuleValue {
  if (--budget.left < 0) throw new ValueBudgetExceeded();
  if (tau.type.is_variable(term)) return null;
  if (tau.type.is_number(term)) return term.value;
  if (term.args.length === 0) return term.id === '[]' ? [] : term.id;
  if (term.indicator === './2') {
    const items: RuleValue[] = [];
    let cell: PlValue = term;
    while (tau.type.is_term(cell) && cell.indicator === './2') {
      items.push(toRuleValue(cell.args[0], budget, session));
      cell = cell.args[1];
    }
    if (tau.type.is_term(cell) && cell.indicator === '[]/0') return items;
  }
  // The text of a term that repeats a subterm can be far larger than the term.
  if (textLength(term, budget.maxTextChars, budget.maxTextChars) > budget.maxTextChars) {
    throw new SizeLimitExceeded(`a value in the bindings may have at most ${budget.maxTextChars} characters as text`);
  }
  return term.toString({ quoted: true, session });
}

export interface PrologErrorText {
  message: string;
  line?: number;
  column?: number;
}

/**
 * `throw(error(type_error(integer, a), (is)/2))` → "type_error(integer,a) in is/2".
 * Syntax errors keep their position: tau-prolog reports line and column.
 */
export function describeError(thrown: PlTerm, session?: PlSession): PrologErrorText {
  const ball = thrown.indicator === 'throw/1' ? thrown.args[0] : thrown;
  const text = (t: PlValue) => (tau.type.is_term(t) || tau.type.is_number(t) || tau.type.is_variable(t) ? show(t, session) : String(t));
  if (!tau.type.is_term(ball) || ball.indicator !== 'error/2') return { message: `uncaught exception ${text(ball)}` };
  const [formal, context] = ball.args;
  if (tau.type.is_term(formal) && formal.indicator === 'syntax_error/1') {
    const out: PrologErrorText = { message: `syntax error: ${atomText(formal.args[0], session)}` };
    for (const item of listItems(context)) {
      if (!tau.type.is_term(item) || item.args.length !== 1) continue;
      const value = item.args[0];
      if (item.id === 'line' && tau.type.is_number(value)) out.line = value.value;
      else if (item.id === 'column' && tau.type.is_number(value)) out.column = value.value;
      else if (item.id === 'found') out.message += ` (found ${text(value)})`;
    }
    return out;
  }
  const where = tau.type.is_term(context) && context.indicator !== 'top_level/0' && !tau.type.is_variable(context)
    ? ` in ${text(context)}`
    : '';
  return { message: `${text(formal)}${where}` };
}

/** Longest term text an error message shows. */
const MAX_SHOWN_CHARS = 10_000;

/**
 * The term's text, or for one too large (a type error's culprit can be any
 * term the program built) its outer functors and a note where it is cut.
 */
function show(term: PlValue, session?: PlSession, depth = 0): string {
  if (tau.type.is_variable(term)) return '_';
  if (tau.type.is_number(term)) return String(term.value);
  if (textLength(term, MAX_SHOWN_CHARS, MAX_SHOWN_CHARS) <= MAX_SHOWN_CHARS) return term.toString({ quoted: true, session });
  if (term.args.length === 0) return `(an atom of ${term.id.length} characters)`;
  if (depth >= 2 || term.args.length > 4 || term.indicator === './2') return `(a ${term.indicator} term too large to show)`;
  const name = new tau.type.Term(term.id, []).toString({ quoted: true, session });
  return `${name}(${term.args.map((arg) => show(arg, session, depth + 1)).join(',')})`;
}

function atomText(term: PlValue, session?: PlSession): string {
  return tau.type.is_term(term) && term.args.length === 0 ? term.id : show(term, session);
}

function listItems(list: PlValue): PlValue[] {
  const items: PlValue[] = [];
  let cell = list;
  while (tau.type.is_term(cell) && cell.indicator === './2') {
    items.push(cell.args[0]);
    cell = cell.args[1];
  }
  return items;
}
