/**
 * Trains the linker's conditional-logit ranker (src/linking/disambiguate.ts)
 * on aida-conll TRAIN gold mentions and tunes the link threshold on TESTA.
 *   npx tsx training/linker/train.ts [--data ../shared/data] [--kb models/kb/kb.sqlite] [--out models/kb/linker.json] [--threshold T] [--context-vectors] [--gum [--gum-weight W]]
 *
 * --context-vectors: features contextVector, descriptionVector and
 * noContextWords from the shared GloVe rows (models/vectors/,
 * src/linking/context-vectors.ts); without it they stay 0 and keep weight 0,
 * as in the shipped model (measured, not shipped: models/kb/MODEL_CARD.md,
 * "Context vectors").
 *
 * The shipped KB's priors and entity contexts were computed from the same
 * train documents, so each train document is featurized with its own
 * contribution left out (leave-out.ts). Otherwise the model would learn to
 * trust priors and contexts that are inflated on train.
 *
 * --gum: GUM train's wikified names as more examples (gum-train.ts), each
 * weighing W (default 1) against an AIDA mention's 1: text that is not
 * Reuters news, so the weights learn how far priors and contexts carry.
 *
 * The NIL decision on the ranker's choices is trained afterwards by nil.ts,
 * which reads this file's output and adds its `nil` field: run it after
 * every retraining of the ranker.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAida, type AidaDocument } from '../../src/linking/aida.js';
import { KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { entityContexts } from '../../src/linking/context.js';
import { leaveDocumentOut } from './leave-out.js';
import { readGumTrain, type GumDocument } from './gum-train.js';
import { gumConllu } from '../../src/eval/el.js';
import { contentWords } from '../../src/linking/stopwords.js';
import { DbpediaOntology } from '../../src/linking/ontology.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';
import { contextVectors } from '../../src/linking/context-vectors.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { addTopCoherence, candidateFeatures, FEATURE_NAMES, probabilities, type CandidateRows, type LinkerModel } from '../../src/linking/features.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
const data = resolve(opt('--data', '../shared/data'));
const kbFile = resolve(opt('--kb', 'models/kb/kb.sqlite'));
const out = resolve(opt('--out', 'models/kb/linker.json'));
const MAX_CANDIDATES = 30;

const read = (...p: string[]) => readFileSync(join(data, ...p), 'utf8');
const conll = (split: string) => (existsSync(join(data, 'conll2003', `eng.${split}`)) ? read('conll2003', `eng.${split}`) : undefined);
const train = parseAida(read('aida-conll', 'AIDA-YAGO2-dataset.train.tsv'), conll('train'));
const testa = parseAida(read('aida-conll', 'AIDA-YAGO2-dataset.testa.tsv'), conll('testa'));
const loader = fileLoader(defaultModelsDir);
const ontology = await DbpediaOntology.load(loader);
const vectors = args.includes('--context-vectors') ? contextVectors(await loadWordVectors(loader)) : undefined;
const kb = await KnowledgeBase.open(kbFile, { ontology });
const gumDir = join(data, 'gum-entities');
const gumFile = args.includes('--gum') ? gumConllu(gumDir, 'train') : undefined;
if (args.includes('--gum') && !gumFile) throw new Error(`--gum: no en_gum-ud-train.conllu beside ${gumDir}`);
const gum: GumDocument[] = gumFile ? readGumTrain(gumDir, gumFile) : [];
// The KB's GUM aliases count under the entity's title: the leave-out below finds a mention's own counts by it.
for (const d of gum) for (const m of d.mentions) if (m.qid) m.title = kb.entity(m.qid)?.title ?? m.title;
const gumWeight = Number(opt('--gum-weight', '1'));
const ctx = entityContexts(train);
const classContexts = classProfiles(train);

/**
 * Word profile of each DBpedia class: the content words of the train
 * documents that link an entity of the class (its most specific stored
 * class and every ancestor), idf-weighted, the top words of classes seen
 * in at least 15 documents.
 */
