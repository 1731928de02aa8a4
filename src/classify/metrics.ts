/**
 * Multi-label scores: micro (pooled over every document–label decision) and
 * macro (mean over labels of per-label F1; labels with neither gold nor
 * predicted documents are left out) precision, recall and F1.
 */
export interface LabelScores {
  tp: number;
  fp: number;
  fn: number;
}

export interface MultiLabelScores {
  documents: number;
  labels: number;
  microP: number;
  microR: number;
  microF1: number;
  macroP: number;
  macroR: number;
  macroF1: number;
  /** Documents whose predicted set equals the gold set. */
  exactMatch: number;
  perLabel: Map<string, LabelScores>;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function scoreMultiLabel(gold: readonly (readonly string[])[], predicted: readonly (readonly string[])[]): MultiLabelScores {
  if (gold.length !== predicted.length) throw new Error(`scoreMultiLabel: ${gold.length} gold vs ${predicted.length} predicted documents`);
  const perLabel = new Map<string, LabelScores>();
  const of = (l: string) => {
    let s = perLabel.get(l);
    if (!s) perLabel.set(l, (s = { tp: 0, fp: 0, fn: 0 }));
    return s;
  };
  let exact = 0;
  for (let i = 0; i < gold.length; i++) {
    const g = new Set(gold[i]);
    const p = new Set(predicted[i]);
    let same = g.size === p.size;
    for (const l of p) {
      if (g.has(l)) of(l).tp++;
      else {
        of(l).fp++;
        same = false;
      }
    }
    for (const l of g) if (!p.has(l)) of(l).fn++;
    if (same) exact++;
  }
  let tp = 0, fp = 0, fn = 0, sp = 0, sr = 0, sf = 0;
  for (const s of perLabel.values()) {
    tp += s.tp;
    fp += s.fp;
    fn += s.fn;
    const p = ratio(s.tp, s.tp + s.fp);
    const r = ratio(s.tp, s.tp + s.fn);
    sp += p;
    sr += r;
    sf += f1(p, r);
  }
  const n = perLabel.size;
  const microP = ratio(tp, tp + fp);
  const microR = ratio(tp, tp + fn);
  return {
    documents: gold.length,
    labels: n,
    microP,
    microR,
    microF1: f1(microP, microR),
    macroP: ratio(sp, n),
    macroR: ratio(sr, n),
    macroF1: ratio(sf, n),
    exactMatch: ratio(exact, gold.length),
    perLabel,
  };
}

/** The machine-readable last line: `name=value …`, percentages with two decimals. */
export function formatScoresLine(s: MultiLabelScores): string {
  const pct = (x: number) => (100 * x).toFixed(2);
  return [
    `documents=${s.documents}`,
    `labels=${s.labels}`,
    `micro_p=${pct(s.microP)}`,
    `micro_r=${pct(s.microR)}`,
    `micro_f1=${pct(s.microF1)}`,
    `macro_p=${pct(s.macroP)}`,
    `macro_r=${pct(s.macroR)}`,
    `macro_f1=${pct(s.macroF1)}`,
    `exact_match=${pct(s.exactMatch)}`,
  ].join(' ');
}
