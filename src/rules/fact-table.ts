/**
 * The interface every fact source implements: a table of cells that
 * ./fact-predicates.ts serves to tau-prolog as a built-in predicate. The
 * sources (facts.ts for words and entities, structure-facts.ts,
 * relation-facts.ts, topic-facts.ts) import it; facts.ts gathers them.
 */

/** The Prolog type of a column: every cell is an atom, an integer or a float. */
export type CellKind = 'atom' | 'int' | 'float';
export type Cell = string | number;

export interface FactTable {
  readonly name: string;
  /** One kind per argument; the predicate's arity is kinds.length. */
  readonly kinds: readonly CellKind[];
  readonly size: number;
  cell(row: number, column: number): Cell;
  /**
   * A small superset of the rows whose cells equal the bound arguments, when
   * the table can find it without an index (word tables: by sentence and
   * position). Undefined when it cannot.
   */
  narrow?(bound: ReadonlyArray<Cell | undefined>): Iterable<number> | undefined;
}
