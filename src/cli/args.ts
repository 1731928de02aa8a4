/**
 * One command-line parser for every `textlens` command. A command declares
 * its flags once (type, value name, default, help); that declaration parses
 * argv, checks the values, and writes both the command's --help and its
 * lines in `textlens help`, so the help cannot miss a flag the command takes.
 *
 * Node's util.parseArgs splits argv into tokens (it knows `--flag=value`,
 * `--`, grouped short flags); the checks and messages are ours, so that
 * every message names the flag and says what it takes.
 */
import { parseArgs } from 'node:util';
import { AnalysisError } from '../errors.js';

interface ValueFlag {
  help: string;
  /** The value's name in help and usage: FILE, N, id=FILE. */
  value?: string;
  /** Refused when absent; shown without brackets in the usage line. */
  required?: boolean;
  /** How the default reads in help when it is computed at run time ("one per core"). */
  defaultText?: string;
}

export interface StringFlag extends ValueFlag {
  type: 'string';
  default?: string;
  choices?: readonly string[];
}

export interface NumberFlag extends ValueFlag {
  type: 'number';
  default?: number;
  integer?: boolean;
  /** Inclusive bounds. */
  min?: number;
  max?: number;
  /** Exclusive bounds: `above: 0` is a positive number. */
  above?: number;
  below?: number;
  /** Said after the number in messages: "a positive number of seconds". */
  unit?: string;
  /** What the flag takes, in place of the description built from the bounds ("a sentence number (1-based)"). */
  takes?: string;
}

export interface BooleanFlag {
  type: 'boolean';
  help: string;
}

/** A string flag that may be given several times; the values in order. */
export interface ListFlag extends ValueFlag {
  type: 'list';
}

export type FlagSpec = StringFlag | NumberFlag | BooleanFlag | ListFlag;

export interface PositionalSpec {
  name: string;
  help: string;
  required?: boolean;
  /** Takes the rest of the arguments. */
  multiple?: boolean;
}

export interface CommandSpec {
  /** The words after `textlens`: 'batch', 'eval ud'. */
  name: string;
  /** One line: what the command does. */
  summary: string;
  flags: { readonly [name: string]: FlagSpec };
  positionals?: readonly PositionalSpec[];
  /** Said after the flags in --help: how flags combine, exit status, signals. */
  notes?: string;
}

/** A command with sub-commands (`eval`, `queue`): each has its own spec. */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: readonly CommandSpec[];
}

/** Declares a command's spec with its literal types kept, so parseCommand's values are typed. */
export function defineCommand<const S extends CommandSpec>(spec: S): S {
  return spec;
}

type FlagValue<F> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'list' }
    ? string[]
    : F extends { type: 'number' }
      ? number
      : F extends { choices: readonly (infer C extends string)[] }
        ? C
        : string;

type AlwaysSet<F> = F extends { type: 'boolean' } | { type: 'list' } | { default: string | number } | { required: true } ? true : false;

/** The parsed flags, keyed by flag name as written (`values['ner-model']`). */
export type FlagValues<Flags> = {
  -readonly [K in keyof Flags]: AlwaysSet<Flags[K]> extends true ? FlagValue<Flags[K]> : FlagValue<Flags[K]> | undefined;
};

export interface ParsedCommand<S extends CommandSpec> {
  values: FlagValues<S['flags']>;
  positionals: string[];
}

/** A command line the command cannot run: a bad flag or value. Exit code 2; HTTP-minded callers read status 400. */
export class UsageError extends AnalysisError {
  /** The command's words after `textlens`. */
  readonly command: string;

  constructor(command: string, message: string, flag?: string) {
    super(400, message, flag);
    this.name = 'UsageError';
    this.command = command;
  }
}

/** `--help` or `-h` was given: the caller prints `text` on stdout and exits 0. */
export class HelpRequest extends Error {
  constructor(readonly text: string) {
    super('help requested');
    this.name = 'HelpRequest';
  }
}

/** A usage error of this command, for the checks a spec cannot express (flags that exclude each other). */
export function usageError(spec: { name: string }, message: string, flag?: string): UsageError {
  return new UsageError(spec.name, message, flag);
}

const wantsHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
};

