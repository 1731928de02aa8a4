/**
 * Surface words that are a contraction in some sentences and a word of
 * their own in others: French "des" is the article ("il mange des pommes")
 * or de + les ("la fin des travaux"), "du" the partitive article ("boire du
 * vin") or de + le. A table cannot say which; a small logistic regression
 * per form reads the neighbouring surface words and does. Trained by
 * `npm run train -- contractions --lang fra` on the language's UD training
 * treebanks (training/contractions/), shipped as `models/<code>/contractions.json`;
 * a pack without the file splits by its table alone (contractions.ts).
 */
import type { ResourceLoader } from '../resources/loader.js';

/** One ambiguous form's model: split into `parts` when the score is positive. */
export interface AmbiguousForm {
  parts: string[];
  bias: number;
  weights: Record<string, number>;
}

export interface ContractionModel {
  /** Lower-case surface form → its model. */
  forms: Record<string, AmbiguousForm>;
}

/** Where a sentence has no word before or after. */
const EDGE_BEFORE = '<s>';
const EDGE_AFTER = '</s>';

function lower(word: string | undefined, edge: string): string {
  return word === undefined ? edge : word.toLowerCase();
}

/**
 * The features of the word at `k` among a sentence's surface words (after
 * elision is split off: "l'ensemble des" reads "ensemble" before "des"): the
 * words either side, the one before that, and the endings of the neighbours.
 */
export function contractionFeatures(surface: readonly string[], k: number): string[] {
  const p1 = lower(surface[k - 1], EDGE_BEFORE);
  const p2 = lower(surface[k - 2], EDGE_BEFORE);
  const n1 = lower(surface[k + 1], EDGE_AFTER);
  const n2 = lower(surface[k + 2], EDGE_AFTER);
  return [
    `p1=${p1}`, `p2=${p2}`, `n1=${n1}`, `n2=${n2}`, `p1x=${p1.slice(-3)}`, `p1y=${p1.slice(-2)}`, `n1x=${n1.slice(-3)}`,
    `p2x=${p2.slice(-3)}`, `p1n1=${p1}_${n1}`, `p1cap=${surface[k - 1] !== undefined && surface[k - 1] !== p1 ? 1 : 0}`,
  ];
}

/**
 * The parts of the word at `k` where the model reads it as a contraction,
 * null where it reads it as one word, undefined where the form is not one it knows.
 */
export function splitAmbiguous(model: ContractionModel, surface: readonly string[], k: number): readonly string[] | null | undefined {
  const form = model.forms[surface[k]!.toLowerCase()];
  if (!form) return undefined;
  let score = form.bias;
  for (const f of contractionFeatures(surface, k)) score += form.weights[f] ?? 0;
  return score > 0 ? form.parts : null;
}

/** The pack's model, or undefined when its folder has none. */
export async function loadContractionModel(loader: ResourceLoader, code: string): Promise<ContractionModel | undefined> {
  const path = `${code}/contractions.json`;
  if (!(await loader.exists(path))) return undefined;
  const model = JSON.parse(await loader.text(path)) as ContractionModel;
  if (typeof model.forms !== 'object' || model.forms === null) throw new Error(`${path}: no "forms" object: not a contraction model`);
  return model;
}
