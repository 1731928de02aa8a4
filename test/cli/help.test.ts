/**
 * `textlens help`, `textlens <command> --help` and `textlens --version`,
 * checked against the commands' own specs: every flag a command accepts is
 * in its help and in the usage, and every command refuses a flag it does not
 * declare (so none parses its arguments on the side).
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandSpec } from '../../src/cli/args.js';
import { allCommandSpecs, main } from '../../src/cli/main.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process with stdout and stderr captured. */
async function run(...argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((stdout += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

let specs: CommandSpec[];
beforeAll(async () => {
  specs = await allCommandSpecs();
}, 60_000);

const flagsOf = (spec: CommandSpec) => Object.keys(spec.flags).map((f) => `--${f}`);

describe('textlens help', () => {
  it('covers every command and sub-command', () => {
    expect(specs.map((s) => s.name)).toEqual([
      'analyze',
      'render',
      'batch',
      'queue enqueue',
      'queue status',
      'queue collect',
      'worker',
      'serve',
      'eval ud',
      'eval ner',
      'eval html',
      'eval lemma',
      'eval langid',
      'eval chunks',
      'eval properties',
      'eval carb',
      'eval wsd',
      'eval lexsub',
      'eval el',
      'eval classifier',
      'eval topics',
      'train classifier',
      'kb build',
      'kb stats',
    ]);
  });

  it('lists every command with every flag it accepts', async () => {
    const { code, stdout } = await run('help');
    expect(code).toBe(0);
    // Each command's usage runs from its `textlens <name>` line to the next blank line or command.
    const blocks = stdout.split(/\n(?=  textlens |\S)/);
    for (const spec of specs) {
      const block = blocks.find((b) => b.startsWith(`  textlens ${spec.name} `) || b === `  textlens ${spec.name}`);
      expect(block, spec.name).toBeDefined();
      for (const flag of flagsOf(spec)) expect(block!.split(/[\s[\]]+/), `${spec.name} ${flag}`).toContain(flag);
    }
    // The ones an earlier hand-written usage missed.
    expect(stdout).toMatch(/textlens eval lemma --conllu FILE/);
    expect(stdout).toMatch(/textlens eval langid \[--conllu FILE\]\.\.\. \[--tsv FILE\]\.\.\./);
    expect(blocks.find((b) => b.startsWith('  textlens eval el '))).toContain('[--jsonl FILE.jsonl]...');
    const serve = blocks.find((b) => b.startsWith('  textlens serve '))!;
    expect(serve).toContain('[--dictionary id=FILE]...');
    expect(serve).toContain('[--response-shape hosted|spec]');
    expect(stdout.split('\n').every((l) => l.length <= 100)).toBe(true);
  });

  it('is printed for --help and -h (exit 0) and with no command (exit 2)', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect((await run('-h')).stdout).toBe(help.stdout);
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(help.stdout);
  });

  it('refuses an unknown command, naming the commands', async () => {
    const r = await run('analyse');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'analyse' \(analyze, render, batch, queue, worker, serve, eval, train, kb\)/);
  });
});

describe('textlens <command> --help', () => {
  it('describes every flag of every command, its default, and exits 0', async () => {
    for (const spec of specs) {
      for (const ask of ['--help', '-h']) {
        const r = await run(...spec.name.split(' '), ask);
        expect(r.code, `${spec.name} ${ask}`).toBe(0);
        expect(r.stdout.startsWith(`usage: textlens ${spec.name}`), spec.name).toBe(true);
        expect(r.stdout.split('\n').filter((l) => l.length > 100), `${spec.name}: lines over 100 columns`).toEqual([]);
        const listed = r.stdout.slice(r.stdout.indexOf('\nflags:\n'));
        for (const [name, flag] of Object.entries(spec.flags)) {
          expect(listed, `${spec.name} --${name}`).toMatch(new RegExp(`\\n  --${name}\\b`));
          if (flag.type !== 'boolean' && flag.type !== 'list' && (flag.default !== undefined || flag.defaultText !== undefined)) {
            const shown = String(flag.defaultText ?? flag.default);
            expect(listed.replace(/\s+/g, ' '), `${spec.name} --${name} default`).toContain(`(default: ${shown}`);
          }
        }
      }
    }
  });

  it('answers for analyze (which prints errors as JSON) with the help, not an error envelope', async () => {
    const r = await run('analyze', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: textlens analyze \[--text T\]/);
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it('lists a group\'s sub-commands for `textlens eval --help`; no sub-command is a usage error', async () => {
    const r = await run('eval', '--help');
    expect(r.code).toBe(0);
    for (const spec of specs.filter((s) => s.name.startsWith('eval '))) expect(r.stdout).toContain(`  textlens ${spec.name} `);
    const none = await run('eval');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^textlens eval: give a command first: ud, ner, html, lemma, langid, chunks, properties, carb, wsd, lexsub, el, classifier, topics\n/);
    const bad = await run('kb', 'rebuild');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown command 'rebuild' \(build, stats\)/);
  });
});

describe('every command parses its flags through its spec', () => {
  it('refuses a flag it does not declare, by name, before doing any work', async () => {
    for (const spec of specs) {
      const r = await run(...spec.name.split(' '), '--no-such-flag', 'x');
      if (spec.name === 'analyze') {
        // analyze reports every failure as the API's error envelope, exit 1.
        expect(r.code).toBe(1);
        expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: expect.stringContaining('unknown flag --no-such-flag') });
        continue;
      }
      expect(r.code, spec.name).toBe(2);
      expect(r.stderr, spec.name).toBe(`textlens ${spec.name}: unknown flag --no-such-flag\n(textlens ${spec.name} --help lists its flags)\n`);
    }
  });
});

describe('textlens --version', () => {
  it("prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const r = await run('--version');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });
});