/**
 * Parses `argv` (the arguments after the command's words) against the spec.
 * Throws HelpRequest for --help/-h, UsageError for anything the spec refuses:
 * an unknown flag, a missing or malformed value, a single-valued flag given
 * twice, a required flag absent.
 */
export function parseCommand<const S extends CommandSpec>(argv: readonly string[], spec: S): ParsedCommand<S> {
  if (wantsHelp(argv)) throw new HelpRequest(formatHelp(spec));
  const fail = (message: string, flag?: string): never => {
    throw new UsageError(spec.name, message, flag);
  };
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [name, flag] of Object.entries(spec.flags)) {
    options[name] = flag.type === 'boolean' ? { type: 'boolean' } : { type: 'string', multiple: true };
  }
  // Not strict: unknown flags and missing values come back as tokens, and are refused below with our own words.
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });

  const raw = new Map<string, string[]>();
  const positionals: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'positional') {
      positionals.push(t.value);
      continue;
    }
    if (t.kind !== 'option') continue;
    const flag = spec.flags[t.name];
    // No command declares one-letter flags: -x is unknown (-h was taken as help above).
    if (flag === undefined || !t.rawName.startsWith('--')) {
      fail(`unknown flag ${t.rawName}${suggestion(t.name, Object.keys(spec.flags))}`, t.name);
    }
    if (flag!.type === 'boolean') {
      if (t.inlineValue) fail(`${t.rawName} takes no value, got ${JSON.stringify(t.value)}`, t.name);
      raw.set(t.name, [...(raw.get(t.name) ?? []), '']);
      continue;
    }
    const value = t.value;
    if (value === undefined || (!t.inlineValue && value.length > 1 && value.startsWith('-'))) {
      fail(
        `${t.rawName} needs a value (${placeholder(flag!)})` +
          (value === undefined ? '' : `; to give one that starts with '-', write ${t.rawName}=${value}`),
        t.name,
      );
    }
    raw.set(t.name, [...(raw.get(t.name) ?? []), value!]);
  }

  const declared = spec.positionals ?? [];
  const takesMany = declared.some((p) => p.multiple);
  if (positionals.length > declared.length && !takesMany) {
    const extra = positionals[declared.length]!;
    fail(declared.length === 0 ? `unexpected argument ${JSON.stringify(extra)} (flags start with --)` : `unexpected argument ${JSON.stringify(extra)}`);
  }
  const missingPositional = declared.filter((p, i) => p.required && positionals.length <= i);
  if (missingPositional.length > 0) fail(`${missingPositional.map((p) => p.name).join(' and ')} ${missingPositional.length > 1 ? 'are' : 'is'} required`);

  const values: Record<string, unknown> = {};
  for (const [name, flag] of Object.entries(spec.flags)) {
    const given = raw.get(name);
    if (flag.type === 'boolean') {
      values[name] = given !== undefined;
      continue;
    }
    if (flag.type === 'list') {
      values[name] = given ?? [];
      continue;
    }
    if (given !== undefined && given.length > 1) {
      fail(`--${name} takes one ${noun(flag.value)} here (got ${given.length})`, name);
    }
    const text = given?.[0];
    if (text === undefined) {
      values[name] = flag.default;
      continue;
    }
    values[name] = flag.type === 'number' ? numberValue(name, flag, text, fail) : stringValue(name, flag, text, fail);
  }

  const required = Object.entries(spec.flags).filter(([, f]) => f.type !== 'boolean' && f.required).map(([n]) => n);
  const missing = required.filter((n) => values[n] === undefined || (Array.isArray(values[n]) && values[n].length === 0));
  if (missing.length > 0) {
    const flags = (names: string[]) => listed(names.map((n) => `--${n}`));
    const verb = (names: string[]) => (names.length > 1 ? 'are' : 'is');
    fail(
      `${flags(required)} ${verb(required)} required` + (missing.length < required.length ? `; ${flags(missing)} ${verb(missing)} missing` : ''),
      missing[0],
    );
  }
  return { values: values as FlagValues<S['flags']>, positionals };
}

function stringValue(name: string, flag: StringFlag | ListFlag, text: string, fail: (m: string, f?: string) => never): string {
  if (flag.type === 'string' && flag.choices && !flag.choices.includes(text)) {
    fail(`--${name} must be ${choiceList(flag.choices)}, got ${JSON.stringify(text)}`, name);
  }
  return text;
}

