/**
 * Word vectors for the sense model's soft context match (src/semantics/
 * wsd-vectors.ts): PPMI over a ±5 window of content lemmas, reduced by
 * truncated SVD (training/senses/vectors.py, numpy and torch), one vector
 * per lemma as the runtime lemmatizes them.
 *
 * The corpus is permissively licensed text only, lemmatized the way the
 * sense model's features are:
 *   - SemCor's training files (never the dev files): its lemmas, content words;
 *   - WordNet 3.0: per synset one line of its members and its gloss and
 *     examples' lemmas (gloss-lemmas.ts, as the pseudo-counts read them);
 *   - UD English EWT train (CC BY-SA 4.0): its gold lemmas, content words.
 * GUM (non-commercial) and the news corpora (research-only) are left out.
 *
 *   node --import tsx training/senses/vectors.ts     (also run by `npm run train -- senses`)
 *
 * writes training/out/senses/vector-corpus.txt and models/senses/wsd-vectors.bin
 * (format: src/semantics/wsd-vectors.ts). Deterministic (fixed seed, one thread).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexicon } from '../../src/lexicon/lexicon.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { WSD_VECTORS_FILE } from '../../src/semantics/wsd-vectors.js';
import { lemmaBagFeatures, type ContextToken } from '../../src/semantics/wsd-features.js';
import { glossLemmas } from './gloss-lemmas.js';
import { runPythonStep } from './python-step.js';
import { readSemcorSplit, type SemcorDoc } from './semcor.js';
import { readWordNet30, type WordNet30 } from './wordnet30.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Universal POS → WordNet part of speech, as the runtime maps Penn tags (NN, VB and MD, JJ, RB). */
const UPOS: Record<string, WordNetPos> = { NOUN: 'n', PROPN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

/** The content lemmas of a sentence as the bag of words sees them (wsd-features' lemmaBagFeatures). */
function bagLine(tokens: readonly ContextToken[]): string {
  const out: string[] = [];
  for (const t of tokens) if (t.pos !== undefined) out.push(...lemmaBagFeatures(t.lemma));
  return out.join(' ');
}

/** EWT train's sentences as context tokens (gold lemmas, lower case; multiword-token and empty-node lines skipped). */
function readConllu(path: string): ContextToken[][] {
  const out: ContextToken[][] = [];
  let sentence: ContextToken[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line === '') {
      if (sentence.length > 0) out.push(sentence);
      sentence = [];
      continue;
    }
    if (line.startsWith('#')) continue;
    const cols = line.split('\t');
    if (cols.length < 4 || !/^\d+$/.test(cols[0])) continue;
    sentence.push({ lemma: cols[2].toLowerCase().replaceAll(' ', '_'), pos: UPOS[cols[3]] });
  }
  if (sentence.length > 0) out.push(sentence);
  return out;
}

/** One line per sentence (SemCor, EWT) or synset (WordNet): space-separated lemmas. */
export function vectorCorpus(wn: WordNet30, semcorTrain: readonly SemcorDoc[], lexicon: Lexicon, data: string): string[] {
  const lines: string[] = [];
  for (const doc of semcorTrain) for (const s of doc.sentences) lines.push(bagLine(s));
  for (const s of wn.synsets) {
    const members = s.members.flatMap((m) => lemmaBagFeatures(m.lemma.toLowerCase()));
    lines.push([...members, ...glossLemmas(s.gloss, lexicon)].join(' '));
  }
  for (const s of readConllu(join(data, 'ud-english-ewt/en_ewt-ud-train.conllu'))) lines.push(bagLine(s));
  return lines.filter((l) => l.includes(' '));
}

/** Writes the corpus and runs vectors.py on it; returns the vectors file's path. */
export function trainVectors(wn: WordNet30, semcorTrain: readonly SemcorDoc[], lexicon: Lexicon, data: string, outDir: string): string {
  // WSD_WORK: another scratch directory, so that builds into other WSD_OUT directories can run side by side.
  const work = process.env.WSD_WORK ?? join(root, 'training/out/senses');
  mkdirSync(work, { recursive: true });
  const corpus = join(work, 'vector-corpus.txt');
  const lines = vectorCorpus(wn, semcorTrain, lexicon, data);
  writeFileSync(corpus, lines.join('\n') + '\n');
  process.stdout.write(`vector corpus: ${lines.length} lines\n`);
  const out = join(outDir, WSD_VECTORS_FILE);
  runPythonStep('vectors.py', [corpus, out]);
  return out;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const data = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
  const wn = readWordNet30(process.env.WORDNET30_DIR ?? '/usr/share/wordnet');
  const lexicon = await Lexicon.load(fileLoader(join(root, 'models')));
  const { train } = readSemcorSplit(data);
  trainVectors(wn, train, lexicon, data, process.env.WSD_OUT ?? join(root, 'models/senses'));
}
