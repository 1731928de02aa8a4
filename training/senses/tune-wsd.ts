/**
 * Dev sweeps of the WSD model's scoring weights without a rebuild: loads the
 * shipped model (or WSD_MODELS), applies each parameter set given as a JSON
 * argument over meta.json's (`byPos` merged per part of speech), and prints
 * F1 per part of speech on SemEval-2007 and the SemCor dev files that the
 * build writes to training/out/senses/. For exploring a new feature block
 * before it goes into train.ts's search.
 *
 *   node --import tsx training/senses/tune-wsd.ts '{"lambdaDoc":0.02}' '{"byPos":{"n":{"lambdaDoc":0.05}}}'
 *
 * `--fair-rank` scores the SemCor dev files with the prior's sense rank taken from the SemCor-train
 * counts (WsdParams.rankByCounts) instead of WordNet's sense order, which was counted on all of SemCor,
 * dev files included: it measures the model as it meets text WordNet's order was not counted on (the
 * fields are then named semcorfair…). SemEval-2007 keeps WordNet's order (its texts are not in SemCor).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { answerFramework, scoreAnswers } from '../../src/eval/wsd.js';
import { parseGoldKeys } from '../../src/eval/wsd-framework.js';
import { SENSES_DIR, SynsetStore } from '../../src/semantics/synsets.js';
import { SenseEmbeddings } from '../../src/semantics/wsd-sense-vectors.js';
import { WsdModel, type WsdParams } from '../../src/semantics/wsd-model.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
const sets = [
  ['se07', join(DATA, 'wsd-dev/semeval2007/semeval2007.data.xml'), join(DATA, 'wsd-dev/semeval2007/semeval2007.gold.key.txt')],
  ['semcor', join(root, 'training/out/senses/semcor-dev.data.xml'), join(root, 'training/out/senses/semcor-dev.gold.key.txt')],
].map(([name, data, gold]) => ({ name, xml: readFileSync(data, 'utf8'), gold: parseGoldKeys(readFileSync(gold, 'utf8')) }));

const loader = fileLoader(process.env.WSD_MODELS);
// Both tables of word vectors at hand, so that a sweep can weigh either (WsdParams.embVectors).
const [store, own, sharedVectors, senseEmbeddings] = await Promise.all([
  SynsetStore.load(loader),
  WsdModel.loadWithVectors(loader),
  loadWordVectors(loader),
  // The sense embeddings where the directory has them, so that a sweep can weigh them (λ_sense) before meta.json does.
  SenseEmbeddings.read(loader, SENSES_DIR),
]);
const shipped = own.withSharedVectors(sharedVectors).withSenseEmbeddings(senseEmbeddings);
/** The shipped model's weights under other scoring parameters (the model keeps no state that depends on them beyond its tables). */
function withParams(over: Partial<WsdParams>): WsdModel {
  const base = shipped.params;
  const byPos: WsdParams['byPos'] = { ...base.byPos };
  for (const [pos, p] of Object.entries(over.byPos ?? {})) byPos[pos as WordNetPos] = { ...base.byPos?.[pos as WordNetPos], ...p };
  const params: WsdParams = { ...base, ...over, byPos };
  return shipped.withParams(params);
}

const fairRank = process.argv.includes('--fair-rank');
const args = process.argv.slice(2).filter((a) => a !== '--fair-rank');
for (const arg of args.length > 0 ? args : ['{}']) {
  const over = JSON.parse(arg) as Partial<WsdParams>;
  const model = withParams(over);
  const fields: string[] = [];
  for (const set of sets) {
    const fair = fairRank && set.name === 'semcor';
    const name = fair ? 'semcorfair' : set.name;
    const answers = answerFramework(store, fair ? withParams({ ...over, rankByCounts: true }) : model, set.xml, set.name);
    fields.push(`${name}=${(100 * scoreAnswers(answers, set.gold, (a) => a.key).f1).toFixed(2)}`);
    for (const pos of ['n', 'v', 'a', 'r'] as WordNetPos[]) {
      const subset = answers.filter((a) => a.pos === pos);
      if (subset.length > 0) fields.push(`${name}_${pos}=${(100 * scoreAnswers(subset, set.gold, (a) => a.key).f1).toFixed(2)}`);
    }
  }
  process.stdout.write(`${arg} ${fields.join(' ')}\n`);
}