function classProfiles(docs: AidaDocument[]): Record<string, Record<string, number>> {
  const byClass = new Map<string, Map<string, number>>();
  const docsOf = new Map<string, number>();
  for (const d of docs) {
    const words = new Set(contentWords(d.tokens));
    const classes = new Set<string>();
    for (const m of d.mentions) {
      const e = m.title ? kb.entity(m.title) : undefined;
      for (const t of e?.dbpediaTypes ?? []) classes.add(t);
    }
    for (const c of classes) {
      docsOf.set(c, (docsOf.get(c) ?? 0) + 1);
      let wc = byClass.get(c);
      if (!wc) byClass.set(c, (wc = new Map()));
      for (const w of words) wc.set(w, (wc.get(w) ?? 0) + 1);
    }
  }
  const out: Record<string, Record<string, number>> = {};
  for (const [c, wc] of byClass) {
    if ((docsOf.get(c) ?? 0) < 15) continue;
    const n = docsOf.get(c) as number;
    // Words over-represented in the class's documents: share in class docs × idf.
    const scored: [string, number][] = [];
    for (const [w, k] of wc) if (k >= 3) scored.push([w, (k / n) * (ctx.idf.get(w) ?? 0)]);
    scored.sort((a, b) => b[1] - a[1]);
    out[c] = Object.fromEntries(scored.slice(0, 80).map(([w, v]) => [w, Math.round(v * 100) / 100]));
  }
  return out;
}

interface Example {
  rows: number[][];
  /** Index of the gold candidate, or -1 for NIL (no entity, or gold not among the candidates). */
  gold: number;
  linked: boolean;
  /** The example's weight in the loss (AIDA 1, GUM --gum-weight). */
  weight: number;
}

/**
 * Stage-1 feature rows of a document (KB statistics left out for train documents: AIDA's priors, counts
 * and contexts; GUM's alias counts only, since the entity contexts come from AIDA train alone).
 */
function docRows(doc: AidaDocument, leaveOut: 'aida' | 'gum' | false): CandidateRows[] {
  const mentions = doc.mentions.map((m) => ({ start: m.start, end: m.end, text: m.text, label: m.label }));
  if (!leaveOut) return candidateFeatures(kb, MAX_CANDIDATES, doc.tokens, mentions, { classContexts, contextVectors: vectors });
  const { prior, count, context } = leaveDocumentOut(kb, ctx, doc);
  const overrides = leaveOut === 'aida' ? { prior, count, context } : { prior, count };
  return candidateFeatures(kb, MAX_CANDIDATES, doc.tokens, mentions, { ...overrides, classContexts, contextVectors: vectors });
}

function examples(doc: AidaDocument | GumDocument, rows: CandidateRows[], weight = 1): Example[] {
  return rows.map((r, i) => {
    const m = doc.mentions[i];
    const qid = 'qid' in m ? m.qid : undefined;
    const gold = m.title ? r.entities.findIndex((e) => (qid ? e.qid === qid : e.title === m.title || (m.mid !== undefined && e.mid === m.mid))) : -1;
    return { rows: r.rows, gold, linked: !!m.title, weight };
  });
}

/** Conditional logit with a NIL option (score 0), L2-regularized, full-batch Adam; `frozen` features keep weight 0. */
function fit(exs: Example[], frozen: number[] = []): number[] {
  const dim = FEATURE_NAMES.length;
  const w = new Array<number>(dim).fill(0);
  const m1 = new Array<number>(dim).fill(0);
  const m2 = new Array<number>(dim).fill(0);
  const L2 = 1e-4;
  const total = exs.reduce((a, ex) => a + ex.weight, 0);
  for (let it = 1; it <= 400; it++) {
    const g = new Array<number>(dim).fill(0);
    let loss = 0;
    for (const ex of exs) {
      if (ex.rows.length === 0) continue;
      const p = probabilities(ex.rows, w);
      const pg = ex.gold >= 0 ? p[ex.gold] : 1 - p.reduce((a, b) => a + b, 0);
      loss -= ex.weight * Math.log(Math.max(pg, 1e-12));
      for (let j = 0; j < ex.rows.length; j++) {
        const coef = ex.weight * (p[j] - (j === ex.gold ? 1 : 0));
        for (let k = 0; k < dim; k++) g[k] += coef * ex.rows[j][k];
      }
    }
    for (let k = 0; k < dim; k++) {
      if (frozen.includes(k)) continue;
      const gk = g[k] / total + L2 * w[k];
      m1[k] = 0.9 * m1[k] + 0.1 * gk;
      m2[k] = 0.999 * m2[k] + 0.001 * gk * gk;
      w[k] -= (0.05 * (m1[k] / (1 - 0.9 ** it))) / (Math.sqrt(m2[k] / (1 - 0.999 ** it)) + 1e-8);
    }
    if (it % 100 === 0) process.stderr.write(`iter ${it} loss ${(loss / total).toFixed(4)}\n`);
  }
  return w;
}

