// Speed of a language pack's NER through the TypeScript runtime (models/<lang>/ner/ card figures), with the
// English model on the same documents in the same run for comparison (the shared machine is noisy).
//
//   node --import tsx training/ner-ud/measure.ts --lang fra --iob ../shared/data/ner-multilingual/wikiann_fr/dev.iob.gz
//
// The file's sentences (eval ner's layouts) are grouped into documents of 20, as running text would be.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadEntityRecognizer, recognizeDoc, type EntityRecognizer } from '../../src/annotators/ner.js';
import { docFromConll } from '../../src/eval/ner.js';
import { parseNerLayouts } from '../../src/eval/ner-layouts.js';
import { packNerDir } from '../../src/language-packs/ner.js';
import { languagePack } from '../../src/language-packs/packs.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const lang = arg('--lang') ?? 'fra';
const file = arg('--iob');
const pack = languagePack(lang);
if (!file || !pack) throw new Error('usage: measure.ts --lang fra|por|spa|deu --iob FILE');
const bytes = readFileSync(file);
const sentences = parseNerLayouts((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')).flatMap((d) => d.sentences);
const docs = [];
for (let i = 0; i < sentences.length; i += 20) docs.push(docFromConll({ sentences: sentences.slice(i, i + 20) }));
const tokens = docs.reduce((n, d) => n + d.length, 0);
const loader = fileLoader();
const models: [string, EntityRecognizer][] = [
  [lang, await loadEntityRecognizer(loader, { dir: packNerDir(pack), threads: 1 })],
  ['eng', await loadEntityRecognizer(loader, { threads: 1 })],
];
for (const [, ner] of models) for (const d of docs.slice(0, 20)) await recognizeDoc(ner, d); // warm-up
for (let round = 0; round < 2; round++) {
  for (const [name, ner] of models) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const d of docs) await recognizeDoc(ner, d);
    const cpu = process.cpuUsage(c0);
    const seconds = (cpu.user + cpu.system) / 1e6;
    console.log(`${name}: ${tokens} tokens, ${Math.round(tokens / seconds)} tokens per CPU-second (${Math.round(performance.now() - t0)} ms wall)`);
  }
}
