/**
 * `textlens eval carb`: the relations extractor on the CaRB Open IE benchmark.
 *
 *   --sentences FILE --gold FILE [--out FILE]   run the pipeline on the sentences (one per line, tokens
 *                                               separated by spaces, taken as given), score against gold
 *   --gold FILE --score FILE                    score a system's extractions (CaRB tab format or OpenIE-5's
 *                                               own format) without running the pipeline
 *
 * The last line reads `f1=… auc=… p=… r=…` (percentages).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { formatCarbLine, formatCarbSummary, readCarbGold, readExtractions, scoreCarb, type OieTuple } from './carb.js';
import { itemProgress } from './eval-progress.js';

export const CARB_USAGE =
  'usage: textlens eval carb --gold FILE (--sentences FILE [--out FILE] | --score FILE) [--parser accurate|fast] [--models DIR] [--quiet]';

async function readInput(path: string, flag: string): Promise<string> {
  if (!existsSync(path)) throw new Error(`textlens eval carb: ${flag} ${path}: no such file`);
  return readFile(path, 'utf8');
}

export async function carbCommand(argv: string[], write: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sentences: { type: 'string' },
      gold: { type: 'string' },
      out: { type: 'string' },
      score: { type: 'string' },
      parser: { type: 'string' },
      models: { type: 'string' },
      backend: { type: 'string' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.gold || (!values.sentences && !values.score) || (values.sentences && values.score)) {
    throw new Error(`textlens eval carb: give --gold and one of --sentences or --score\n${CARB_USAGE}`);
  }
  if (values.out && values.score) throw new Error(`textlens eval carb: --out writes the pipeline's extractions and goes with --sentences, not --score\n${CARB_USAGE}`);
  const gold = readCarbGold(await readInput(values.gold, '--gold'), values.gold);
  let predicted: OieTuple[];
  let what: string;
  if (values.score) {
    predicted = readExtractions(await readInput(values.score, '--score'), values.score);
    what = `extractions in ${values.score}`;
  } else {
    const sentences = parseSentenceLines(await readInput(values.sentences!, '--sentences'), values.sentences!);
    const parser = values.parser === 'fast' ? 'fast' : 'accurate';
    const { createAnalyzer } = await import('../analyzer.js');
    const { extractCarbTuples } = await import('./relations-carb.js');
    const analyzer = await createAnalyzer({ modelsDir: values.models, backend: values.backend === 'wasm' ? 'wasm' : 'node', parser });
    // Progress on stderr per batch of sentences (stdout keeps the scores).
    const progress = itemProgress({ label: 'eval carb', unit: 'sentences', quiet: values.quiet });
    predicted = await extractCarbTuples(analyzer, sentences, progress.report);
    progress.stop();
    what = `textlens relations (${parser} parser) on ${sentences.length} sentences of ${values.sentences}`;
    if (values.out) await writeFile(values.out, predicted.map((t) => formatCarbLine(t) + '\n').join(''));
  }
  const s = scoreCarb(gold, predicted);
  write(
    `CaRB: ${what}\n` +
      `gold ${s.goldTuples} tuples in ${s.goldSentences} sentences; ${predicted.length} extractions, ${s.alignedPredictions} aligned to a gold sentence\n` +
      `best F1 at confidence >= ${s.threshold}; AUC over ${s.curve.length} thresholds\n` +
      `${formatCarbSummary(s)}\n`,
  );
  return 0;
}

/** One tokenised sentence per line; blank lines are skipped. */
export function parseSentenceLines(text: string, name: string): string[] {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) throw new Error(`textlens eval carb: ${name} holds no sentences (expected one tokenised sentence per line)`);
  const tabbed = lines.findIndex((l) => l.includes('\t'));
  if (tabbed >= 0) {
    throw new Error(`textlens eval carb: ${name}, line ${tabbed + 1} has a tab; --sentences takes one sentence per line (is it a gold or extractions file?)`);
  }
  return lines;
}
