/**
 * Trains the linker's NIL decision (src/linking/nil.ts) and writes it into
 * the ranker's file as its `nil` field:
 *   npx tsx training/linker/nil.ts [--data ../shared/data] [--model models/kb/linker.json] [--target 0.65] [--aida-weight 10] [--aida-loss 0.005] [--cache DIR] [--dry-run] [--sweep] [--errors] [--dump FILE]
 *
 * Examples: the linker's end-to-end choices (NER mentions and alias
 * matches, each span's ranker choice over the ranker threshold) with their
 * NIL features, labelled right or wrong by gold:
 * - AIDA-CoNLL train, with leave-one-document-out KB statistics
 *   (leave-out.ts): a choice on a --NME-- span or on a span without a gold
 *   mention is wrong, one with the gold title right;
 * - the ELEVANT dev sets and GUM dev, counted the ELEVANT way (a choice on
 *   an optional or coreference span with the right QID, or of an entity
 *   without a QID, is no example);
 * - test/fixtures/everyday-entities.jsonl.
 * Choices refused by a hard gate (nil.ts, vetoReason) are no examples.
 * Each dev set weighs the same, AIDA as much as --aida-weight dev sets.
 *
 * The threshold is chosen on cross-validated probabilities (each dev set
 * predicted by a model trained without it, AIDA by four folds of its
 * documents): the one with the best macro F1 of the choices over the dev
 * sets whose precision on every dev set is at least --target. Prints the
 * per-set figures and the reliability curve (precision by confidence
 * bucket) of the cross-validated probabilities.
 *
 * Then a threshold per mention shape (src/linking/nil.ts, nilGroup: a
 * demonym, a one-token PER, ORG or LOC name, the rest), by coordinate ascent
 * from that threshold with the same rule and AIDA testa bound, fit on the dev
 * sets' even documents (and AIDA); the odd documents are kept to check it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAida } from '../../src/linking/aida.js';
import { entityContexts } from '../../src/linking/context.js';
import { aidaDoc, goldEntity, readElevant, readGum, gumConllu } from '../../src/eval/el.js';
import { readEntityJsonl } from '../../src/eval/el-jsonl.js';
import type { QidDocument } from '../../src/eval/qid-document.js';
import { goldMentions, labelsBySpan } from '../../src/eval/elevant-count.js';
import { loadLinker, linkDecisions, type Linker } from '../../src/annotators/linker.js';
import { loadMentionRecognizer } from '../../src/eval/recognizer.js';
import { recognizeDoc } from '../../src/annotators/ner.js';
import { createSegmenter } from '../../src/doc/sentences.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { Doc, Mention } from '../../src/doc/doc.js';
import type { LinkerModel } from '../../src/linking/features.js';
import { linkProbability, NIL_FEATURES, NIL_GROUPS, nilGroup, type NilGroup, type NilModel } from '../../src/linking/nil.js';
import { leaveDocumentOut } from './leave-out.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const data = resolve(opt('--data', '../shared/data'));
const modelFile = resolve(opt('--model', 'models/kb/linker.json'));
const target = Number(opt('--target', '0.65'));
/** AIDA train's total weight, in dev sets (each dev set weighs 1). */
const aidaWeight = Number(opt('--aida-weight', '10'));
const cacheDir = args.includes('--cache') ? resolve(opt('--cache', '')) : undefined;
const ELEVANT_DEV = ['news-fair-v2-dev', 'wiki-fair-v2-dev', 'oke-2015-eval', 'oke-2015-train', 'oke-2016-train', 'derczynski', 'spotlight'];

interface Example {
  set: string;
  /** AIDA: document index (for folds). */
  doc: number;
  x: number[];
  y: 0 | 1;
  /** Mention → entity (gold), for --errors. */
  note: string;
}

const loader = fileLoader();
const model = JSON.parse(readFileSync(modelFile, 'utf8')) as LinkerModel & { trained?: unknown };
const linker: Linker = await loadLinker(loader, undefined, { ...model, nil: undefined });
const ner = await loadMentionRecognizer(undefined, () => loader);
const segmenter = await createSegmenter(loader);

