/**
 * The Python steps of the senses build (vectors.py, local.py): Debian's python3 with numpy and torch
 * (`TEXTLENS_PYTHON` picks another), one BLAS thread, output passed through. Throws when the step fails.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Runs training/senses/`script` with `args`. */
export function runPythonStep(script: string, args: readonly string[]): void {
  const python = process.env.TEXTLENS_PYTHON ?? '/usr/bin/python3';
  const run = spawnSync(python, [join(here, script), ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', ...process.env },
  });
  if (run.status !== 0) throw new Error(`${script} failed (exit ${run.status ?? run.signal}): needs ${python} with numpy and torch`);
}
