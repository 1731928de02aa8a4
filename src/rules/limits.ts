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
}

export const DEFAULT_RULE_LIMITS: Readonly<Required<RuleLimits>> = {
  maxSourceBytes: 65_536,
  maxSteps: 1_000_000,
  timeoutMs: 1_500,
  maxSolutions: 1_000,
  maxOutputChars: 65_536,
  maxValues: 200_000,
};