function numberValue(name: string, flag: NumberFlag, text: string, fail: (m: string, f?: string) => never): number {
  const n = Number(text);
  const ok =
    text.trim() !== '' &&
    Number.isFinite(n) &&
    (!flag.integer || /^-?\d+$/.test(text.trim())) &&
    (flag.min === undefined || n >= flag.min) &&
    (flag.max === undefined || n <= flag.max) &&
    (flag.above === undefined || n > flag.above) &&
    (flag.below === undefined || n < flag.below);
  if (!ok) {
    fail(flag.takes !== undefined ? `--${name} takes ${flag.takes}, got ${JSON.stringify(text)}` : `--${name} must be ${numberKind(flag)}, got ${JSON.stringify(text)}`, name);
  }
  return n;
}

/** What a number flag takes, from its bounds: "a whole number from 1 to 256", "a positive number of seconds". */
function numberKind(flag: NumberFlag): string {
  const unit = flag.unit ? ` of ${flag.unit}` : '';
  if (flag.integer) {
    const range =
      flag.min !== undefined && flag.max !== undefined ? ` from ${flag.min} to ${flag.max}` : flag.min !== undefined ? ` from ${flag.min} up` : flag.max !== undefined ? ` up to ${flag.max}` : '';
    return `a whole number${unit}${range}`;
  }
  if (flag.above === 0 && flag.below === undefined && flag.min === undefined && flag.max === undefined) return `a positive number${unit}`;
  const bounds = [
    flag.above !== undefined ? `above ${flag.above}` : flag.min !== undefined ? `from ${flag.min}` : '',
    flag.below !== undefined ? `below ${flag.below}` : flag.max !== undefined ? `up to ${flag.max}` : '',
  ].filter((b) => b !== '');
  return `a number${unit}${bounds.length ? ` ${bounds.join(' and ')}` : ''}`;
}

const choiceList = (choices: readonly string[]): string =>
  choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;

const listed = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const NOUNS: Record<string, string> = { FILE: 'file', DIR: 'directory', N: 'number' };

/** The value's name as a word in a sentence: FILE → file, FILE.jsonl[.gz] → file. */
const noun = (value: string | undefined): string => NOUNS[value?.match(/^[A-Z]+/)?.[0] ?? ''] ?? 'value';

/** " (did you mean --text?)" for a flag a typo away from a declared one. */
function suggestion(name: string, known: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(name.length / 4)) ? ` (did you mean --${best}?)` : '';
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

// ---- help and usage, written from the spec ----

/** Help text lines are wrapped to this many columns. */
const WIDTH = 100;

function placeholder(flag: Exclude<FlagSpec, BooleanFlag>): string {
  if (flag.value !== undefined) return flag.value;
  if (flag.type === 'string' && flag.choices) return flag.choices.join('|');
  return flag.type === 'number' ? 'N' : 'VALUE';
}

/** `--out FILE`, `[--quiet]`, `[--param name=value]...` as the usage line shows it. */
function synopsisItem(name: string, flag: FlagSpec): string {
  const body = flag.type === 'boolean' ? `--${name}` : `--${name} ${placeholder(flag)}`;
  if (flag.type !== 'boolean' && flag.required) return flag.type === 'list' ? `${body}...` : body;
  return flag.type === 'list' ? `[${body}]...` : `[${body}]`;
}

function positionalItem(p: PositionalSpec): string {
  const body = p.multiple ? `${p.name}...` : p.name;
  return p.required ? body : `[${body}]`;
}

/** Words laid out in lines of at most `width` columns after `first`, every line after the first indented by `indent`. */
function wrapWords(words: readonly string[], first: string, indent: number, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let fresh = true; // no word on this line yet: the next one goes on it, however long
  for (const w of words) {
    if (!fresh && line.length + 1 + w.length > width) {
      lines.push(line);
      line = `${' '.repeat(indent)}${w}`;
    } else {
      line = fresh && (line === '' || line.endsWith(' ')) ? `${line}${w}` : `${line} ${w}`;
    }
    fresh = false;
  }
  lines.push(line);
  return lines;
}

