/**
 * The sense model's discriminative correction (src/semantics/wsd-local.ts):
 * writes SemCor-train's sense-tagged verbs, adjectives and adverbs of
 * polysemous lemmas with their features (src/semantics/wsd-local-features.ts)
 * to training/out/senses/local-instances.txt and runs local.py on them, which
 * writes models/senses/wsd-local.bin. Run by `npm run train -- senses`;
 * alone (the synset store of models/senses):
 *
 *   node --import tsx training/senses/local.ts
 *
 * Nouns get none: on SemCor dev every weight of the term lowered them (the
 * naive Bayes with the document's bag leans on the prior there, and the
 * regression's sharper guesses cost more than they fix; see the model card).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { SynsetStore } from '../../src/semantics/synsets.js';
import { SynsetStore as Store } from '../../src/semantics/synsets.js';
import { WSD_LOCAL_FILE } from '../../src/semantics/wsd-local.js';
import { localFeatures, localSentence } from '../../src/semantics/wsd-local-features.js';
import { runPythonStep } from './python-step.js';
import { readSemcorSplit, type SemcorDoc } from './semcor.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The parts of speech that get classifiers. */
export const LOCAL_POS: readonly WordNetPos[] = ['v', 'a', 'r'];

/** One line per training instance: `pos:lemma TAB senses TAB gold indexes TAB feature hashes`. */
export function localInstances(store: SynsetStore, docs: readonly SemcorDoc[]): string[] {
  const lines: string[] = [];
  for (const doc of docs) {
    for (const sentence of doc.sentences) {
      let local: ReturnType<typeof localSentence> | undefined;
      sentence.forEach((tok, i) => {
        if (tok.pos === undefined || !LOCAL_POS.includes(tok.pos) || tok.keys.length === 0) return;
        const senses = store.senses(tok.lemma, tok.pos);
        if (senses === undefined || senses.synsets.length < 2) return;
        const gold: number[] = [];
        senses.synsets.forEach((synset, k) => {
          const key = store.senseKey(tok.lemma, synset);
          if (key !== undefined && tok.keys.includes(key)) gold.push(k);
        });
        if (gold.length === 0) return;
        local ??= localSentence(sentence);
        const features = localFeatures(local, i, i, tok.lemma);
        lines.push(`${tok.pos}:${tok.lemma}\t${senses.synsets.length}\t${gold.join(',')}\t${features.join(' ')}`);
      });
    }
  }
  return lines;
}

/** Writes the instances and runs local.py; returns the classifiers file's path. */
export function trainLocal(store: SynsetStore, semcorTrain: readonly SemcorDoc[], outDir: string): string {
  // WSD_WORK: another scratch directory, so that builds into other WSD_OUT directories can run side by side.
  const work = process.env.WSD_WORK ?? join(root, 'training/out/senses');
  mkdirSync(work, { recursive: true });
  const instances = join(work, 'local-instances.txt');
  const lines = localInstances(store, semcorTrain);
  writeFileSync(instances, lines.join('\n') + '\n');
  process.stdout.write(`local classifiers: ${lines.length} training instances\n`);
  const out = join(outDir, WSD_LOCAL_FILE);
  runPythonStep('local.py', [instances, out]);
  return out;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const data = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
  const store = await Store.load(fileLoader());
  const { train } = readSemcorSplit(data);
  trainLocal(store, train, process.env.WSD_OUT ?? join(root, 'models/senses'));
}
