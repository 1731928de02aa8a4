/**
 * The slice of tau-prolog (v0.3.x) this bridge uses, typed. tau-prolog is a
 * CommonJS package without types; everything untyped stops here.
 *
 * Importing this module loads tau-prolog's core plus the libraries a rules
 * program may `use_module` (see ALLOWED_LIBRARIES). The `js` and `os`
 * libraries are never loaded: they reach JavaScript globals, files and
 * processes.
 *
 * tau-prolog comes through the platform seam (src/platform/{node,web}/
 * tau-prolog.ts): in Node the package as installed, in a browser a bundle
 * without its Node-only requires. tau-globals.js comes first: it must run
 * before tau-prolog's core does. Only the rules stage imports this module,
 * and only when a request has rules (see index.ts), so pages that never run
 * rules never load tau-prolog.
 */
import './tau-globals.js';
import { loadTauLibraries, tauProlog } from '#platform/tau-prolog.js';

// Type-only brands: they keep the three kinds of value apart when a type
// guard narrows a PlValue (a Term has an `id` too).
declare const varBrand: unique symbol;
declare const numBrand: unique symbol;

export interface PlVar {
  readonly id: string;
  readonly [varBrand]: true;
}

export interface PlNum {
  readonly value: number;
  readonly is_float: boolean;
  readonly [numBrand]: true;
}

export interface PlTerm {
  readonly id: string;
  readonly args: PlValue[];
  readonly indicator: string;
  toString(options?: { quoted?: boolean; session?: PlSession }): string;
  /** The goal with its leftmost conjunct replaced (removed when null). */
  replace(expr: PlTerm | null): PlTerm | null;
  apply(substitution: PlSubstitution): PlTerm;
}

export type PlValue = PlVar | PlNum | PlTerm;

export interface PlSubstitution {
  apply(other: PlSubstitution): PlSubstitution;
}

export interface PlState {
  goal: PlTerm | null;
  substitution: PlSubstitution;
  parent: PlState | null;
}

/** A built-in predicate: may push states, succeed, or throw a Prolog error. */
export type PlBuiltin = (thread: PlThread, point: PlState, atom: PlTerm) => boolean | void;

export interface PlModule {
  id: string;
  rules: Record<string, unknown>;
  exports: string[] | 'all';
  modules: Record<string, PlModule>;
}

export interface PlStreamDevice {
  put?(text: string, position: unknown): boolean;
  get?(length: number, position: unknown): string;
  eof?(position: unknown): boolean;
  flush?(): boolean;
}

export type PlStream = object;

export interface PlAnswerHandlers {
  success(answer: unknown): void;
  fail(): void;
  error(error: PlTerm): void;
  limit(): void;
}

export interface PlThread {
  readonly session: PlSession;
  points: PlState[];
  level: PlTerm;
  total_steps: number;
  warnings: PlTerm[];
  step(): boolean | undefined;
  prepend(states: PlState[]): void;
  success(point: PlState): void;
  throw_error(error: PlTerm): void;
  add_goal(goal: PlTerm): void;
  answer(handlers: PlAnswerHandlers): void;
  get_flag(name: string): PlValue;
}

export interface PlConsultOptions {
  text?: boolean;
  file?: boolean;
  url?: boolean;
  html?: boolean;
  script?: boolean;
  success?: () => void;
  error?: (error: PlTerm) => void;
}

export interface PlSession {
  thread: PlThread;
  modules: Record<string, PlModule>;
  streams: Record<string, PlStream>;
  standard_input: PlStream;
  standard_output: PlStream;
  standard_error: PlStream;
  current_input: PlStream;
  current_output: PlStream;
  file_system: { open(path: string, type: string, mode: string): unknown };
  flag: Record<string, PlValue>;
  limit: number | null;
  consult(program: string, options: PlConsultOptions): void;
}

export interface Tau {
  type: {
    Term: new (id: string, args?: PlValue[]) => PlTerm;
    Num: new (value: number, isFloat: boolean) => PlNum;
    Var: new (id: string) => PlVar;
    State: new (goal: PlTerm | null, substitution: PlSubstitution, parent: PlState | null) => PlState;
    Stream: new (device: PlStreamDevice, mode: string, alias: string, type: string, reposition: boolean, eofAction: string) => PlStream;
    Thread: { prototype: PlThread };
    Module: { prototype: PlModule };
    is_variable(x: unknown): x is PlVar;
    is_number(x: unknown): x is PlNum;
    is_term(x: unknown): x is PlTerm;
    is_atom(x: unknown): x is PlTerm;
    is_error(x: unknown): x is PlTerm;
  };
  modules: Record<string, PlModule>;
  directive: Record<string, (thread: PlThread, atom: PlTerm, options: unknown) => unknown>;
  utils: { str_indicator(indicator: string): PlTerm };
  error: {
    permission(operation: string, type: string, found: PlValue, indicator: string): PlTerm;
  };
  create(limit?: number): PlSession;
  unify(a: PlValue, b: PlValue, occursCheck: boolean): PlSubstitution | null;
  /** The standard order of terms: negative, zero or positive. */
  compare(a: PlValue, b: PlValue): number;
}

export const tau = tauProlog as Tau;

/** Libraries a rules program may load with `:- use_module(library(Name)).` */
export const ALLOWED_LIBRARIES: readonly string[] = ['lists', 'format', 'charsio', 'random'];

loadTauLibraries(tau);

export const isInteger = (x: PlValue): x is PlNum => tau.type.is_number(x) && !x.is_float;
export const isFloat = (x: PlValue): x is PlNum => tau.type.is_number(x) && x.is_float;
/** An atom: a term without arguments (`[]` included). */
export const isAtom = (x: PlValue): x is PlTerm => tau.type.is_atom(x);
