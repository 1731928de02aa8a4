/**
 * Trains a language pack's model of ambiguous contractions
 * (src/language-packs/ambiguous-contractions.ts): for each surface form that
 * the language's UD training treebanks write as a multiword token in some
 * sentences and as one word in others (each reading at least
 * MIN_MINORITY_SHARE of its occurrences), a logistic regression over the
 * neighbouring surface words, L2 strength chosen on the dev treebanks.
 *
 *   npm run train -- contractions --lang fra [--out models/fra/contractions.json]
 *
 * Deterministic (full-batch gradient descent from zero weights). Reads
 * ../shared/data/ud-multilingual (or TEXTLENS_DATA).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parseConllu, surfaceTokens } from '../../src/eval/conllu.js';
import { contractionFeatures, type AmbiguousForm, type ContractionModel } from '../../src/language-packs/ambiguous-contractions.js';

/** Train and dev treebanks per language (files of ud-multilingual/<dir>/). */
const DATA: Record<string, { dir: string; train: string[]; dev: string[] }> = {
  fra: {
    dir: 'fr',
    train: ['fr_sequoia-ud-train', 'fr_rhapsodie-ud-train', 'fr_rhapsodie-ud-dev', 'fr_rhapsodie-ud-test', 'fr_fqb-ud-test'],
    dev: ['fr_sequoia-ud-dev', 'fr_gsd-ud-dev'],
  },
};

/** A form is learned only when its rarer reading has at least this share of its occurrences (and MIN_EXAMPLES in all). */
const MIN_MINORITY_SHARE = 0.1;
const MIN_EXAMPLES = 100;
const EPOCHS = 2000;
const LEARNING_RATE = 0.5;
const L2_GRID = [1e-4, 3e-4, 1e-3, 3e-3, 1e-2];
/** Weights smaller than this are left out of the shipped file. */
const PRUNE = 1e-3;

interface Example {
  features: string[];
  split: boolean;
  parts: string[];
}

/** Every surface token of the files, with its context features and whether the treebank splits it. */
function examples(dataDir: string, dir: string, files: string[]): Map<string, Example[]> {
  const out = new Map<string, Example[]>();
  for (const f of files) {
    const sentences = parseConllu(gunzipSync(readFileSync(join(dataDir, 'ud-multilingual', dir, `${f}.conllu.gz`))).toString('utf8'));
    for (const s of sentences) {
      const tokens = surfaceTokens(s);
      const forms = tokens.map((t) => t.form);
      tokens.forEach((t, k) => {
        const key = t.form.toLowerCase();
        let list = out.get(key);
        if (!list) out.set(key, (list = []));
        const parts = s.words.slice(t.firstWord, t.lastWord + 1).map((w) => w.form.toLowerCase());
        list.push({ features: contractionFeatures(forms, k), split: t.multiword, parts });
      });
    }
  }
  return out;
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function train(data: readonly Example[], l2: number): { bias: number; weights: Map<string, number> } {
  const index = new Map<string, number>();
  for (const e of data) for (const f of e.features) if (!index.has(f)) index.set(f, index.size);
  const rows = data.map((e) => e.features.map((f) => index.get(f)!));
  const w = new Float64Array(index.size);
  let bias = 0;
  const grad = new Float64Array(index.size);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    grad.fill(0);
    let gBias = 0;
    rows.forEach((r, i) => {
      let z = bias;
      for (const j of r) z += w[j]!;
      const err = sigmoid(z) - (data[i]!.split ? 1 : 0);
      gBias += err;
      for (const j of r) grad[j]! += err;
    });
    const n = rows.length;
    bias -= (LEARNING_RATE * gBias) / n;
    for (let j = 0; j < w.length; j++) w[j]! -= LEARNING_RATE * (grad[j]! / n + l2 * w[j]!);
  }
  const weights = new Map<string, number>();
  for (const [f, j] of index) weights.set(f, w[j]!);
  return { bias, weights };
}

function accuracy(model: { bias: number; weights: Map<string, number> }, data: readonly Example[]): number {
  let right = 0;
  for (const e of data) {
    let z = model.bias;
    for (const f of e.features) z += model.weights.get(f) ?? 0;
    if (z > 0 === e.split) right++;
  }
  return data.length ? right / data.length : 0;
}

function main(): void {
  const { values } = parseArgs({ options: { lang: { type: 'string', default: 'fra' }, out: { type: 'string' } } });
  const lang = values.lang!;
  const spec = DATA[lang];
  if (!spec) throw new Error(`no treebanks configured for '${lang}' (known: ${Object.keys(DATA).join(', ')})`);
  const dataDir = process.env.TEXTLENS_DATA ?? join(process.cwd(), '..', 'shared', 'data');
  const out = values.out ?? join('models', lang, 'contractions.json');

  const trainSet = examples(dataDir, spec.dir, spec.train);
  const devSet = examples(dataDir, spec.dir, spec.dev);
  const model: ContractionModel & { trainedOn: string[]; dev: Record<string, unknown> } = { forms: {}, trainedOn: spec.train, dev: {} };
  for (const [form, list] of [...trainSet].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const split = list.filter((e) => e.split);
    const minority = Math.min(split.length, list.length - split.length);
    if (list.length < MIN_EXAMPLES || minority / list.length < MIN_MINORITY_SHARE) continue;
    const dev = devSet.get(form) ?? [];
    const devSplit = dev.filter((e) => e.split).length;
    const keepWhole = dev.length ? (dev.length - devSplit) / dev.length : 0;
    let best = { l2: L2_GRID[0]!, acc: -1 };
    for (const l2 of L2_GRID) {
      const acc = accuracy(train(list, l2), dev);
      console.log(`${form}: l2 ${l2} dev accuracy ${(100 * acc).toFixed(2)}`);
      if (acc > best.acc) best = { l2, acc };
    }
    const fitted = train(list, best.l2);
    // The parts: the treebank's most frequent split of the form.
    const counts = new Map<string, number>();
    for (const e of split) counts.set(e.parts.join(' '), (counts.get(e.parts.join(' ')) ?? 0) + 1);
    const parts = [...counts].sort((a, b) => b[1] - a[1])[0]![0].split(' ');
    const weights: Record<string, number> = {};
    for (const [f, v] of [...fitted.weights].sort(([a], [b]) => (a < b ? -1 : 1))) if (Math.abs(v) >= PRUNE) weights[f] = Math.round(v * 1000) / 1000;
    const entry: AmbiguousForm = { parts, bias: Math.round(fitted.bias * 1000) / 1000, weights };
    model.forms[form] = entry;
    model.dev[form] = {
      examples: dev.length,
      accuracy: Number((100 * best.acc).toFixed(2)),
      alwaysWhole: Number((100 * keepWhole).toFixed(2)),
      alwaysSplit: Number((100 * (1 - keepWhole)).toFixed(2)),
      l2: best.l2,
      trainExamples: list.length,
      trainSplit: split.length,
    };
    console.log(`${form}: ${list.length} train (${split.length} split), dev ${dev.length}: accuracy ${(100 * best.acc).toFixed(2)} (always whole ${(100 * keepWhole).toFixed(2)}), ${Object.keys(weights).length} weights`);
  }
  writeFileSync(out, JSON.stringify(model, null, 1) + '\n');
  console.log(`wrote ${out}`);
}

main();
