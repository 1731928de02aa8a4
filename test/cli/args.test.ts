/**
 * The one argument parser every command uses: typed values and defaults
 * from a spec, and a usage error that names the flag for everything the
 * spec refuses.
 */
import { describe, expect, it } from 'vitest';
import { defineCommand, formatHelp, formatSynopsis, HelpRequest, parseCommand, UsageError } from '../../src/cli/args.js';

const SPEC = defineCommand({
  name: 'demo run',
  summary: 'A command for the tests.',
  flags: {
    in: { type: 'string', value: 'FILE', required: true, help: 'input' },
    mode: { type: 'string', choices: ['fast', 'slow'], default: 'slow', help: 'speed' },
    workers: { type: 'number', value: 'N', integer: true, min: 1, max: 8, help: 'threads', defaultText: 'one per core' },
    timeout: { type: 'number', value: 'S', above: 0, unit: 'seconds', default: 30, help: 'per document' },
    from: { type: 'number', value: 'N', integer: true, min: 1, takes: 'a sentence number (1-based)', help: 'first sentence' },
    param: { type: 'list', value: 'name=value', help: 'a parameter' },
    quiet: { type: 'boolean', help: 'no progress' },
  },
});

/** The UsageError a command line raises (fails the test when it raises none). */
function refusal(argv: string[]): UsageError {
  try {
    parseCommand(argv, SPEC);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

describe('parseCommand', () => {
  it('reads typed values and fills in the defaults', () => {
    const { values, positionals } = parseCommand(['--in', 'a.jsonl', '--workers', '4', '--param', 'x=1', '--param=y=2', '--quiet', '--timeout=2.5'], SPEC);
    expect(values).toEqual({ in: 'a.jsonl', mode: 'slow', workers: 4, timeout: 2.5, from: undefined, param: ['x=1', 'y=2'], quiet: true });
    expect(positionals).toEqual([]);
    const bare = parseCommand(['--in', '-'], SPEC).values;
    expect(bare).toMatchObject({ in: '-', workers: undefined, timeout: 30, param: [], quiet: false });
  });

  it('refuses an unknown flag by name, with the nearest known one', () => {
    const e = refusal(['--in', 'x', '--worker', '2']);
    expect(e.message).toBe('unknown flag --worker (did you mean --workers?)');
    expect(e.command).toBe('demo run');
    expect(e.status).toBe(400);
    expect(refusal(['--in', 'x', '--zzz']).message).toBe('unknown flag --zzz');
    expect(refusal(['--in', 'x', '-q']).message).toMatch(/^unknown flag -q/);
  });

  it('refuses bad values with what the flag takes', () => {
    expect(refusal(['--in', 'x', '--workers', '0']).message).toBe('--workers must be a whole number from 1 to 8, got "0"');
    expect(refusal(['--in', 'x', '--workers', '2.5']).message).toMatch(/--workers must be a whole number/);
    expect(refusal(['--in', 'x', '--timeout', '-1']).message).toBe("--timeout needs a value (S); to give one that starts with '-', write --timeout=-1");
    expect(refusal(['--in', 'x', '--timeout=-1']).message).toBe('--timeout must be a positive number of seconds, got "-1"');
    expect(refusal(['--in', 'x', '--timeout', 'soon']).message).toMatch(/--timeout must be a positive number of seconds, got "soon"/);
    expect(refusal(['--in', 'x', '--from', 'two']).message).toBe('--from takes a sentence number (1-based), got "two"');
    expect(refusal(['--in', 'x', '--mode', 'medium']).message).toBe('--mode must be fast or slow, got "medium"');
    expect(refusal(['--in', 'x', '--quiet=yes']).message).toBe('--quiet takes no value, got "yes"');
    expect(refusal(['--in']).message).toBe('--in needs a value (FILE)');
    expect(refusal(['--in', 'x', 'stray']).message).toBe('unexpected argument "stray" (flags start with --)');
  });

  it('refuses a single-valued flag given twice, and names the missing required flags', () => {
    expect(refusal(['--in', 'a', '--in', 'b']).message).toBe('--in takes one file here (got 2)');
    expect(refusal([]).message).toBe('--in is required');
    expect(refusal(['--quiet']).culprit).toBe('in');
  });

  it('says "--a and --b are required", and which is missing, when a command needs several', () => {
    const two = defineCommand({ name: 'x', summary: '', flags: { data: { type: 'string', required: true, help: '' }, gold: { type: 'string', required: true, help: '' } } });
    expect(() => parseCommand(['--data', 'd'], two)).toThrow('--data and --gold are required; --gold is missing');
    expect(() => parseCommand([], two)).toThrow(/^--data and --gold are required$/);
  });

  it('answers --help and -h with the help, anywhere before --', () => {
    for (const argv of [['--help'], ['--in', 'x', '-h'], ['--bogus', '--help']]) {
      expect(() => parseCommand(argv, SPEC)).toThrow(HelpRequest);
    }
    try {
      parseCommand(['-h'], SPEC);
    } catch (e) {
      expect((e as HelpRequest).text).toBe(formatHelp(SPEC));
    }
  });
});

describe('help written from the spec', () => {
  it('lists every flag with its value, default, and whether it is required or repeatable', () => {
    const help = formatHelp(SPEC);
    expect(help.split('\n')[0]).toBe('usage: textlens demo run --in FILE [--mode fast|slow] [--workers N] [--timeout S] [--from N]');
    expect(help).toContain('  --in FILE           input (required)\n');
    expect(help).toContain('  --mode fast|slow    speed (default: slow)\n');
    expect(help).toContain('  --workers N         threads (default: one per core)\n');
    expect(help).toContain('  --timeout S         per document (default: 30)\n');
    expect(help).toContain('  --param name=value  a parameter (repeatable)\n');
    expect(help).toContain('  --quiet             no progress\n');
    expect(help).toContain('  -h, --help          this help\n');
    expect(help).toContain('\nA command for the tests.\n');
  });

  it('wraps the usage line under the command name', () => {
    const lines = formatSynopsis(SPEC).split('\n');
    expect(lines[1]).toBe('                  [--param name=value]... [--quiet]');
    expect(lines.every((l) => l.length <= 100)).toBe(true);
  });
});
