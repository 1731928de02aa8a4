/**
 * The CaRB Open IE metric (Bhardwaj, Aggarwal & Mausam, EMNLP 2019), written
 * here from the description in ../shared/data/carb/README.md: sentence
 * alignment by a normalised key, binarised tuples, token-overlap precision
 * and recall per (gold, prediction) pair, then precision and recall at every
 * distinct confidence, the best F1 over those thresholds and the area under
 * the P–R curve. Plain CaRB is the "s,m" scheme: one-to-one (greedy) matching
 * for precision, best match per gold tuple for recall.
 *
 * Readers take the gold file (`sentence, relation, arg1, …`), CaRB's tab
 * format (`sentence, confidence, relation, arg1, …`) and OpenIE-5's own output
 * format; each throws a message naming the line when a file is not that format.
 */

/** One Open IE extraction, gold or predicted. */
export interface OieTuple {
  sentence: string;
  /** 1 for gold tuples. */
  confidence: number;
  relation: string;
  /** arg1 (subject) first, then the object and further arguments. */
  args: string[];
}

export interface CarbScore {
  /** Best F1 over all thresholds, and the precision/recall at that point (0..1). */
  f1: number;
  precision: number;
  recall: number;
  /** Area under the P–R curve, with the point (R=0, P=1) added (0..1). */
  auc: number;
  /** The confidence threshold where the best F1 is reached. */
  threshold: number;
  /** The whole curve, one point per distinct confidence, ascending. */
  curve: { threshold: number; precision: number; recall: number }[];
  goldSentences: number;
  goldTuples: number;
  /** Predictions whose sentence has a gold counterpart (the others are ignored). */
  alignedPredictions: number;
}

/** Tab-separated fields after the reference reader's whole-line trim (trailing empty fields vanish). */
function fields(line: string): string[] {
  return line.trim().split('\t');
}

/**
 * The gold file: `sentence <TAB> relation <TAB> arg1 [<TAB> arg2 …]`.
 * Context fields (`C: …`) are dropped; like the reference reader, any field
 * that contains `C: ` counts as one (one dev field has it mid-text).
 */
export function readCarbGold(text: string, name = 'gold file'): OieTuple[] {
  const out: OieTuple[] = [];
  text.split('\n').forEach((line, k) => {
    if (!line.trim()) return;
    const f = fields(line);
    if (f.length < 2) {
      throw new Error(`${name}, line ${k + 1}: expected 'sentence<TAB>relation<TAB>arg1…', found ${f.length} field(s)`);
    }
    const args = f.slice(2).filter((a) => !a.includes('C: ')).map((a) => a.trim());
    // the sentence is trimmed: copies that differ by a trailing space pool their tuples
    out.push({ sentence: f[0].trim(), confidence: 1, relation: f[1].trim(), args });
  });
  if (out.length === 0) throw new Error(`${name}: no gold tuples found`);
  return out;
}

/** CaRB's tab format: `sentence <TAB> confidence <TAB> relation <TAB> arg1 [<TAB> arg2 …]`. */
export function readCarbTabbed(text: string, name = 'extractions file'): OieTuple[] {
  const out: OieTuple[] = [];
  text.split('\n').forEach((line, k) => {
    if (!line.trim()) return;
    const f = fields(line);
    const confidence = f.length >= 3 ? Number(f[1]) : NaN;
    if (f.length < 3 || f[1].trim() === '' || !Number.isFinite(confidence)) {
      throw new Error(
        `${name}, line ${k + 1}: expected 'sentence<TAB>confidence<TAB>relation<TAB>arg1…' with a numeric confidence`,
      );
    }
    out.push({ sentence: f[0].trim(), confidence, relation: f[2].trim(), args: f.slice(3).map((a) => a.trim()) });
  });
  return out;
}

