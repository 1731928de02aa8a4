/**
 * Serve fact tables (./facts.ts) to tau-prolog as built-in predicates.
 *
 * Why built-ins and not clauses: consulting generated clause text costs
 * tau-prolog about 0.3 ms per fact (8.5 s for the 25,000 facts of a
 * 5,000-token doc), and a clause store only indexes the first argument. A
 * built-in reads the Doc's arrays directly: nothing to load, no text to
 * escape (a token such as `'` or `).` can never become code), and it narrows
 * candidates by any bound argument before unifying. Being built-ins, the
 * fact predicates also cannot be redefined or retracted by a program.
 */
import type { Cell, CellKind, FactTable } from './fact-table.js';
import { isAtom, isFloat, isInteger, tau, type PlBuiltin, type PlState, type PlTerm, type PlValue } from './tau.js';

/** `name/arity` → built-in, for every table. */
export function factPredicates(tables: readonly FactTable[]): Record<string, PlBuiltin> {
  const out: Record<string, PlBuiltin> = {};
  for (const table of tables) out[`${table.name}/${table.kinds.length}`] = tableBuiltin(table);
  return out;
}

/** Sentinel: the bound argument cannot equal any cell of its column. */
const NO_MATCH = Symbol('no match');

function tableBuiltin(table: FactTable): PlBuiltin {
  const arity = table.kinds.length;
  // Lazily built, per column: cell value → rows holding it.
  const indexes = new Array<Map<Cell, number[]> | undefined>(arity);
  const indexOf = (column: number): Map<Cell, number[]> => {
    let index = indexes[column];
    if (!index) {
      index = new Map();
      for (let r = 0; r < table.size; r++) {
        const key = table.cell(r, column);
        const rows = index.get(key);
        if (rows) rows.push(r);
        else index.set(key, [r]);
      }
      indexes[column] = index;
    }
    return index;
  };

  return (thread, point, atom) => {
    const bound = new Array<Cell | undefined>(arity);
    for (let c = 0; c < arity; c++) {
      const key = cellKey(atom.args[c], table.kinds[c]);
      if (key === NO_MATCH) return; // no state pushed: the goal fails
      bound[c] = key;
    }

    let rows: Iterable<number> | undefined = table.narrow?.(bound);
    if (rows === undefined) {
      let best: number[] | undefined;
      for (let c = 0; c < arity; c++) {
        if (bound[c] === undefined) continue;
        const hit = indexOf(c).get(bound[c]!) ?? [];
        if (!best || hit.length < best.length) best = hit;
      }
      rows = best ?? allRows(table.size);
    }

    const occursCheck = (thread.get_flag('occurs_check') as PlTerm).id === 'true';
    const states: PlState[] = [];
    for (const r of rows) {
      let matches = true;
      for (let c = 0; c < arity && matches; c++) {
        if (bound[c] !== undefined && table.cell(r, c) !== bound[c]) matches = false;
      }
      if (!matches) continue;
      const fact = new tau.type.Term(table.name, table.kinds.map((kind, c) => toTerm(table.cell(r, c), kind)));
      const mgu = tau.unify(atom, fact, occursCheck);
      if (mgu === null) continue; // a variable repeated across arguments
      const rest = point.goal === null ? null : point.goal.replace(null);
      states.push(new tau.type.State(rest === null ? null : rest.apply(mgu), point.substitution.apply(mgu), point));
    }
    thread.prepend(states);
  };
}

function* allRows(size: number): Iterable<number> {
  for (let r = 0; r < size; r++) yield r;
}

/**
 * The cell value a bound argument must equal; undefined for a variable (or a
 * compound term, left to unification); NO_MATCH when the argument's type can
 * never equal a cell of this kind (`word(S, P, 3)`, `offset(S, P, a, _)`).
 */
function cellKey(arg: PlValue, kind: CellKind): Cell | undefined | typeof NO_MATCH {
  if (tau.type.is_variable(arg)) return undefined;
  switch (kind) {
    case 'atom':
      return isAtom(arg) ? arg.id : NO_MATCH;
    case 'int':
      return isInteger(arg) ? arg.value : NO_MATCH;
    case 'float':
      return isFloat(arg) ? arg.value : NO_MATCH;
  }
}

function toTerm(value: Cell, kind: CellKind): PlValue {
  return kind === 'atom' ? new tau.type.Term(String(value), []) : new tau.type.Num(Number(value), kind === 'float');
}
