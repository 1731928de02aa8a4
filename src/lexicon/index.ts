/** WordNet access and lemmatization: the public entry of src/lexicon. */
export { Lexicon, TREEBANK_TABLE_FILE } from './lexicon.js';
export type { TreebankLemma, TreebankLemmaTable, TreebankTableFile } from './lexicon.js';
export { WordNetLexicon, LEXICON_DIR } from './wordnet.js';
export type { ExceptionLists } from './wordnet.js';
export { morphy, guessBase } from './morphy.js';
export { wordNetPos, isInflectedTag, isProperNounTag, isClosedClassTag, isVerbatimTag, WORDNET_POS } from './penn.js';
export type { WordNetPos } from './penn.js';
