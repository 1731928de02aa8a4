// Figures for models/ner/MODEL_CARD.md: conlleval-style scores of the shipped
// model through the TypeScript runtime, and throughput on one core.
//
//   node --import tsx training/ner/measure.ts [--conll FILE]… [--speed FILE] [--backend node|wasm] [--models DIR]
import { readFileSync } from 'node:fs';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadEntityRecognizer, recognizeDoc } from '../../src/annotators/ner.js';
import { docFromConll, evalNer, formatNerScores, parseConll, recognizeWith } from '../../src/eval/ner.js';
import type { Backend } from '../../src/models/onnx-runner.js';

const args = process.argv.slice(2);
const files: string[] = [];
let speedFile: string | undefined;
let backend: Backend = 'node';
let modelsDir: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--conll') files.push(args[++i]);
  else if (args[i] === '--speed') speedFile = args[++i];
  else if (args[i] === '--backend') backend = args[++i] as Backend;
  else if (args[i] === '--models') modelsDir = args[++i];
}
const ner = await loadEntityRecognizer(fileLoader(modelsDir), { backend, threads: 1 });
for (const f of files) {
  const s = await evalNer(readFileSync(f, 'utf8'), recognizeWith(ner));
  console.log(`== ${f}\n${formatNerScores(s)}\n`);
}
if (speedFile) {
  const docs = parseConll(readFileSync(speedFile, 'utf8')).map(docFromConll);
  const tokens = docs.reduce((n, d) => n + d.length, 0);
  for (const d of docs.slice(0, 20)) await recognizeDoc(ner, d); // warm-up
  let best = Infinity;
  for (let rep = 0; rep < 3; rep++) {
    const t0 = performance.now();
    for (const d of docs) await recognizeDoc(ner, d);
    best = Math.min(best, performance.now() - t0);
  }
  // CPU time as well: on a shared machine the wall clock also counts waiting for a core.
  const c0 = process.cpuUsage();
  for (const d of docs) await recognizeDoc(ner, d);
  const cpu = process.cpuUsage(c0);
  console.log(`speed (${backend}, 1 thread, features + model + decoding): ${tokens} tokens in ${best.toFixed(0)} ms = ${Math.round(tokens / (best / 1000))} tokens/s (best of 3); ${Math.round(tokens / ((cpu.user + cpu.system) / 1e6))} tokens/CPU-s`);
}