/** The command's usage: `textlens batch --in FILE|DIR|- --out FILE|- [--quiet] …`, wrapped. */
export function formatSynopsis(spec: CommandSpec, lead = ''): string {
  const head = `${lead}textlens ${spec.name}`;
  const items = [...Object.entries(spec.flags).map(([n, f]) => synopsisItem(n, f)), ...(spec.positionals ?? []).map(positionalItem)];
  return wrapWords(items, head, head.length + 1).join('\n');
}

/** A paragraph of help wrapped to the width, its lines after the first indented; '\n' in the text keeps its break. */
export function wrapText(text: string, firstLead: string, indent: number): string[] {
  const out: string[] = [];
  text.split('\n').forEach((para, i) => {
    const lead = i === 0 ? firstLead : ' '.repeat(indent);
    out.push(...wrapWords(para.split(/ +/).filter((w) => w !== ''), lead, indent));
  });
  return out;
}

/** "(default: 30; repeatable)": what a flag's help line ends with. */
function flagNotes(flag: FlagSpec): string {
  if (flag.type === 'boolean') return '';
  const notes: string[] = [];
  if (flag.defaultText !== undefined) notes.push(`default: ${flag.defaultText}`);
  else if (flag.type !== 'list' && flag.default !== undefined) notes.push(`default: ${flag.default}`);
  if (flag.required) notes.push('required');
  if (flag.type === 'list') notes.push('repeatable');
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

/** The text of `textlens <command> --help`: usage, summary, every flag with its default, notes. */
export function formatHelp(spec: CommandSpec): string {
  const labels = Object.entries(spec.flags).map(([name, flag]) => {
    const label = flag.type === 'boolean' ? `--${name}` : `--${name} ${placeholder(flag)}`;
    return { label, help: `${flag.help}${flagNotes(flag)}` };
  });
  labels.push({ label: '-h, --help', help: 'this help' });
  const positional = (spec.positionals ?? []).map((p) => ({ label: p.name, help: p.help }));
  const column = Math.min(24, Math.max(...[...labels, ...positional].map((l) => l.label.length))) + 4;
  const rows = (list: { label: string; help: string }[]) =>
    list.flatMap(({ label, help }) => {
      const lead = `  ${label}`;
      if (lead.length + 2 > column) return [lead, ...wrapText(help, ' '.repeat(column), column)];
      return wrapText(help, lead.padEnd(column), column);
    });
  const parts = [
    formatSynopsis(spec, 'usage: '),
    '',
    ...wrapText(`${spec.summary}`, '', 0),
    '',
    ...(positional.length ? ['arguments:', ...rows(positional), ''] : []),
    'flags:',
    ...rows(labels),
  ];
  if (spec.notes) parts.push('', ...spec.notes.split('\n\n').flatMap((p, i) => [...(i > 0 ? [''] : []), ...wrapText(p, '', 0)]));
  return parts.join('\n') + '\n';
}

/** The text of `textlens <group> --help`: each sub-command's usage line and summary. */
export function formatGroupHelp(group: CommandGroup): string {
  const lines = [`textlens ${group.name}: ${group.summary}`, ''];
  for (const spec of group.commands) lines.push(...wrapText(spec.summary, '  # ', 4), formatSynopsis(spec, '  '), '');
  lines.push(`textlens ${group.name} <command> --help describes each flag and its default.`);
  return lines.join('\n') + '\n';
}

/**
 * Picks a group's sub-command by its first argument. --help/-h (or nothing)
 * asks for the group's help; an unknown word is a usage error naming them.
 */
export function pickSubcommand(argv: readonly string[], group: CommandGroup): { spec: CommandSpec; rest: string[] } {
  const [word, ...rest] = argv;
  if (word === '--help' || word === '-h') throw new HelpRequest(formatGroupHelp(group));
  const names = group.commands.map((c) => c.name.slice(group.name.length + 1));
  if (word === undefined || word.startsWith('-')) {
    throw new UsageError(group.name, `give a command first: ${names.join(', ')}${word === undefined ? '' : ` (got ${word})`}`);
  }
  const spec = group.commands.find((c) => c.name === `${group.name} ${word}`);
  if (!spec) throw new UsageError(group.name, `unknown command '${word}' (${names.join(', ')})`);
  return { spec, rest };
}
