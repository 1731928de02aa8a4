/**
 * A tau-prolog session a caller's program cannot escape and cannot keep busy.
 *
 * What tau-prolog 0.3 would otherwise allow in Node, and what closes it:
 * - halt/0, halt/1 call process.exit            → refused (permission_error)
 * - consult/1, use_module(File) read files       → consult/1 refused; use_module only for
 *                                                  library(L), L in ALLOWED_LIBRARIES
 * - open/3, open/4 open files                    → refused, and the session's file system opens nothing
 * - reading user_input blocks on the terminal    → user_input is an empty stream
 * - writing user_output/user_error goes to stdio → both are captured (capped) as the program's output
 * - current_prolog_flag(argv, A) shows argv      → argv is []
 * - the js and os libraries                      → never loaded (./tau.ts)
 *
 * Built-ins are replaced in a per-session copy of the `system` module, so
 * other tau-prolog sessions in the process are untouched. Two hooks are
 * process-wide but act only on sessions that carry a Guard: the resolution
 * step (Thread.prototype.step) and the use_module/1 directive.
 *
 * The Guard counts every resolution step of every thread of the session
 * (catch/3 and friends run goals in threads of their own), checks the wall
 * clock at every step, turns a JavaScript exception inside a step (a stack
 * overflow on a very deep term, say) into a clean stop, and refuses to run
 * goals while the program is being consulted. A stop empties the thread's
 * choice points, so tau-prolog ends the goal as if it failed; the runner
 * then reads `guard.stop` to say why.
 *
 * Memory is bounded at three levels: the built-ins that build a term, list
 * or atom of a size they are given check it first (bounded-builtins.ts);
 * each step may build and visit only so many cells (cell-meter.ts); and
 * between steps, every few milliseconds, the Guard compares the heap with
 * what it held when the run began (where the platform can measure it).
 */
import { heapUsage } from '#platform/heap.js';
import { boundedCharsioBuiltins, boundedListBuiltins, boundedSystemBuiltins } from './bounded-builtins.js';
import { installCellMeter, metered, SizeLimitExceeded, type CellMeter } from './cell-meter.js';
import { ALLOWED_LIBRARIES, isInteger, tau, type PlBuiltin, type PlModule, type PlSession, type PlThread, type PlTerm } from './tau.js';

export type StopKind = 'steps' | 'time' | 'crash' | 'consult-goal' | 'solutions' | 'values' | 'size' | 'memory';

export interface Stop {
  kind: StopKind;
  detail?: string;
}

/** How often the heap is measured between steps: rarely enough to cost nothing, often enough that little is allocated in between. */
const MEMORY_CHECK_MS = 2;

interface MemoryBudget {
  /** Heap bytes in use when the run began. */
  base: number;
  /** Growth allowed, in bytes. */
  bytes: number;
  checkedAt: number;
}

export class Guard implements CellMeter {
  /** 'consult': no goal may run. 'query': goals run within the budget. */
  phase: 'consult' | 'query' = 'consult';
  steps = 0;
  maxSteps = 0;
  /** Date.now() after which every step stops. */
  deadline = Infinity;
  stop?: Stop;
  /** Set when the run is over: no thread of the session may step again. */
  closed = false;
  built = 0;
  visited = 0;
  private memory?: MemoryBudget;

  constructor(
    readonly maxBuilt = Infinity,
    readonly maxVisited = Infinity,
  ) {}

  /**
   * Bound the heap's growth from now on to `maxMb`, or to half of what the
   * heap has left if that is less (a worker near its own limit stops the
   * rules rather than dying). No bound where the heap cannot be measured.
   */
  limitMemory(maxMb: number): void {
    const usage = heapUsage();
    if (usage === undefined) return;
    const bytes = Math.min(maxMb * 2 ** 20, Math.max(0, (usage.limit - usage.used) / 2));
    this.memory = { base: usage.used, bytes, checkedAt: Date.now() };
  }

  /** The growth allowed, in MB, for messages. */
  get memoryBudgetMb(): number | undefined {
    return this.memory === undefined ? undefined : Math.round(this.memory.bytes / 2 ** 20);
  }

  /** Start a query: a fresh step budget, the same deadline. */
  beginQuery(maxSteps: number): void {
    this.phase = 'query';
    this.steps = 0;
    this.maxSteps = maxSteps;
    this.stop = undefined;
  }