/** The text inside `Kind(text,List([a, b)))`, as the reference OpenIE-5 reader cuts it. */
function openie5Text(field: string, name: string, line: number): string {
  const open = field.indexOf('(');
  const close = field.indexOf(',List(');
  if (open < 0 || close < open) throw new Error(`${name}, line ${line}: '${field.slice(0, 60)}' is not an OpenIE-5 field like 'SimpleArgument(text,List([0, 4)))'`);
  return field.slice(open + 1, close);
}

/**
 * OpenIE-5's output: `confidence <TAB> context <TAB> arg1 <TAB> relation <TAB> args <TAB> sentence`,
 * args separated by `); `. Lines with an empty arg1, relation or args field are
 * skipped, and a context that does not already begin `arg1 relation` is put
 * in front of arg1, as the reference reader does.
 */
export function readOpenIe5(text: string, name = 'OpenIE-5 file'): OieTuple[] {
  const out: OieTuple[] = [];
  text.split('\n').forEach((line, k) => {
    if (!line.trim()) return;
    const f = fields(line);
    if (f.length < 6 || !Number.isFinite(Number(f[0]))) {
      throw new Error(`${name}, line ${k + 1}: expected 'confidence<TAB>context<TAB>arg1<TAB>relation<TAB>args<TAB>sentence'`);
    }
    if (!f[2] || !f[3] || !f[4]) return;
    let arg1 = openie5Text(f[2], name, k + 1);
    const relation = openie5Text(f[3], name, k + 1);
    const args = f[4].trim().split(');').map((a) => openie5Text(a, name, k + 1));
    if (f[1]) {
      const context = openie5Text(f[1], name, k + 1);
      if (!`${arg1} ${relation}`.startsWith(context)) arg1 = `${context} ${arg1}`;
    }
    out.push({ sentence: f[5], confidence: Number(f[0]), relation, args: [arg1, ...args] });
  });
  return out;
}

