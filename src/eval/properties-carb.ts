/**
 * Properties as CaRB Open IE tuples, for `textlens eval carb`.
 *
 * CaRB's gold states many facts that no verb states: an apposition
 * ("Cashel Byron , a world champion prizefighter" → Cashel Byron | is | a
 * world champion prizefighter), a title ("wealthy aristocrat Lydia Carew" →
 * Lydia Carew | is | an aristocrat), a possessive ("Mr. Achenbaum 's move" →
 * Mr. Achenbaum | had | a move), an attributive adjective ("comical
 * contradictions" → contradictions | are | comical). 463 of its 2,548 dev
 * tuples have a bare is/was/are/has/had relation.
 *
 * Conversion (one property → one tuple, arg1 the focus, arg2 the property):
 * - is-a kinds (apposition, title, attributive adjective) get the relation
 *   `be`, which CaRB's matcher counts against any form of "be" in the gold
 *   relation (is, was, are, were), so no tense or number has to be guessed.
 * - has-a kinds (possessive, `of`) get `has`, the gold's commonest has-a
 *   relation (70 has, 47 had, 10 have on dev). Following the sentence's tense
 *   ("had" after a past-tense main verb), or putting "a" before the possessed
 *   noun as the annotators often do, changed dev AUC by less than 0.05: not kept.
 * - Copula and have/own properties are not converted: the relations
 *   extractor already gives those tuples (with their other arguments).
 * - Confidence, one per kind, set by where the kind ranks best on CaRB dev:
 *   appositions and titles match gold about as often as verb relations do
 *   (0.5: dev F1 +1.1 and +0.5); attributive adjectives, possessives and `of`
 *   match far less often (the gold annotates only some of them) and lower F1
 *   wherever they rank among the relations, so they rank below nearly all
 *   of them (0.012, 0.01, 0.008): they add recall at the tail of the curve
 *   (AUC) without touching the best-F1 point.
 */
import type { Doc } from '../doc/doc.js';
import type { OieTuple } from './carb.js';
import type { PropertyRecord } from '../doc/layers.js';

/** Per-kind confidence (see above; kinds not listed give no tuple). */
export const PROPERTY_CONFIDENCE: Readonly<Partial<Record<PropertyRecord['kind'], number>>> = {
  apposition: 0.5,
  title: 0.5,
  adjective: 0.012,
  possessive: 0.01,
  of: 0.008,
};

/** One property as a CaRB tuple, or undefined for the kinds the relations already cover. */
export function propertyToCarbTuple(doc: Doc, p: PropertyRecord, sentences: readonly string[]): OieTuple | undefined {
  const confidence = PROPERTY_CONFIDENCE[p.kind];
  if (confidence === undefined) return undefined;
  const isA = p.kind === 'apposition' || p.kind === 'title' || p.kind === 'adjective';
  const relation = isA ? 'be' : 'has';
  return { sentence: sentences[p.sentence], confidence, relation, args: [doc.sentenceWords(p.sentence, p.focus), doc.sentenceWords(p.sentence, p.property)] };
}
