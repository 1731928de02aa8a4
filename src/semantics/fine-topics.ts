/**
 * Fine IPTC topics by weak supervision: no labelled data covers the ~1,070
 * concepts below the top level, so a concept is evidenced by its own label
 * occurring in the text ("interest rate", "football", "election"), and
 * weighed by the classifier's probability of the concept's top-level
 * ancestor, which keeps "strike" in a labour story from reading as sport:
 *
 *   score(c) = P(top(c)) · (1 − exp(−mentions(c) / 1.5))
 *
 * One mention gives at most 0.49, two 0.74, three 0.86; a mention in
 * boilerplate counts its weight (0.1: at most 0.06). Labels that list
 * several things with a comma ("crime, law and justice") count each part; a
 * parenthesized acronym ("(NGO)") counts too.
 */
import { featureTokens } from '../models/text-features.js';
import type { MediaTopics } from './mediatopics.js';

/** Words that never make a phrase on their own. */
const STOP = new Set([
  'and', 'or', 'of', 'the', 'in', 'on', 'for', 'to', 'a', 'an', 'by', 'with', 'at', 'from', 'as',
  'other', 'general', 'issue', 'issues', 'matter', 'matters', 'news', 'information', 'people', 'group', 'groups',
]);

/** Crude singular: enough to match "elections"/"election", "rates"/"rate". */
export function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}

interface Phrase {
  words: string[];
  concept: string;
}

/** The phrases a concept label stands for. */
export function labelPhrases(label: string): string[][] {
  const out: string[][] = [];
  const add = (text: string) => {
    const words = featureTokens(text).map(singular);
    while (words.length && STOP.has(words[0])) words.shift();
    while (words.length && STOP.has(words[words.length - 1])) words.pop();
    if (words.length === 0 || (words.length === 1 && (words[0].length < 3 || STOP.has(words[0])))) return;
    if (!out.some((p) => p.join(' ') === words.join(' '))) out.push(words);
  };
  const acronym = /\(([^)]+)\)/.exec(label);
  const bare = label.replace(/\([^)]*\)/g, ' ');
  add(bare);
  if (acronym) add(acronym[1]);
  // Split only real lists ("crime, law and justice"): "annual and special
  // corporate meeting" must not match every "annual".
  const parts = bare.split(/,\s*|\s+and\s+|\s+or\s+/);
  if (parts.length > 1 && (bare.includes(',') || parts.every((p) => p.trim().split(/\s+/).length >= 2))) parts.forEach(add);
  return out;
}

export class FineTopicMatcher {
  /** First word → phrases starting with it. */
  private readonly byFirst = new Map<string, Phrase[]>();

  constructor(readonly taxonomy: MediaTopics) {
    for (const c of taxonomy.concepts) {
      if (c.level < 2) continue;
      for (const words of labelPhrases(c.label)) {
        const list = this.byFirst.get(words[0]) ?? [];
        list.push({ words, concept: c.qcode });
        this.byFirst.set(words[0], list);
      }
    }
  }

  /**
   * Mentions of each fine concept's label phrases in a text's tokens
   * (featureTokens); with weights, a mention counts its first token's weight.
   */
  mentions(tokens: readonly string[], weights?: ArrayLike<number>): Map<string, number> {
    const words = tokens.map(singular);
    const counts = new Map<string, number>();
    for (let i = 0; i < words.length; i++) {
      const phrases = this.byFirst.get(words[i]);
      if (!phrases) continue;
      for (const p of phrases) {
        let k = 1;
        while (k < p.words.length && words[i + k] === p.words[k]) k++;
        if (k === p.words.length) counts.set(p.concept, (counts.get(p.concept) ?? 0) + (weights ? weights[i] : 1));
      }
    }
    return counts;
  }

  /** Fine-concept scores given the top-level probabilities (qcode → P), extra mentions (entity types) and token weights. */
  score(
    tokens: readonly string[],
    topProbability: ReadonlyMap<string, number>,
    extra?: ReadonlyMap<string, number>,
    weights?: ArrayLike<number>,
  ): Map<string, number> {
    const out = new Map<string, number>();
    const mentions = this.mentions(tokens, weights);
    for (const [concept, n] of extra ?? []) mentions.set(concept, (mentions.get(concept) ?? 0) + n);
    for (const [concept, n] of mentions) {
      const top = this.taxonomy.top(concept);
      const p = top ? topProbability.get(top) ?? 0 : 0;
      out.set(concept, p * (1 - Math.exp(-n / 1.5)));
    }
    return out;
  }
}
