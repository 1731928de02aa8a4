/**
 * Penn Treebank tags as the lemmatizer sees them: which WordNet part of
 * speech a tag maps to, and whether the tag marks an inflected form (the only
 * forms morphology has to undo).
 */

/** WordNet's four parts of speech, spelled as in its index files. */
export type WordNetPos = 'n' | 'v' | 'a' | 'r';

export const WORDNET_POS: readonly WordNetPos[] = ['n', 'v', 'a', 'r'];

/** WordNet part of speech for an open-class Penn tag (NN… → n, VB… and MD → v, JJ… → a, RB… → r), else undefined. */
export function wordNetPos(xpos: string): WordNetPos | undefined {
  if (xpos.startsWith('NN')) return 'n';
  if (xpos.startsWith('VB') || xpos === 'MD') return 'v';
  if (xpos.startsWith('JJ')) return 'a';
  if (xpos.startsWith('RB')) return 'r';
  return undefined;
}

/** Tags of inflected forms: plural nouns, verb inflections, comparatives and superlatives. */
const INFLECTED = new Set(['NNS', 'NNPS', 'VBD', 'VBG', 'VBN', 'VBZ', 'JJR', 'JJS', 'RBR', 'RBS']);

export function isInflectedTag(xpos: string): boolean {
  return INFLECTED.has(xpos);
}

/** Proper-noun tags: their lemmas keep the form's case. */
export function isProperNounTag(xpos: string): boolean {
  return xpos === 'NNP' || xpos === 'NNPS';
}

/**
 * Closed-class tags: a finite list of forms whose lemmas come from the
 * treebank table rather than from WordNet (pronouns, determiners, modals…).
 */
const CLOSED_CLASS = new Set([
  'PRP', 'PRP$', 'DT', 'PDT', 'WDT', 'WP', 'WP$', 'WRB', 'EX', 'IN', 'CC', 'TO', 'MD', 'RP', 'POS', 'UH',
]);

export function isClosedClassTag(xpos: string): boolean {
  return CLOSED_CLASS.has(xpos);
}

/** Tags whose tokens are their own lemma: punctuation, symbols, list markers, addresses. */
const VERBATIM = new Set([
  ',', '.', ':', '``', "''", '-LRB-', '-RRB-', 'HYPH', 'NFP', '$', '#', 'SYM', 'LS', 'ADD',
]);

export function isVerbatimTag(xpos: string): boolean {
  return VERBATIM.has(xpos);
}
