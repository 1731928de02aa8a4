#!/usr/bin/env node
// Jackknifed tags for parser training: `node training/parser/jackknife-tags.mjs [--folds 5] [--jobs 2] [--reuse]`.
//
// The parser runs on the tagger's predicted tags, so it should train on
// predicted tags too, not on gold ones: a tagger trained on all of EWT train
// would tag its own training data almost perfectly. Each fold's sentences
// are tagged by a tagger trained (shipped recipe) on the other folds; dev and
// test by the fold-0 tagger are kept too. Output:
// training/out/parser/jackknife-tags.json = { train: [{upos, xpos}] per
// train sentence, dev: the same for EWT dev by the shipped tagger (models/
// tagger, through the runtime: training/parser/dev-tags.mts), folds }.
// Needs models/tagger/word-clusters.bin (`npm run train -- wordclusters`).
// --reuse keeps a fold whose training/out/parser/tags-foldK.json exists with
// the same fold count (folds trained elsewhere, or an interrupted run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const { values } = parseArgs({
  options: { folds: { type: 'string', default: '5' }, jobs: { type: 'string', default: '2' }, reuse: { type: 'boolean', default: false } },
});
const folds = Number(values.folds);
const jobs = Number(values.jobs);
const out = join(root, 'training', 'out', 'parser');
mkdirSync(out, { recursive: true });
const python = process.env.TEXTLENS_PYTHON ?? '/usr/bin/python3';
// The shipped tagger recipe (training/tagger/README.md), one thread per fold.
const recipe = ['--threads', '1', '--lexical', 'wordnet,clusters', '--clusters', join('models', 'tagger', 'word-clusters.bin')];

function runFold(k) {
  return new Promise((resolve, reject) => {
    const file = join(out, `tags-fold${k}.json`);
    const args = ['-m', 'training.tagger.train', ...recipe, '--folds', String(folds), '--fold', String(k), '--predict-out', file];
    const child = spawn(python, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { OPENBLAS_NUM_THREADS: '1', PYTHONUNBUFFERED: '1', ...process.env } });
    child.stdout.on('data', (d) => process.stdout.write(String(d).replace(/^(?=.)/gm, `[fold ${k}] `)));
    child.on('exit', (code) => (code === 0 ? resolve(file) : reject(new Error(`fold ${k} exited with ${code}`))));
  });
}

const files = [];
function reusable(k) {
  const file = join(out, `tags-fold${k}.json`);
  if (!values.reuse || !existsSync(file)) return false;
  const part = JSON.parse(readFileSync(file, 'utf8'));
  if (part.folds !== folds || part.fold !== k) return false;
  files[k] = file;
  console.log(`fold ${k}: reusing ${file}`);
  return true;
}
const queue = Array.from({ length: folds }, (_, k) => k).filter((k) => !reusable(k));
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let k = queue.shift(); k !== undefined; k = queue.shift()) files[k] = await runFold(k);
  }),
);
const train = [];
for (const file of files) {
  const part = JSON.parse(readFileSync(file, 'utf8'));
  for (const [i, tags] of Object.entries(part.train)) train[Number(i)] = tags;
}
if (train.some((t) => t === undefined) || train.length === 0) throw new Error('a train sentence got no fold prediction');
const devRun = spawnSync(process.execPath, ['--import', 'tsx', join('training', 'parser', 'dev-tags.mts')], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
if (devRun.status !== 0) throw new Error(`dev-tags.mts failed: ${devRun.stderr}`);
const dev = JSON.parse(devRun.stdout);
writeFileSync(join(out, 'jackknife-tags.json'), JSON.stringify({ folds, train, dev }));
console.log(`wrote ${join(out, 'jackknife-tags.json')}: ${train.length} sentences`);