/** Reads a system's extractions in CaRB's tab format or OpenIE-5's format, told apart by the first line. */
export function readExtractions(text: string, name = 'extractions file'): OieTuple[] {
  const first = text.split('\n').find((l) => l.trim() !== '');
  if (first === undefined) return [];
  const f = first.split('\t');
  const looksOpenIe5 = f.length >= 6 && Number.isFinite(Number(f[0])) && /^\w+\(.*,List\(/.test(f[2]);
  return looksOpenIe5 ? readOpenIe5(text, name) : readCarbTabbed(text, name);
}

const PTB_ESCAPES: readonly [string, string][] = [
  ['(', '-LRB-'],
  [')', '-RRB-'],
  ['[', '-LSB-'],
  [']', '-RSB-'],
  ['{', '-LCB-'],
  ['}', '-RCB-'],
];
const ASCII_PUNCT = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** The key that pairs a gold and a system sentence: no spaces, PTB brackets unescaped, no ASCII punctuation. */
export function sentenceKey(sentence: string): string {
  let s = sentence.replaceAll(' ', '');
  for (const [plain, escaped] of PTB_ESCAPES) s = s.replaceAll(escaped, plain);
  return s.replace(ASCII_PUNCT, '');
}

const BE_FORMS = ['be', 'is', 'am', 'are', 'was', 'were', 'been', 'being'];
const SAID_TYPE = ['said', 'told', 'added', 'adds', 'says'];

/** Tokens of `gold` found in `predicted`, each predicted token used once; returns the count and what is left. */
function overlap(gold: readonly string[], predicted: string[]): number {
  let matched = 0;
  for (const w of gold) {
    const at = predicted.indexOf(w);
    if (at >= 0) {
      matched++;
      predicted.splice(at, 1);
    }
  }
  return matched;
}

const words = (s: string): string[] => s.split(/\s+/).filter((w) => w !== '');

/** [arg1, the rest joined by spaces]: CaRB's binarisation. */
function binarise(args: readonly string[]): string[] {
  return args.length >= 2 ? [args[0], args.slice(1).join(' ')] : [...args];
}

/** The lenient token-overlap (precision, recall) of one prediction against one gold tuple, both binarised. */
function lenientMatch(gold: OieTuple, goldArgs: readonly string[], predRelation: string, predArgs: readonly string[]): [number, number] {
  const predicted = words(predRelation);
  const goldRel = words(gold.relation);
  let precisionDen = predicted.length;
  let recallDen = goldRel.length;
  let matched = overlap(goldRel, predicted);
  // an unmatched "be" in the prediction matches a form of "be" in the gold relation
  if (predicted.includes('be') && BE_FORMS.some((b) => goldRel.includes(b))) matched++;
  if (matched === 0) return [0, 0];
  let precisionNum = matched;
  let recallNum = matched;
  for (let i = 0; i < goldArgs.length; i++) {
    const g = words(goldArgs[i]);
    recallDen += g.length;
    if (i >= predArgs.length) {
      if (i < 2) return [0, 0];
      continue;
    }
    const p = words(predArgs[i]);
    precisionDen += p.length;
    const m = overlap(g, p);
    precisionNum += m;
    recallNum += m;
  }
  return [precisionNum / precisionDen, recallNum / recallDen];
}

/** The (precision, recall) pair of a prediction for a gold tuple, with the said-type argument swap. */
export function matchScore(gold: OieTuple, predicted: OieTuple): [number, number] {
  const goldArgs = binarise(gold.args);
  const straight = lenientMatch(gold, goldArgs, predicted.relation, binarise(predicted.args));
  if (!SAID_TYPE.some((v) => gold.relation.includes(v))) return straight;
  const swapped = predicted.args.length >= 2 ? [predicted.args.slice(1).join(' '), predicted.args[0]] : predicted.args;
  const reverse = lenientMatch(gold, goldArgs, predicted.relation, swapped);
  // the better pair: higher precision, recall breaking ties
  return reverse[0] > straight[0] || (reverse[0] === straight[0] && reverse[1] > straight[1]) ? reverse : straight;
}

function groupBySentence(tuples: readonly OieTuple[]): Map<string, OieTuple[]> {
  // Later sentences with the same key replace earlier ones, as the reference's dict does.
  const raw = new Map<string, OieTuple[]>();
  for (const t of tuples) {
    const list = raw.get(t.sentence);
    if (list) list.push(t);
    else raw.set(t.sentence, [t]);
  }
  const out = new Map<string, OieTuple[]>();
  for (const [sentence, list] of raw) out.set(sentenceKey(sentence), list);
  return out;
}

/** Greedy one-to-one precision: repeatedly the unused pair with the highest precision. */
function greedyPrecision(scores: readonly (readonly [number, number])[][], kept: readonly number[]): number {
  const rows = scores.length;
  const usedRow = new Uint8Array(rows);
  const usedCol = new Set<number>();
  let total = 0;
  for (let t = Math.min(rows, kept.length); t > 0; t--) {
    let best = -1;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < rows; i++) {
      if (usedRow[i]) continue;
      for (const j of kept) {
        if (usedCol.has(j)) continue;
        if (scores[i][j][0] > best) {
          best = scores[i][j][0];
          bi = i;
          bj = j;
        }
      }
    }
    usedRow[bi] = 1;
    usedCol.add(bj);
    total += best;
  }
  return total;
}

/** Scores system extractions against gold tuples with the CaRB metric. */
export function scoreCarb(gold: readonly OieTuple[], predicted: readonly OieTuple[]): CarbScore {
  const goldBy = groupBySentence(gold);
  const predBy = groupBySentence(predicted);
  const thresholds = [...new Set(predicted.map((p) => p.confidence))].sort((a, b) => a - b);
  const index = new Map(thresholds.map((t, i) => [t, i]));
  const T = thresholds.length;
  // difference arrays over threshold indices: numerators and denominators
  const pNum = new Float64Array(T + 1);
  const pDen = new Float64Array(T + 1);
  const rNum = new Float64Array(T + 1);
  let goldTuples = 0;
  let aligned = 0;
  const addRange = (arr: Float64Array, from: number, to: number, v: number): void => {
    arr[from] += v;
    arr[to] -= v;
  };

  for (const [key, golds] of goldBy) {
    goldTuples += golds.length;
    const preds = predBy.get(key) ?? [];
    aligned += preds.length;
    const scores = golds.map((g) => preds.map((p) => matchScore(g, p)));
    const confidences = [...new Set(preds.map((p) => p.confidence))].sort((a, b) => a - b);
    let prev = 0;
    for (const c of confidences) {
      const at = index.get(c)!;
      const kept: number[] = [];
      preds.forEach((p, j) => {
        if (p.confidence >= c) kept.push(j);
      });
      let recall = 0;
      for (const row of scores) {
        let best = 0;
        for (const j of kept) if (row[j][1] > best) best = row[j][1];
        recall += best;
      }
      // thresholds (prev, at] keep exactly the predictions with confidence >= c
      addRange(pNum, prev, at + 1, greedyPrecision(scores, kept));
      addRange(pDen, prev, at + 1, kept.length);
      addRange(rNum, prev, at + 1, recall);
      prev = at + 1;
    }
  }

  const curve: CarbScore['curve'] = [];
  let pn = 0;
  let pd = 0;
  let rn = 0;
  for (let k = 0; k < T; k++) {
    pn += pNum[k];
    pd += pDen[k];
    rn += rNum[k];
    curve.push({
      threshold: thresholds[k],
      precision: pd > 0 ? pn / pd : 1,
      recall: goldTuples > 0 ? rn / goldTuples : 0,
    });
  }
  let bestK = -1;
  let bestF1 = -1;
  curve.forEach((pt, k) => {
    const f = pt.precision + pt.recall > 0 ? (2 * pt.precision * pt.recall) / (pt.precision + pt.recall) : 0;
    if (f > bestF1) {
      bestF1 = f;
      bestK = k;
    }
  });
  // trapezoids along the curve (recall falls as the threshold rises), closed at (R=0, P=1)
  let auc = 0;
  const xs = [...curve.map((c) => c.recall), 0];
  const ys = [...curve.map((c) => c.precision), 1];
  for (let k = 0; k + 1 < xs.length; k++) auc += ((xs[k] - xs[k + 1]) * (ys[k] + ys[k + 1])) / 2;

  const best = bestK >= 0 ? curve[bestK] : undefined;
  return {
    f1: best ? bestF1 : 0,
    precision: best ? best.precision : 0,
    recall: best ? best.recall : 0,
    auc: best ? auc : 0,
    threshold: best ? best.threshold : 0,
    curve,
    goldSentences: goldBy.size,
    goldTuples,
    alignedPredictions: aligned,
  };
}

/** One extraction as a line of CaRB's tab format. */
export function formatCarbLine(t: OieTuple): string {
  const clean = (s: string): string => s.replace(/[\t\n\r]+/g, ' ');
  return [clean(t.sentence), String(t.confidence), clean(t.relation), ...t.args.map(clean)].join('\t');
}

/** The last line of `textlens eval carb`: percentages a program can read. */
export function formatCarbSummary(s: CarbScore): string {
  const pct = (x: number): string => (100 * x).toFixed(2);
  return `f1=${pct(s.f1)} auc=${pct(s.auc)} p=${pct(s.precision)} r=${pct(s.recall)}`;
}

/** The sentences the pipeline runs on: one tokenised sentence per line; blank lines are skipped. */
export function parseSentenceLines(text: string, name: string): string[] {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) throw new Error(`textlens eval carb: ${name} holds no sentences (expected one tokenised sentence per line)`);
  const tabbed = lines.findIndex((l) => l.includes('\t'));
  if (tabbed >= 0) {
    throw new Error(`textlens eval carb: ${name}, line ${tabbed + 1} has a tab; --sentences takes one sentence per line (is it a gold or extractions file?)`);
  }
  return lines;
}