/** NER mentions of a set's documents, cached on disk when --cache is given (NER is the slow part). */
async function mentionsOf(set: string, docs: readonly Doc[]): Promise<Mention[][]> {
  const file = cacheDir ? join(cacheDir, `${set}.mentions.json`) : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Mention[][];
  const out: Mention[][] = [];
  for (const d of docs) out.push(await recognizeDoc(ner, d));
  if (file) {
    mkdirSync(cacheDir as string, { recursive: true });
    writeFileSync(file, JSON.stringify(out));
  }
  return out;
}

const golds = new Map<string, number>();

async function qidExamples(set: string, docs: QidDocument[]): Promise<Example[]> {
  const mentions = await mentionsOf(set, docs.map((q) => q.doc));
  const out: Example[] = [];
  let gold = 0;
  docs.forEach((q, di) => {
    const doc = q.doc;
    doc.mentions = mentions[di];
    gold += goldMentions([...doc.text], q.gold).length;
    const labelsAt = labelsBySpan([...doc.text], q.gold);
    const { spans, links } = linkDecisions(linker, doc, false);
    links.forEach((l, i) => {
      const c = l.choice;
      if (!c || c.veto) return;
      const s = doc.start[spans[i].start];
      const t = doc.end[spans[i].end - 1];
      if (s < q.span[0] || t > q.span[1] || !c.candidate.entity.qid) return;
      // Right when a label on the span names the entity (one of a tree's alternatives will do).
      const here = labelsAt(s, t);
      const g = here.find((x) => x.qid === c.candidate.entity.qid) ?? here[0];
      const inside = g ? undefined : q.gold.find((x) => x.start < t && s < x.end);
      const where = g ? g.qid || 'NIL' : inside ? `inside "${[...doc.text].slice(inside.start, inside.end).join('')}" ${inside.qid || 'NIL'}` : 'none';
      const note = `${spans[i].text} → ${c.candidate.entity.title ?? c.candidate.entity.qid} (gold ${where}; ${spans[i].label ?? 'alias'})`;
      if (g && g.qid === c.candidate.entity.qid) {
        if (!g.optional) out.push({ set, doc: di, x: c.features, y: 1, note });
      } else out.push({ set, doc: di, x: c.features, y: 0, note });
    });
  });
  golds.set(set, gold);
  return out;
}

/**
 * AIDA choices: train (set 'aida-train', leave-one-document-out KB
 * statistics), or testa (set 'aida-testa': never trained on, reported to
 * watch the end-to-end F1 the ranker was tuned for).
 */
async function aidaExamples(split: 'train' | 'testa'): Promise<Example[]> {
  const set = `aida-${split}`;
  const train = parseAida(
    readFileSync(join(data, 'aida-conll', `AIDA-YAGO2-dataset.${split}.tsv`), 'utf8'),
    readFileSync(join(data, 'conll2003', `eng.${split}`), 'utf8'),
  );
  const ctx = split === 'train' ? entityContexts(train) : undefined;
  const docs = train.map(aidaDoc);
  const mentions = await mentionsOf(set, docs);
  const out: Example[] = [];
  let gold = 0;
  train.forEach((d, di) => {
    const doc = docs[di];
    doc.mentions = mentions[di];
    const goldAt = new Map<string, (typeof d.mentions)[number]>();
    for (const m of d.mentions) {
      goldAt.set(`${m.start}:${m.end}`, m);
      if (m.title) gold++;
    }
    const { spans, links } = linkDecisions(linker, doc, false, ctx && leaveDocumentOut(linker.kb, ctx, d));
    links.forEach((l, i) => {
      const c = l.choice;
      if (!c || c.veto || !c.candidate.entity.title) return;
      const g = goldAt.get(`${spans[i].start}:${spans[i].end}`);
      const right = g?.title !== undefined && goldEntity(linker.kb, g)?.id === c.candidate.entity.id;
      const note = `${spans[i].text} → ${c.candidate.entity.title} (gold ${g ? (g.title ?? 'NME') : 'none'}; ${spans[i].label ?? 'alias'})`;
      out.push({ set, doc: di, x: c.features, y: right ? 1 : 0, note });
    });
  });
  golds.set(set, gold);
  return out;
}

