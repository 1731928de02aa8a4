/**
 * The `textlens` command: finds the command named by the first words of the
 * command line and runs it. Each command declares its flags to args.ts in
 * its own file; `textlens help` is written from those declarations.
 */
import { readFileSync } from 'node:fs';
import { formatSynopsis, HelpRequest, UsageError, wrapText, type CommandGroup, type CommandSpec } from './args.js';

/** A top-level command: its spec (or its sub-commands'), and how to run it. */
interface Command {
  summary: string;
  specs: readonly CommandSpec[];
  run(argv: string[]): Promise<number>;
}

const single = (spec: CommandSpec, run: (argv: string[]) => Promise<number>): Command => ({ summary: spec.summary, specs: [spec], run });
const group = (g: CommandGroup, run: (argv: string[]) => Promise<number>): Command => ({ summary: g.summary, specs: g.commands, run });

/** Every command, in the order `textlens help` lists them; each module is loaded only when needed. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  analyze: async () => {
    const m = await import('./analyze.js');
    return single(m.ANALYZE, (argv) => m.analyzeCommand(argv));
  },
  render: async () => {
    const m = await import('./render.js');
    return single(m.RENDER, (argv) => m.renderCommand(argv));
  },
  batch: async () => {
    const m = await import('./batch.js');
    return single(m.BATCH, (argv) => m.batchCommand(argv));
  },
  queue: async () => {
    const m = await import('./queue.js');
    return group(m.QUEUE, (argv) => m.queueCommand(argv));
  },
  worker: async () => {
    const m = await import('./worker.js');
    return single(m.WORKER, (argv) => m.workerCommand(argv));
  },
  serve: async () => {
    const m = await import('./serve.js');
    return single(m.SERVE, async (argv) => {
      await m.serveCommand(argv);
      return 0;
    });
  },
  eval: async () => {
    const m = await import('./eval.js');
    return group(m.EVAL, (argv) => m.evalCommand(argv));
  },
  train: async () => {
    const m = await import('./classifier.js');
    return group(m.TRAIN, (argv) => m.trainCommand(argv));
  },
  kb: async () => {
    const m = await import('./kb.js');
    return group(m.KB, (argv) => m.kbCommand(argv));
  },
};

/** The package's version, from its package.json (two folders up from src/cli/ and from dist/cli/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** The text of `textlens help`: every command's usage line, written from the specs. */
export async function formatUsage(): Promise<string> {
  const lines = [
    `textlens ${packageVersion()} — offline text analysis`,
    '',
    'usage: textlens <command> [flags]',
    '       textlens <command> --help   what the command does, each flag and its default',
    '       textlens --version',
    '',
  ];
  for (const [name, load] of Object.entries(COMMANDS)) {
    const command = await load();
    lines.push(...wrapText(`${name}: ${command.summary}`, '', 2));
    for (const spec of command.specs) lines.push(formatSynopsis(spec, '  '));
    lines.push('');
  }
  return lines.join('\n');
}

/** Every command's spec, sub-commands included (for tests and tools that check the help). */
export async function allCommandSpecs(): Promise<CommandSpec[]> {
  const out: CommandSpec[] = [];
  for (const load of Object.values(COMMANDS)) out.push(...(await load()).specs);
  return out;
}

/**
 * Runs a command. --help prints the command's help and exits 0; a usage or
 * setup error prints its message (no stack) and exits 2.
 */
export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnClosedPipe();
  try {
    refuseLongArguments(argv);
    return await dispatch(argv);
  } catch (e) {
    if (e instanceof HelpRequest) {
      process.stdout.write(e.text);
      return 0;
    }
    // One write per error: callers (and tests) read a failed run's stderr as one message.
    if (e instanceof UsageError) process.stderr.write(`textlens ${e.command}: ${e.message}\n(textlens ${e.command} --help lists its flags)\n`);
    else process.stderr.write(`textlens: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

/**
 * `textlens … | head` closes stdout early; Node then raises EPIPE on the next
 * write, which would crash with a stack trace. The reader has what it wanted,
 * so stop quietly with success, as Unix tools do.
 */
function exitQuietlyOnClosedPipe(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
let stdoutGuarded = false;

/** The longest command-line argument textlens accepts (characters). */
export const MAX_ARGUMENT_CHARS = 16_384;

/**
 * onnxruntime-node 1.30 crashes the process (SIGSEGV, a native stack
 * overflow while its session setup scans the command line) once one argument
 * runs to ~25,000 characters, e.g. `--text "$(cat article.txt)"`. No error
 * can be caught after that, so long arguments are refused up front with the
 * way round them: the same text from a file or stdin analyzes fine.
 */
function refuseLongArguments(argv: string[]): void {
  argv.forEach((arg, i) => {
    if (arg.length <= MAX_ARGUMENT_CHARS) return;
    const what = i > 0 && argv[i - 1]!.startsWith('--') ? `the value of ${argv[i - 1]} (argument ${i + 1})` : `argument ${i + 1}`;
    throw new Error(
      `${what} is ${arg.length.toLocaleString('en')} characters; command-line arguments are limited to ` +
        `${MAX_ARGUMENT_CHARS.toLocaleString('en')}. Pass long text with --file FILE or on stdin (textlens analyze < FILE).`,
    );
  });
}

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(await formatUsage());
    return command === undefined ? 2 : 0;
  }
  if (command === '--version') {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    process.stderr.write(`textlens: unknown command '${command}' (${Object.keys(COMMANDS).join(', ')}); textlens help lists them with their flags\n`);
    return 2;
  }
  return (await load()).run(rest);
}
