/**
 * cleanHTML against the article-extraction benchmark (Zyte/Scrapinghub):
 * 181 news and blog pages with their hand-cleaned article body.
 *
 * The metric is the benchmark's own: per document, the multiset of word
 * 4-gram shingles of the prediction against that of the ground truth gives
 * TP/FP/FN, normalized by their sum so that long articles do not weigh more;
 * precision and recall are averaged over documents (skipping documents where
 * they are undefined) and F1 is computed from the two means. Tokens are runs
 * of word characters, case preserved; a text shorter than four tokens is one
 * shorter shingle.
 *
 * The ground truth excludes the headline, so the extraction runs with
 * includeHeadline false. Node-only (reads files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extractMainContent, type MainContentOptions } from '../cleanup/main-content.js';
import { yieldToTimers, type ItemReport } from './eval-progress.js';

export interface HtmlExtractionScore {
  f1: number;
  precision: number;
  recall: number;
  documents: number;
}

export interface HtmlExtractionEvalOptions {
  /** Default false: the benchmark's articleBody has no headline. */
  includeHeadline?: boolean;
  /** Called per document, for error analysis. */
  onDocument?: (id: string, counts: ShingleCounts, predicted: string, expected: string) => void;
  /** Called after each page, for the progress display (pages are not tokenised: no token count). */
  onItem?: ItemReport;
}

export interface ShingleCounts {
  tp: number;
  fp: number;
  fn: number;
}

export async function evalHtmlExtraction(dir: string, opts: HtmlExtractionEvalOptions = {}): Promise<HtmlExtractionScore> {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody?: string }>;
  const files = new Set(readdirSync(join(dir, 'html')));
  const extractOpts: MainContentOptions = { includeHeadline: opts.includeHeadline ?? false };
  const counts: ShingleCounts[] = [];
  const ids = Object.keys(truth).sort();
  for (const id of ids) {
    const file = `${id}.html.gz`;
    const expected = truth[id].articleBody ?? '';
    // A page missing from html/ scores as an empty prediction, as upstream would.
    const html = files.has(file) ? gunzipSync(readFileSync(join(dir, 'html', file))).toString('utf8') : '';
    const predicted = html ? extractMainContent(html, extractOpts) : '';
    const c = shingleMatch(expected, predicted);
    counts.push(c);
    opts.onDocument?.(id, c, predicted, expected);
    if (opts.onItem) {
      opts.onItem(counts.length, ids.length);
      await yieldToTimers();
    }
  }
  return { ...scoreFromCounts(counts), documents: counts.length };
}

/** TP/FP/FN over word 4-gram shingles (multiset), normalized to sum 1. */
export function shingleMatch(expected: string, predicted: string, n = 4): ShingleCounts {
  const t = shingles(expected, n);
  const p = shingles(predicted, n);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, tc] of t) {
    const pc = p.get(key) ?? 0;
    tp += Math.min(tc, pc);
    fn += Math.max(0, tc - pc);
  }
  for (const [key, pc] of p) fp += Math.max(0, pc - (t.get(key) ?? 0));
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

/** Word characters as Python's `\w` reads them in Unicode mode. */
const WORD = /[\p{L}\p{N}\p{M}\p{Pc}]+/gu;

function shingles(text: string, n: number): Map<string, number> {
  const tokens = text.match(WORD) ?? [];
  const out = new Map<string, number>();
  const last = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < last; i++) {
    const gram = tokens.slice(i, i + n);
    if (!gram.length) continue;
    const key = gram.join('\u0000');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export function scoreFromCounts(counts: readonly ShingleCounts[]): { f1: number; precision: number; recall: number } {
  const precisions: number[] = [];
  const recalls: number[] = [];
  for (const { tp, fp, fn } of counts) {
    if (tp + fp > 0) precisions.push(fp === 0 && fn === 0 ? 1 : tp / (tp + fp));
    if (tp + fn > 0) recalls.push(fp === 0 && fn === 0 ? 1 : tp / (tp + fn));
  }
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const precision = mean(precisions);
  const recall = mean(recalls);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { f1, precision, recall };
}
