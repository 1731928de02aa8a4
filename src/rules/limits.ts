/** The limits a rules program runs under (light: no tau-prolog here). */
export interface RuleLimits {
  /** Largest program accepted, in UTF-8 bytes (larger: 413). Default 65,536. */
  maxSourceBytes?: number;
  /** Resolution steps one rule query may take. Default 1,000,000. */
  maxSteps?: number;
  /** Wall-clock time for consulting the program and all queries, in ms. Default 1,500. */
  timeoutMs?: number;
  /** Solutions kept per rule; more are dropped with a warning. Default 1,000. */
  maxSolutions?: number;
  /** Output kept from write/print/format, in UTF-16 units; more is dropped with a warning. Default 65,536. */
  maxOutputChars?: number;
  /** Values (atoms, numbers, list items) in all bindings of a run. Default 200,000. */
  maxValues?: number;
  /** Arguments of a term that functor/3 or =../2 builds. Default 100,000. */
  maxTermArgs?: number;
  /**
   * UTF-16 units of an atom a built-in makes (atom_concat/3, atom_codes/2,
   * atomic_list_concat/2,3, ...) and of a term's text written at once. Default 1,000,000.
   */
  maxAtomChars?: number;
  /**
   * Cells (terms, list cells) one resolution step may build, whether a
   * built-in makes them or tau-prolog copies a term; a step may visit a
   * hundred times as many (searching, unifying, comparing, writing). Default 1,000,000.
   */
  maxStepCells?: number;
  /**
   * Growth of the JavaScript heap while the rules run, in MB (at most half
   * of what the heap has left when they start). Checked every few
   * milliseconds where the platform can measure it (Node). Default 512.
   */
  maxMemoryMb?: number;
}

export const DEFAULT_RULE_LIMITS: Readonly<Required<RuleLimits>> = {
  maxSourceBytes: 65_536,
  maxSteps: 1_000_000,
  timeoutMs: 1_500,
  maxSolutions: 1_000,
  maxOutputChars: 65_536,
  maxValues: 200_000,
  maxTermArgs: 100_000,
  maxAtomChars: 1_000_000,
  maxStepCells: 1_000_000,
  maxMemoryMb: 512,
};