  /** Whether the next step may run; records why not. */
  admit(): boolean {
    if (this.stop || this.closed) return false;
    if (this.phase === 'consult') {
      this.stop = { kind: 'consult-goal' };
      return false;
    }
    if (++this.steps > this.maxSteps) {
      this.stop = { kind: 'steps' };
      return false;
    }
    // Every step: a step's cost grows with the depth of the proof (tau-prolog
    // walks the chain of parent states), so counting steps says little about time.
    const now = Date.now();
    if (now > this.deadline) {
      this.stop = { kind: 'time' };
      return false;
    }
    const memory = this.memory;
    if (memory !== undefined && now - memory.checkedAt >= MEMORY_CHECK_MS) {
      memory.checkedAt = now;
      const usage = heapUsage();
      if (usage !== undefined && usage.used - memory.base > memory.bytes) {
        this.stop = { kind: 'memory' };
        return false;
      }
    }
    return true;
  }

  /** A JavaScript exception inside a step: a size limit, or the engine failing. */
  crash(error: unknown): void {
    if (error instanceof SizeLimitExceeded) this.stop ??= { kind: 'size', detail: error.message };
    else this.stop ??= { kind: 'crash', detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Captured output of write/print/format, cut at `max` UTF-16 units. */
export class OutputBuffer {
  private readonly parts: string[] = [];
  private length = 0;
  truncated = false;

  constructor(readonly max: number) {}

  put(text: string): boolean {
    if (this.truncated) return true;
    const room = this.max - this.length;
    if (text.length <= room) {
      this.parts.push(text);
      this.length += text.length;
    } else {
      let cut = text.slice(0, room);
      // Do not end on half of a surrogate pair.
      if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
      this.parts.push(cut);
      this.length = this.max;
      this.truncated = true;
    }
    return true;
  }

  text(): string {
    return this.parts.join('');
  }
}

export interface Sandbox {
  session: PlSession;
  guard: Guard;
  output: OutputBuffer;
}

export interface SandboxOptions {
  /** Built-ins added to this session only (the fact predicates, the solution collector). */
  builtins: Record<string, PlBuiltin>;
  maxOutputChars: number;
  maxTermArgs: number;
  maxAtomChars: number;
  maxStepCells: number;
  /**
   * tau-prolog answers in chunks of this many steps, returning to the event
   * loop in between, so a long query does not block other work.
   */
  chunkSteps: number;
}

const PRELOADED = ['lists', 'format'];
const BLOCKED = ['halt/0', 'halt/1', 'consult/1', 'open/3', 'open/4'];

type GuardedSession = PlSession & {
  __textlensGuard?: Guard;
  /** The session's own copies of library modules, with bounded built-ins. */
  __textlensModules?: Record<string, PlModule>;
};

export function guardOf(session: PlSession): Guard | undefined {
  return (session as GuardedSession).__textlensGuard;
}

/** A step may visit this many times the cells it may build: walking a term costs far less than copying it. */
const VISITS_PER_CELL = 100;

export function createSandbox(options: SandboxOptions): Sandbox {
  installHooks();
  const session = tau.create(options.chunkSteps);
  const guard = new Guard(options.maxStepCells, options.maxStepCells * VISITS_PER_CELL);
  (session as GuardedSession).__textlensGuard = guard;
  const sizes = { maxTermArgs: options.maxTermArgs, maxAtomChars: options.maxAtomChars, maxStepVisits: guard.maxVisited };

  const system: PlModule = Object.create(tau.modules.system) as PlModule;
  system.rules = { ...tau.modules.system.rules, ...boundedSystemBuiltins(sizes, tau.modules.system.rules), ...options.builtins };
  for (const indicator of BLOCKED) system.rules[indicator] = refuse;
  system.rules['print/1'] = print;
  system.rules['print/2'] = print;
  session.modules.system = system;

  const output = new OutputBuffer(options.maxOutputChars);
  const sink = { put: (text: string) => output.put(text), flush: () => true };
  const empty = { get: () => 'end_of_stream', eof: () => true };
  const stream = (device: object, mode: string, alias: string) =>
    new tau.type.Stream(device, mode, alias, 'text', false, 'reset');
  session.streams.user_input = session.standard_input = session.current_input = stream(empty, 'read', 'user_input');
  session.streams.user_output = session.standard_output = session.current_output = stream(sink, 'append', 'user_output');
  session.streams.user_error = session.standard_error = stream(sink, 'append', 'user_error');
  session.file_system = { open: () => false };
  session.flag.argv = new tau.type.Term('[]', []);
  // lists (member/2, append/3, length/2, nth0/3, ...) and format/2 are there
  // without a use_module: a rule should not need boilerplate to be useful.
  session.consult(PRELOADED.map((name) => `:- use_module(library(${name})).`).join('\n'), { file: false, url: false, html: false, script: false });
  const lists: PlModule = Object.create(tau.modules.lists) as PlModule;
  lists.rules = {
    ...tau.modules.lists.rules,
    ...boundedListBuiltins(sizes, tau.modules.lists.rules),
    'length/2': nativeLength(tau.modules.lists.rules['length/2'] as PlBuiltin),
  };
  // format/2,3 writes terms through charsio (a dependency of format, so loaded above).
  const charsio: PlModule = Object.create(tau.modules.charsio) as PlModule;
  charsio.rules = { ...tau.modules.charsio.rules, ...boundedCharsioBuiltins(sizes, tau.modules.charsio.rules) };
  // use_module(library(charsio)) in the program would put the shared module
  // back; the directive's hook restores these.
  const own = { lists, charsio };
  (session as GuardedSession).__textlensModules = own;
  Object.assign(session.modules, own);
  return { session, guard, output };
}

const refuse: PlBuiltin = (thread, _point, atom) => {
  thread.throw_error(
    tau.error.permission('call', 'sandboxed_builtin', tau.utils.str_indicator(atom.indicator), thread.level.indicator),
  );
};

/** print/1,2 (absent from tau-prolog 0.3): write the term quoted, as writeq/1,2 does. */
const print: PlBuiltin = (thread, point, atom) => {
  const goal = new tau.type.Term('writeq', atom.args);
  thread.prepend([new tau.type.State(point.goal === null ? goal : point.goal.replace(goal), point.substitution, point)]);
};

/**
 * length/2 counting a proper list in JavaScript. tau-prolog's own recurses
 * once per element, and each of its steps walks the chain of parent states,
 * so counting 5,000 words took seconds. Other cases go to the original.
 */
function nativeLength(original: PlBuiltin): PlBuiltin {
  return (thread, point, atom) => {
    const [list, length] = atom.args;
    let n = 0;
    let cell = list;
    while (tau.type.is_term(cell) && cell.indicator === './2') {
      n++;
      cell = cell.args[1];
    }
    const proper = tau.type.is_term(cell) && cell.indicator === '[]/0';
    if (!proper || !(tau.type.is_variable(length) || isInteger(length))) return original(thread, point, atom);
    const goal = new tau.type.Term('=', [length, new tau.type.Num(n, false)]);
    thread.prepend([new tau.type.State(point.goal === null ? goal : point.goal.replace(goal), point.substitution, point)]);
  };
}

let hooksInstalled = false;

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  installCellMeter();

  const step = tau.type.Thread.prototype.step;
  tau.type.Thread.prototype.step = function guardedStep(this: PlThread) {
    const guard = guardOf(this.session);
    if (guard === undefined) return step.call(this);
    if (!guard.admit()) {
      this.points = [];
      return false;
    }
    try {
      return metered(guard, () => step.call(this));
    } catch (error) {
      guard.crash(error);
      this.points = [];
      return false;
    }
  };

  const useModule = tau.directive['use_module/1'];
  tau.directive['use_module/1'] = function guardedUseModule(thread: PlThread, atom: PlTerm, options: unknown) {
    if (guardOf(thread.session) !== undefined && !isAllowedLibrary(atom.args[0])) {
      thread.warnings.push(
        tau.error.permission('load', 'module', atom.args[0] as PlTerm, 'use_module/1'),
      );
      return false;
    }
    const loaded = useModule(thread, atom, options);
    const own = (thread.session as GuardedSession).__textlensModules;
    if (own !== undefined) Object.assign(thread.session.modules, own);
    return loaded;
  };
}

function isAllowedLibrary(spec: unknown): boolean {
  if (!tau.type.is_term(spec) || spec.indicator !== 'library/1') return false;
  const name = spec.args[0];
  return tau.type.is_atom(name) && ALLOWED_LIBRARIES.includes(name.id);
}