const t0 = Date.now();
const trainRows = train.map((d) => docRows(d, 'aida'));
const devRows = testa.map((d) => docRows(d, false));
const gumRows = gum.map((d) => docRows(d, 'gum'));
const ex = (docs: AidaDocument[], rows: CandidateRows[][], weight = 1) => docs.flatMap((d, i) => examples(d, rows[i], weight));
const trainExamples = () => [...ex(train, trainRows), ...ex(gum, gumRows, gumWeight)];
process.stderr.write(`featurized ${train.length} train / ${testa.length} testa / ${gum.length} GUM train documents in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

const TOP = FEATURE_NAMES.indexOf('topCoherence');
process.stderr.write('stage 1\n');
const w1 = fit(trainExamples(), [TOP]);
for (const rows of [...trainRows, ...devRows, ...gumRows]) addTopCoherence(rows, w1);
process.stderr.write('stage 2\n');
const trainEx = trainExamples();
const devEx = ex(testa, devRows);
const w = fit(trainEx);

/** Accuracy on gold-linked mentions (top candidate = gold), and link P/R/F1 at a threshold. */
function score(exs: Example[], t: number) {
  let linked = 0;
  let top1 = 0;
  let predicted = 0;
  let correct = 0;
  for (const ex of exs) {
    const p = probabilities(ex.rows, w);
    let best = -1;
    for (let j = 0; j < p.length; j++) if (best < 0 || p[j] > p[best]) best = j;
    if (ex.linked) {
      linked++;
      if (best >= 0 && best === ex.gold) top1++;
    }
    if (best >= 0 && p[best] >= t) {
      predicted++;
      if (best === ex.gold && ex.linked) correct++;
    }
  }
  const P = predicted ? correct / predicted : 0;
  const R = linked ? correct / linked : 0;
  return { accuracy: top1 / linked, precision: P, recall: R, f1: P + R ? (2 * P * R) / (P + R) : 0 };
}

let bestT = 0;
let bestF = -1;
for (let t = 0; t <= 0.9; t += 0.02) {
  const s = score(devEx, t);
  if (s.f1 > bestF) (bestF = s.f1), (bestT = Math.round(t * 100) / 100);
}
// --threshold T: the end-to-end choice (sweep `textlens eval el --aida testa --threshold T`), else the gold-mention link F1 optimum.
if (args.includes('--threshold')) bestT = Number(opt('--threshold', String(bestT)));
const model: LinkerModel & { trained: Record<string, unknown> } = {
  features: [...FEATURE_NAMES],
  weights: w.map((x) => Math.round(x * 1e4) / 1e4),
  stage1: w1.map((x) => Math.round(x * 1e4) / 1e4),
  threshold: bestT,
  maxCandidates: MAX_CANDIDATES,
  classContexts,
  trained: {
    data: `aida-conll train (leave-one-document-out KB statistics)${gum.length ? `, GUM train's wikified names (${gum.length} documents, weight ${gumWeight})` : ''}; threshold ${args.includes('--threshold') ? 'given (end-to-end F1 sweep on testa)' : 'tuned on testa gold mentions'}`,
    train: score(trainEx, bestT),
    testa: score(devEx, bestT),
    ...(gum.length ? { gumTrain: score(ex(gum, gumRows, gumWeight), bestT) } : {}),
  },
};
writeFileSync(out, `${JSON.stringify(model, null, 1)}\n`);
process.stderr.write(`${JSON.stringify(model, null, 1)}\n`);
