/**
 * Accuracy of detectLanguage: English sentences of UD treebanks (by length)
 * and the committed multilingual fixture, plus the precision of the
 * `reliable` flag. Node-only (reads files).
 *
 *   npx tsx src/language/eval.ts [conllu files…]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { detectLanguage } from './detect.js';

export interface LabeledSentence {
  language: string;
  text: string;
}

export interface AccuracyBucket {
  /** e.g. "20-39" characters. */
  bucket: string;
  sentences: number;
  accuracy: number;
}

export interface LanguageIdReport {
  sentences: number;
  accuracy: number;
  /** Accuracy on the English sentences, by length in characters. */
  englishByLength: AccuracyBucket[];
  /** Accuracy per language of the non-English fixture. */
  byLanguage: Record<string, { sentences: number; accuracy: number }>;
  /** Share of all sentences flagged reliable. */
  reliableShare: number;
  /** Accuracy among the sentences flagged reliable. */
  reliablePrecision: number;
  /** Accuracy among the sentences flagged unreliable. */
  unreliableAccuracy: number;
}

/** The `# text = ` lines of CoNLL-U files, labeled English. */
export function readConlluSentences(path: string, language = 'eng'): LabeledSentence[] {
  const out: LabeledSentence[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('# text = ')) out.push({ language, text: line.slice(9).trim() });
  }
  return out;
}

/** `language<TAB>sentence` lines; `#` starts a comment line. */
export function readLabeledTsv(path: string): LabeledSentence[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const tab = l.indexOf('\t');
      return { language: l.slice(0, tab).trim(), text: l.slice(tab + 1).trim() };
    });
}

const LENGTH_BUCKETS: Array<[number, number]> = [
  [0, 19], [20, 39], [40, 79], [80, 159], [160, Infinity],
];

export function evalLanguageId(sentences: readonly LabeledSentence[]): LanguageIdReport {
  let correct = 0;
  let reliable = 0;
  let reliableCorrect = 0;
  let unreliableCorrect = 0;
  const buckets = LENGTH_BUCKETS.map(([lo, hi]) => ({ lo, hi, n: 0, ok: 0 }));
  const byLanguage: Record<string, { n: number; ok: number }> = {};
  for (const s of sentences) {
    const guess = detectLanguage(s.text);
    const ok = guess.language === s.language;
    if (ok) correct++;
    if (guess.reliable) {
      reliable++;
      if (ok) reliableCorrect++;
    } else if (ok) unreliableCorrect++;
    if (s.language === 'eng') {
      const len = [...s.text].length;
      const b = buckets.find((x) => len >= x.lo && len <= x.hi);
      if (b) {
        b.n++;
        if (ok) b.ok++;
      }
    } else {
      const l = (byLanguage[s.language] ??= { n: 0, ok: 0 });
      l.n++;
      if (ok) l.ok++;
    }
  }
  const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);
  return {
    sentences: sentences.length,
    accuracy: ratio(correct, sentences.length),
    englishByLength: buckets
      .filter((b) => b.n > 0)
      .map((b) => ({ bucket: b.hi === Infinity ? `${b.lo}+` : `${b.lo}-${b.hi}`, sentences: b.n, accuracy: ratio(b.ok, b.n) })),
    byLanguage: Object.fromEntries(
      Object.entries(byLanguage).map(([k, v]) => [k, { sentences: v.n, accuracy: ratio(v.ok, v.n) }]),
    ),
    reliableShare: ratio(reliable, sentences.length),
    reliablePrecision: ratio(reliableCorrect, reliable),
    unreliableAccuracy: ratio(unreliableCorrect, sentences.length - reliable),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const root = `${here}../../`;
  const files = process.argv.slice(2);
  const conllu = files.length
    ? files
    : [
        `${root}../shared/data/ud-english-ewt/en_ewt-ud-test.conllu`,
        `${root}../shared/data/ud-english-gum/en_gum-ud-test.conllu`,
      ];
  const sentences = [
    ...conllu.flatMap((f) => readConlluSentences(f)),
    ...readLabeledTsv(`${root}test/fixtures/language/sentences.tsv`),
  ];
  console.log(JSON.stringify(evalLanguageId(sentences), null, 2));
}
