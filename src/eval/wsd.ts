/**
 * All-words WSD on Raganato et al.'s (2017) framework files, with the given
 * tokens, lemmas and POS (`textlens eval wsd`, src/cli/eval-wsd.ts). Every
 * instance is answered with the sense key of its lemma in the most probable
 * synset, and scored beside WordNet's first sense on the same instances.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import { disambiguate, type SenseTarget } from '../semantics/disambiguate.js';
import type { SynsetStore } from '../semantics/synsets.js';
import type { WsdModel } from '../semantics/wsd-model.js';
import { parseFrameworkData } from './wsd-framework.js';

export interface WsdAnswer {
  id: string;
  pos: WordNetPos;
  /** The system's sense key; undefined when WordNet has no sense for the lemma. */
  key?: string;
  /** WordNet's first sense of the lemma. */
  firstSense?: string;
}

/** Answers every instance of framework data with the shipped (or given) model. */
export function answerFramework(store: SynsetStore, model: WsdModel, xml: string, file: string): WsdAnswer[] {
  const answers: WsdAnswer[] = [];
  for (const doc of parseFrameworkData(xml, file)) {
    const targets: SenseTarget[] = [];
    const ids: string[] = [];
    doc.sentences.forEach((sentence, s) =>
      sentence.forEach((tok, i) => {
        if (tok.instanceId === undefined) return;
        if (tok.pos === undefined) {
          answers.push({ id: tok.instanceId, pos: 'n' });
          return;
        }
        targets.push({ sentence: s, first: i, last: i, lemma: tok.lemma.replaceAll(' ', '_'), pos: tok.pos });
        ids.push(tok.instanceId);
      }),
    );
    const dists = disambiguate(store, model, doc.sentences, targets);
    targets.forEach((t, k) => {
      const d = dists[k];
      const answer: WsdAnswer = { id: ids[k], pos: t.pos };
      if (d) {
        let best = 0;
        for (let c = 1; c < d.probabilities.length; c++) if (d.probabilities[c] > d.probabilities[best]) best = c;
        answer.key = store.senseKey(t.lemma, d.synsets[best]);
        answer.firstSense = store.senseKey(t.lemma, d.synsets[0]);
      }
      answers.push(answer);
    });
  }
  return answers;
}

export interface PrfScores {
  instances: number;
  answered: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

export function scoreAnswers(answers: readonly WsdAnswer[], gold: Map<string, string[]>, pick: (a: WsdAnswer) => string | undefined): PrfScores {
  let answered = 0;
  let correct = 0;
  for (const a of answers) {
    const key = pick(a);
    if (key === undefined) continue;
    answered++;
    if (gold.get(a.id)?.includes(key)) correct++;
  }
  const instances = answers.length;
  const precision = answered === 0 ? 0 : correct / answered;
  const recall = instances === 0 ? 0 : correct / instances;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { instances, answered, correct, precision, recall, f1 };
}
