/**
 * `textlens eval wsd --data X.data.xml --gold X.gold.key.txt [--out FILE] [--models DIR]`:
 * all-words WSD on Raganato et al.'s (2017) framework files, with the given
 * tokens, lemmas and POS. Every instance is answered with the sense key of
 * its lemma in the most probable synset; precision, recall and F1 overall
 * and per POS are printed beside WordNet's first sense on the same instances.
 * The last line is `name=value …` for programs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { WordNetPos } from '../lexicon/penn.js';
import { fileLoader } from '../resources/file-loader.js';
import { disambiguate, type SenseTarget } from '../semantics/disambiguate.js';
import { SynsetStore } from '../semantics/synsets.js';
import { WsdModel } from '../semantics/wsd-model.js';
import { parseFrameworkData, parseGoldKeys } from './wsd-framework.js';

const USAGE = 'usage: textlens eval wsd --data X.data.xml --gold X.gold.key.txt [--out FILE] [--models DIR]';

export interface WsdAnswer {
  id: string;
  pos: WordNetPos;
  /** The system's sense key; undefined when WordNet has no sense for the lemma. */
  key?: string;
  /** WordNet's first sense of the lemma. */
  firstSense?: string;
}

/** Answers every instance of framework data with the shipped (or given) model. */
export function answerFramework(store: SynsetStore, model: WsdModel, xml: string, file: string): WsdAnswer[] {
  const answers: WsdAnswer[] = [];
  for (const doc of parseFrameworkData(xml, file)) {
    const targets: SenseTarget[] = [];
    const ids: string[] = [];
    doc.sentences.forEach((sentence, s) =>
      sentence.forEach((tok, i) => {
        if (tok.instanceId === undefined) return;
        if (tok.pos === undefined) {
          answers.push({ id: tok.instanceId, pos: 'n' });
          return;
        }
        targets.push({ sentence: s, first: i, last: i, lemma: tok.lemma.replaceAll(' ', '_'), pos: tok.pos });
        ids.push(tok.instanceId);
      }),
    );
    const dists = disambiguate(store, model, doc.sentences, targets);
    targets.forEach((t, k) => {
      const d = dists[k];
      const answer: WsdAnswer = { id: ids[k], pos: t.pos };
      if (d) {
        let best = 0;
        for (let c = 1; c < d.probabilities.length; c++) if (d.probabilities[c] > d.probabilities[best]) best = c;
        answer.key = store.senseKey(t.lemma, d.synsets[best]);
        answer.firstSense = store.senseKey(t.lemma, d.synsets[0]);
      }
      answers.push(answer);
    });
  }
  return answers;
}

export interface PrfScores {
  instances: number;
  answered: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

export function scoreAnswers(answers: readonly WsdAnswer[], gold: Map<string, string[]>, pick: (a: WsdAnswer) => string | undefined): PrfScores {
  let answered = 0;
  let correct = 0;
  for (const a of answers) {
    const key = pick(a);
    if (key === undefined) continue;
    answered++;
    if (gold.get(a.id)?.includes(key)) correct++;
  }
  const instances = answers.length;
  const precision = answered === 0 ? 0 : correct / answered;
  const recall = instances === 0 ? 0 : correct / instances;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { instances, answered, correct, precision, recall, f1 };
}

const POS_NAMES: Record<WordNetPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export async function wsdCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { data: { type: 'string' }, gold: { type: 'string' }, out: { type: 'string' }, models: { type: 'string' } },
    strict: true,
  });
  if (!values.data || !values.gold) throw new Error(`textlens eval wsd: --data and --gold are required\n${USAGE}`);
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
