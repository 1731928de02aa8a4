#!/usr/bin/env node
// `npm run train -- <model> [--quiet] [args…]`: runs training/<model>/train.py
// with Debian's PyTorch (/usr/bin/python3) and the thread settings measured
// to be fastest on small CPUs, or training/<model>/train.ts with Node (tsx).
// Models are reproduced from ../shared/data.
//
// The trainer's stdout is followed line by line: lines of the progress
// protocol (`progress done=… total=… unit=… loss=…`, src/progress/protocol.ts)
// feed the shared progress display on stderr (a bar on a terminal, a line
// every 10 s otherwise, nothing with --quiet); every other line passes through.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const models = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (existsSync(join(here, d.name, 'train.py')) || existsSync(join(here, d.name, 'train.ts'))))
  .map((d) => d.name);
const [model, ...args] = process.argv.slice(2);
if (!model || !models.includes(model)) {
  console.error(`usage: npm run train -- <${models.join('|')}> [--quiet] [args…]`);
  process.exit(2);
}
// --quiet is the wrapper's own (no trainer takes it): it is not passed on.
const quiet = args.includes('--quiet');
const rest = args.filter((a) => a !== '--quiet');

const [command, commandArgs, env] = existsSync(join(here, model, 'train.ts'))
  ? [process.execPath, ['--import', 'tsx', join('training', model, 'train.ts'), ...rest], process.env]
  : [
      process.env.TEXTLENS_PYTHON ?? '/usr/bin/python3',
      ['-m', `training.${model}.train`, ...rest],
      { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '2', PYTHONUNBUFFERED: '1', ...process.env },
    ];

register();
const { followTrainerOutput } = await import('../src/progress/protocol.ts');
const child = spawn(command, commandArgs, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env });
// Ctrl-C reaches the trainer through the terminal's process group; the wrapper waits for it to exit.
process.on('SIGINT', () => {});
// A SIGTERM sent to the wrapper alone (a job runner) is passed on, so the trainer does not outlive it.
process.on('SIGTERM', () => child.kill('SIGTERM'));
const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
await followTrainerOutput(child.stdout, { label: `train ${model}`, mode: quiet ? 'quiet' : 'auto' });
process.exit(await exited);
