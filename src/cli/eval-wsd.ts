/**
 * `textlens eval wsd`: all-words WSD on Raganato et al.'s (2017) framework
 * files (src/eval/wsd.ts). Precision, recall and F1 overall and per POS are
 * printed beside WordNet's first sense on the same instances; the last line
 * is `name=value …` for programs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { WordNetPos } from '../lexicon/penn.js';
import type { PrfScores } from '../eval/wsd.js';
import { defineCommand, parseCommand } from './args.js';
import { MODELS_FLAG } from './flags.js';

export const EVAL_WSD = defineCommand({
  name: 'eval wsd',
  summary: "All-words word sense disambiguation on a WSD evaluation framework data set (Raganato et al. 2017): precision, recall and F1, overall and per POS, beside WordNet's first sense.",
  flags: {
    data: { type: 'string', value: 'X.data.xml', required: true, help: "the framework's data file" },
    gold: { type: 'string', value: 'X.gold.key.txt', required: true, help: "the framework's gold keys" },
    out: { type: 'string', value: 'FILE', help: 'write the answers: instance id and WordNet 3.0 sense key per line' },
    models: MODELS_FLAG,
  },
});

const POS_NAMES: Record<WordNetPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export async function wsdCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_WSD);
  const { fileLoader } = await import('../resources/file-loader.js');
  const { SynsetStore } = await import('../semantics/synsets.js');
  const { WsdModel } = await import('../semantics/wsd-model.js');
  const { answerFramework, scoreAnswers } = await import('../eval/wsd.js');
  const { parseGoldKeys } = await import('../eval/wsd-framework.js');
  const [xml, goldText] = await Promise.all([readInput(values.data, '--data'), readInput(values.gold, '--gold')]);
  const gold = parseGoldKeys(goldText, values.gold);
  const loader = fileLoader(values.models);
  const [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
  const answers = answerFramework(store, model, xml, values.data);
  const missing = answers.filter((a) => !gold.has(a.id)).length;
  if (missing > 0) throw new Error(`${values.gold}: ${missing} of ${answers.length} instances of ${values.data} have no gold key (wrong file pair?)`);
  if (values.out) await writeFile(values.out, answers.filter((a) => a.key).map((a) => `${a.id} ${a.key}\n`).join(''));

  const pct = (x: number) => (100 * x).toFixed(1);
  const line = (name: string, s: PrfScores) =>
    `${name.padEnd(12)} ${String(s.instances).padStart(6)} ${pct(s.precision).padStart(6)} ${pct(s.recall).padStart(6)} ${pct(s.f1).padStart(6)}`;
  const model_ = scoreAnswers(answers, gold, (a) => a.key);
  const first = scoreAnswers(answers, gold, (a) => a.firstSense);
  const out: string[] = [`${values.data} — WordNet 3.0 sense keys`, `${'system'.padEnd(12)} ${'n'.padStart(6)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'F1'.padStart(6)}`];
  out.push(line('model', model_), line('first sense', first));
  const fields = [`f1=${pct(model_.f1)}`, `precision=${pct(model_.precision)}`, `recall=${pct(model_.recall)}`, `first_sense_f1=${pct(first.f1)}`, `instances=${model_.instances}`];
  for (const pos of ['n', 'v', 'a', 'r'] as WordNetPos[]) {
    const subset = answers.filter((a) => a.pos === pos);
    if (subset.length === 0) continue;
    const s = scoreAnswers(subset, gold, (a) => a.key);
    const f = scoreAnswers(subset, gold, (a) => a.firstSense);
    out.push(line(`  ${POS_NAMES[pos]}`, s), line(`  ${POS_NAMES[pos]} (1st)`, f));
    fields.push(`f1_${POS_NAMES[pos]}=${pct(s.f1)}`, `first_sense_f1_${POS_NAMES[pos]}=${pct(f.f1)}`, `instances_${POS_NAMES[pos]}=${s.instances}`);
  }
  if (values.out) out.push(`answers written to ${values.out}`);
  out.push(fields.join(' '));
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

async function readInput(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(`textlens eval wsd: cannot read ${flag} ${path}${code === 'ENOENT' ? ': no such file' : `: ${code}`}`);
  }
}
