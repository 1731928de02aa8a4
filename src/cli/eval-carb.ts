/**
 * `textlens eval carb`: the relations extractor on the CaRB Open IE
 * benchmark (src/eval/carb.ts scores, src/eval/relations-carb.ts runs the
 * pipeline on CaRB's sentences). The last line reads `f1=… auc=… p=… r=…`
 * (percentages).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { formatCarbLine, formatCarbSummary, parseSentenceLines, readCarbGold, readExtractions, scoreCarb, type OieTuple } from '../eval/carb.js';
import { defineCommand, parseCommand, usageError } from './args.js';
import { BACKEND_FLAG, MODELS_FLAG, PARSER_FLAG, QUIET_FLAG } from './flags.js';

export const EVAL_CARB = defineCommand({
  name: 'eval carb',
  summary:
    "The relations extractor on the CaRB Open IE benchmark: F1 and AUC. With --sentences, the pipeline runs on them; with --score, a system's extractions are scored without running it.",
  flags: {
    gold: { type: 'string', value: 'FILE', required: true, help: 'the gold extractions (sentence <TAB> relation <TAB> arg1 …)' },
    sentences: { type: 'string', value: 'FILE', help: 'run the pipeline on these sentences: one per line, tokens separated by spaces, taken as given' },
    out: { type: 'string', value: 'FILE', help: "with --sentences: write the pipeline's extractions in CaRB's tab format" },
    score: { type: 'string', value: 'FILE', help: "score these extractions (CaRB's tab format or OpenIE-5's own) instead of running the pipeline" },
    parser: PARSER_FLAG,
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
    quiet: QUIET_FLAG,
  },
  notes: 'Give one of --sentences or --score.',
});

async function readInput(path: string, flag: string): Promise<string> {
  if (!existsSync(path)) throw new Error(`textlens eval carb: ${flag} ${path}: no such file`);
  return readFile(path, 'utf8');
}

export async function carbCommand(argv: string[], write: (s: string) => void = (s) => process.stdout.write(s)): Promise<number> {
  const { values } = parseCommand(argv, EVAL_CARB);
  if ((!values.sentences && !values.score) || (values.sentences && values.score)) {
    throw usageError(EVAL_CARB, 'give --gold and one of --sentences or --score');
  }
  if (values.out && values.score) throw usageError(EVAL_CARB, "--out writes the pipeline's extractions and goes with --sentences, not --score", 'out');
  const gold = readCarbGold(await readInput(values.gold, '--gold'), values.gold);
  let predicted: OieTuple[];
  let what: string;
  if (values.score) {
    predicted = readExtractions(await readInput(values.score, '--score'), values.score);
    what = `extractions in ${values.score}`;
  } else {
    const sentences = parseSentenceLines(await readInput(values.sentences!, '--sentences'), values.sentences!);
    const parser = values.parser ?? 'accurate';
    const { createAnalyzer } = await import('../analyzer.js');
    const { extractCarbTuples } = await import('../eval/relations-carb.js');
    const { itemProgress } = await import('../eval/eval-progress.js');
    const analyzer = await createAnalyzer({ modelsDir: values.models, backend: values.backend ?? 'node', parser });
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
