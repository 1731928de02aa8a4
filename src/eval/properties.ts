/**
 * `textlens eval properties --jsonl FILE`: precision and recall of the
 * properties (is-a / has-a) against hand-checked sentences. Each line of the
 * file is `{"text": "...", "properties": [{"focus": "...", "property": "..."}]}`;
 * a predicted property counts when its focus and property words both equal a
 * gold pair's, compared without case and whitespace ("Obama's" = "Obama 's").
 * The last line of the report reads `p=… r=… f1=… gold=… predicted=… correct=…`.
 */
import { readFile } from 'node:fs/promises';
import type { Analyzer } from '../analyzer.js';
import type { ItemReport } from './eval-progress.js';

export interface PropertyExample {
  text: string;
  properties: { focus: string; property: string }[];
}

export interface PropertyEvalResult {
  sentences: number;
  gold: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
  /** Per sentence: pairs predicted but not gold, and gold but not predicted. */
  errors: { text: string; spurious: string[]; missed: string[] }[];
}

export function parsePropertyExamples(text: string, name = 'input'): PropertyExample[] {
  const out: PropertyExample[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`${name}:${k + 1}: not JSON (expected one {"text", "properties"} object per line)`);
    }
    const e = v as Partial<PropertyExample>;
    const ok =
      typeof e === 'object' && e !== null && typeof e.text === 'string' && Array.isArray(e.properties) &&
      e.properties.every((p) => typeof p?.focus === 'string' && typeof p?.property === 'string');
    if (!ok) throw new Error(`${name}:${k + 1}: expected {"text": string, "properties": [{"focus": string, "property": string}]}`);
    out.push({ text: e.text!, properties: e.properties! });
  });
  if (out.length === 0) throw new Error(`${name}: no examples`);
  return out;
}

const key = (focus: string, property: string): string => `${norm(focus)} => ${norm(property)}`;
const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, '');

/** `onItem` hears of each example as it is scored (for the progress display). */
export async function evalProperties(analyzer: Analyzer, file: string, onItem?: ItemReport): Promise<PropertyEvalResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const examples = parsePropertyExamples(text, file);
  let gold = 0;
  let predicted = 0;
  let correct = 0;
  const errors: PropertyEvalResult['errors'] = [];
  let tokens = 0;
  let done = 0;
  for (const ex of examples) {
    const doc = await analyzer.segment(ex.text);
    await analyzer.annotateDoc(doc, ['properties']);
    if (!doc.properties) throw new Error('eval properties: the tagger, lemmatizer or parser is not installed in the models directory');
    // (a property's positions are within its sentence: src/structure/properties.ts)
    const pred = doc.properties.map((p) => key(doc.sentenceWords(p.sentence, p.focus), doc.sentenceWords(p.sentence, p.property)));
    const remaining = ex.properties.map((p) => key(p.focus, p.property));
    const spurious: string[] = [];
    for (const p of pred) {
      const at = remaining.indexOf(p);
      if (at >= 0) {
        remaining.splice(at, 1);
        correct++;
      } else spurious.push(p);
    }
    gold += ex.properties.length;
    predicted += pred.length;
    if (spurious.length > 0 || remaining.length > 0) errors.push({ text: ex.text, spurious, missed: remaining });
    tokens += doc.length;
    onItem?.(++done, examples.length, tokens);
  }
  const precision = predicted === 0 ? 0 : (100 * correct) / predicted;
  const recall = gold === 0 ? 0 : (100 * correct) / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { sentences: examples.length, gold, predicted, correct, precision, recall, f1, errors };
}

export function formatPropertyScores(file: string, r: PropertyEvalResult, showErrors: boolean): string {
  const lines = [`${file}: properties, exact focus and property words, ${r.sentences} sentences`];
  if (showErrors) {
    for (const e of r.errors) {
      lines.push(`  ${e.text}`);
      for (const s of e.spurious) lines.push(`    + ${s}`);
      for (const m of e.missed) lines.push(`    - ${m}`);
    }
  }
  lines.push(`p=${r.precision.toFixed(2)} r=${r.recall.toFixed(2)} f1=${r.f1.toFixed(2)} gold=${r.gold} predicted=${r.predicted} correct=${r.correct}`);
  return lines.join('\n');
}