const t0 = Date.now();
const examples: Example[] = [];
for (const set of ELEVANT_DEV) {
  const docs = await readElevant(join(data, 'el-benchmarks-elevant', `${set}.benchmark.jsonl`), segmenter);
  examples.push(...(await qidExamples(set, docs)));
}
const gumDir = join(data, 'gum-entities');
const conllu = gumConllu(gumDir, 'dev');
if (conllu) examples.push(...(await qidExamples('gum-dev', readGum(gumDir, conllu, 'dev'))));
examples.push(...(await qidExamples('everyday', await readEntityJsonl(resolve('test/fixtures/everyday-entities.jsonl'), segmenter))));
examples.push(...(await aidaExamples('train')), ...(await aidaExamples('testa')));
const devSets = [...new Set(examples.map((e) => e.set))].filter((s) => !s.startsWith('aida-'));
process.stderr.write(`collected ${examples.length} choices in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
for (const s of [...devSets, 'aida-train', 'aida-testa']) {
  const xs = examples.filter((e) => e.set === s);
  process.stderr.write(`  ${s}: ${xs.length} choices, ${xs.filter((e) => e.y === 1).length} right, gold ${golds.get(s)}\n`);
}

/** Example weights: each dev set the same, AIDA train --aida-weight times as much. */
function weightsOf(exs: readonly Example[]): number[] {
  const n = new Map<string, number>();
  for (const e of exs) n.set(e.set, (n.get(e.set) ?? 0) + 1);
  const dev = [...n.keys()].filter((s) => s !== 'aida-train').length;
  return exs.map((e) => (e.set === 'aida-train' ? aidaWeight || Math.max(1, dev) : 1) / (n.get(e.set) as number));
}

/** L2-regularized logistic regression, full-batch Adam. */
function fit(exs: readonly Example[]): number[] {
  const dim = NIL_FEATURES.length;
  const sw = weightsOf(exs);
  const total = sw.reduce((a, b) => a + b, 0);
  const w = new Array<number>(dim).fill(0);
  const m1 = new Array<number>(dim).fill(0);
  const m2 = new Array<number>(dim).fill(0);
  const L2 = 1e-3;
  for (let it = 1; it <= 600; it++) {
    const g = new Array<number>(dim).fill(0);
    exs.forEach((e, i) => {
      let s = 0;
      for (let k = 0; k < dim; k++) s += w[k] * e.x[k];
      const coef = (sw[i] * (1 / (1 + Math.exp(-s)) - e.y)) / total;
      for (let k = 0; k < dim; k++) g[k] += coef * e.x[k];
    });
    for (let k = 0; k < dim; k++) {
      const gk = g[k] + (k === 0 ? 0 : L2 * w[k]);
      m1[k] = 0.9 * m1[k] + 0.1 * gk;
      m2[k] = 0.999 * m2[k] + 0.001 * gk * gk;
      w[k] -= (0.05 * (m1[k] / (1 - 0.9 ** it))) / (Math.sqrt(m2[k] / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  return w;
}

const nilOf = (weights: number[], threshold = 0.5): NilModel => ({ features: [...NIL_FEATURES], weights, threshold });

// Cross-validated probabilities: each dev set by a model trained without it, AIDA by four folds of documents.
const cv = new Array<number>(examples.length).fill(0);
for (const held of [...devSets, 'aida-0', 'aida-1', 'aida-2', 'aida-3']) {
  const isHeld = (e: Example) => (held.startsWith('aida-') ? e.set === 'aida-train' && `aida-${e.doc % 4}` === held : e.set === held);
  const w = fit(examples.filter((e) => !isHeld(e) && e.set !== 'aida-testa'));
  examples.forEach((e, i) => {
    if (isHeld(e)) cv[i] = linkProbability(nilOf(w), e.x);
  });
}

const pct = (x: number) => (100 * x).toFixed(1);

{
  const w = fit(examples.filter((e) => e.set !== 'aida-testa'));
  examples.forEach((e, i) => {
    if (e.set === 'aida-testa') cv[i] = linkProbability(nilOf(w), e.x);
  });
}

/**
 * Per set scores of the choices whose probability reaches the threshold, `t`
 * one for all or one per mention shape; `half` (0 or 1) scores only the dev
 * sets' documents of that parity (recall against half their gold).
 */
function scoreAt(t: number | Partial<Record<NilGroup, number>>, probs: readonly number[], half?: 0 | 1) {
  const per: Record<string, { p: number; r: number; f1: number; links: number }> = {};
  const least = (e: Example) => (typeof t === 'number' ? t : (t[nilGroup(e.x)] ?? 0));
  for (const s of [...devSets, 'aida-train', 'aida-testa']) {
    let tp = 0;
    let n = 0;
    const halved = half !== undefined && !s.startsWith('aida-');
    examples.forEach((e, i) => {
      if (e.set !== s || probs[i] < least(e) || (halved && e.doc % 2 !== half)) return;
      n++;
      tp += e.y;
    });
    const p = n ? tp / n : 0;
    const r = tp / Math.max(1, (golds.get(s) ?? 0) / (halved ? 2 : 1));
    per[s] = { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0, links: n };
  }
  const macro = devSets.reduce((a, s) => a + per[s].f1, 0) / devSets.length;
  const minP = Math.min(...devSets.filter((s) => per[s].links > 0).map((s) => per[s].p));
  const macroP = devSets.reduce((a, s) => a + per[s].p, 0) / devSets.length;
  return { per, macro, minP, macroP };
}

if (args.includes('--sweep')) {
  for (let t = 0.3; t <= 0.951; t += 0.05) {
    const s = scoreAt(t, cv);
    process.stderr.write(`${t.toFixed(2)} macro ${pct(s.macro)} P ${pct(s.macroP)} | ${Object.entries(s.per).map(([k, v]) => `${k.slice(0, 8)} ${pct(v.p)}/${pct(v.r)}`).join(' ')}\n`);
  }
}

// AIDA testa end to end is what the ranker was tuned for: the NIL decision may cost it at most
// --aida-loss F1 points (choice level). Among those thresholds, the one with the highest least precision
// over the dev sets, and at least --target there if some threshold reaches it with the best macro F1.
const aidaLoss = Number(opt('--aida-loss', '0.005'));
const testaF1 = scoreAt(0, examples.map(() => 1)).per['aida-testa'].f1;
let best = { t: 0.05, minP: -1, macro: -1 };
for (let t = 0.05; t <= 0.951; t += 0.01) {
  const s = scoreAt(t, cv);
  if (s.per['aida-testa'].f1 < testaF1 - aidaLoss) continue;
  const better = s.minP >= target ? best.minP < target || s.macro > best.macro : s.minP > best.minP;
  if (better) best = { t: Math.round(t * 100) / 100, minP: s.minP, macro: s.macro };
}
if (best.minP < target) process.stderr.write(`no threshold reaches precision ${target} on every dev set within the AIDA testa bound; the best least precision is ${pct(best.minP)}\n`);
const report = (name: string, probs: readonly number[], t: number | Partial<Record<NilGroup, number>>) => {
  const s = scoreAt(t, probs);
  process.stderr.write(`${name} at ${typeof t === 'number' ? t : JSON.stringify(t)}: macro F1 over dev sets ${pct(s.macro)}, least precision ${pct(s.minP)}\n`);
  for (const [k, v] of Object.entries(s.per)) process.stderr.write(`  ${k}: P ${pct(v.p)} R ${pct(v.r)} F1 ${pct(v.f1)} (${v.links} links)\n`);
  return s;
};
report('without the NIL decision (every choice)', examples.map(() => 1), 0);
const chosen = report('cross-validated', cv, best.t);

// Thresholds per mention shape (nilGroup), fit on the dev sets' even documents and AIDA, by coordinate ascent from the
// shared threshold with the same rule and AIDA testa bound; the odd documents are kept to check them.
const objective = (s: ReturnType<typeof scoreAt>) => [Math.min(s.minP, target), s.macro] as const;
const groupThresholds = fitGroupThresholds(0);
function fitGroupThresholds(half: 0 | 1): Record<NilGroup, number> {
  const th = Object.fromEntries(NIL_GROUPS.map((g) => [g, best.t])) as Record<NilGroup, number>;
  const value = (t: Record<NilGroup, number>) => {
    const s = scoreAt(t, cv, half);
    return s.per['aida-testa'].f1 < testaF1 - aidaLoss ? ([-1, 0] as const) : objective(s);
  };
  let cur = value(th);
  for (let round = 0; round < 5; round++) {
    let moved = false;
    for (const g of NIL_GROUPS) {
      for (let k = 0; k <= 26; k++) {
        const v = Math.round((0.25 + 0.025 * k) * 1000) / 1000;
        const next = value({ ...th, [g]: v });
        if (next[0] > cur[0] || (next[0] === cur[0] && next[1] > cur[1])) {
          th[g] = v;
          cur = next;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return th;
}
process.stderr.write(`thresholds per mention shape (fit on the dev sets' even documents and AIDA): ${JSON.stringify(groupThresholds)}\n`);
for (const half of [0, 1] as const) {
  const one = scoreAt(best.t, cv, half);
  const per = scoreAt(groupThresholds, cv, half);
  const sets = (s: ReturnType<typeof scoreAt>) => devSets.map((k) => `${k} ${pct(s.per[k].p)}`).join(', ');
  process.stderr.write(
    `  ${half ? 'odd documents (check)' : 'even documents (fit)'}: one threshold least P ${pct(one.minP)} macro F1 ${pct(one.macro)} [${sets(one)}]; per shape least P ${pct(per.minP)} macro F1 ${pct(per.macro)} [${sets(per)}]\n`,
  );
}
const shaped = report('cross-validated, thresholds per mention shape', cv, groupThresholds);

// Reliability: precision of the cross-validated probabilities by bucket, dev sets pooled and AIDA train.
const buckets = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001];
const reliability: Record<string, { bucket: string; links: number; precision: number }[]> = {};
for (const group of ['dev', 'aida-train', 'aida-testa']) {
  reliability[group] = [];
  for (let b = 0; b + 1 < buckets.length; b++) {
    let n = 0;
    let tp = 0;
    examples.forEach((e, i) => {
      if ((group === 'dev') === e.set.startsWith('aida-') || (group !== 'dev' && e.set !== group) || cv[i] < buckets[b] || cv[i] >= buckets[b + 1]) return;
      n++;
      tp += e.y;
    });
    reliability[group].push({ bucket: `${buckets[b].toFixed(1)}–${Math.min(1, buckets[b + 1]).toFixed(1)}`, links: n, precision: n ? Math.round(1000 * (tp / n)) / 10 : 0 });
  }
}
process.stderr.write(`reliability (cross-validated): ${JSON.stringify(reliability, null, 1)}\n`);

if (args.includes('--errors')) {
  // The wrong choices the cross-validated model still links, per dev set.
  for (const s of devSets) {
    process.stderr.write(`wrong links kept, ${s}:\n`);
    examples.forEach((e, i) => {
      if (e.set === s && e.y === 0 && cv[i] >= best.t) process.stderr.write(`  ${cv[i].toFixed(2)} ${e.note}\n`);
    });
  }
}

if (args.includes('--dump')) {
  // Every choice with its features, label and cross-validated probability, one JSON line each: for error
  // classes and threshold studies outside this script.
  const lines = examples.map((e, i) => JSON.stringify({ set: e.set, doc: e.doc, y: e.y, q: Math.round(cv[i] * 1e4) / 1e4, note: e.note, x: e.x }));
  writeFileSync(resolve(opt('--dump', 'nil-choices.jsonl')), `${lines.join('\n')}\n`);
}

const final = fit(examples.filter((e) => e.set !== 'aida-testa'));
const nil = { ...nilOf(final.map((x) => Math.round(x * 1e4) / 1e4), best.t), groupThresholds, trained: {
  data: 'linker choices end to end: aida-conll train (leave-one-document-out KB statistics), ELEVANT dev sets, GUM dev, everyday set',
  target,
  aidaLoss,
  crossValidated: Object.fromEntries(Object.entries(chosen.per).map(([k, v]) => [k, { precision: pct(v.p), recall: pct(v.r), f1: pct(v.f1) }])),
  crossValidatedByShape: Object.fromEntries(Object.entries(shaped.per).map(([k, v]) => [k, { precision: pct(v.p), recall: pct(v.r), f1: pct(v.f1) }])),
  reliability,
} };
process.stderr.write(`weights: ${NIL_FEATURES.map((f, k) => `${f} ${nil.weights[k]}`).join(', ')}\n`);
if (!args.includes('--dry-run')) {
  writeFileSync(modelFile, `${JSON.stringify({ ...model, nil }, null, 1)}\n`);
  process.stderr.write(`wrote ${modelFile}\n`);
}
