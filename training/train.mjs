#!/usr/bin/env node
// `npm run train -- <model> [args…]`: runs training/<model>/train.py with
// Debian's PyTorch (/usr/bin/python3) and the thread settings measured to be
// fastest on small CPUs, or training/<model>/train.ts with Node (tsx).
// Models are reproduced from ../shared/data.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const models = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (existsSync(join(here, d.name, 'train.py')) || existsSync(join(here, d.name, 'train.ts'))))
  .map((d) => d.name);
const [model, ...rest] = process.argv.slice(2);
if (!model || !models.includes(model)) {
  console.error(`usage: npm run train -- <${models.join('|')}> [args…]`);
  process.exit(2);
}
if (existsSync(join(here, model, 'train.ts'))) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('training', model, 'train.ts'), ...rest], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
const python = process.env.TEXTLENS_PYTHON ?? '/usr/bin/python3';
const result = spawnSync(python, ['-m', `training.${model}.train`, ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '2', PYTHONUNBUFFERED: '1', ...process.env },
});
process.exit(result.status ?? 1);
