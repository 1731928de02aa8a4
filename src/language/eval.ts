/**
 * Accuracy of detectLanguage on labelled texts, and how far its `reliable`
 * flag can be trusted: per language, the share detected right, the share
 * marked reliable *and* right, and the share marked reliable but wrong (the
 * number the flag exists to keep near zero). Node-only (reads files).
 *
 * Inputs, all labelled with an ISO 639-2/T code:
 *   CoNLL-U files (`.conllu` or `.conllu.gz`): their `# text = ` lines, in
 *     the language the UD file name starts with (`fr_gsd-ud-dev` → fra),
 *     English when the name says nothing;
 *   TSV: `language<TAB>text` per line, `#` starts a comment;
 *   JSON lines: `{"language": "eng", "text": "…"}` per line, for whole
 *     documents with line breaks (training/langid/dev-docs.ts writes them).
 * groupSentences(texts, 5) joins consecutive sentences of one source into
 * documents, to measure detection on more than one sentence.
 *
 *   npx tsx src/language/eval.ts [conllu files…]
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectLanguage } from './detect.js';
import { toIso6392 } from './iso639.js';

export interface LabeledSentence {
  language: string;
  text: string;
  /** Where it came from (a file); sentences are grouped only within one source. */
  source?: string;
}

export interface AccuracyBucket {
  /** e.g. "20-39" characters. */
  bucket: string;
  sentences: number;
  accuracy: number;
}

export interface LanguageScores {
  sentences: number;
  /** Share detected as this language. */
  accuracy: number;
  /** Share detected as this language and marked reliable. */
  reliableRight: number;
  /** Share marked reliable with another language: the flag's failures. */
  reliableWrong: number;
  /** The wrong guesses, most frequent first (`fra:3 sco:1`). */
  confusions: string;
}

export interface LanguageIdReport {
  sentences: number;
  accuracy: number;
  /** Accuracy on the English sentences, by length in characters. */
  englishByLength: AccuracyBucket[];
  /** Scores per true language, English included. */
  byLanguage: Record<string, LanguageScores>;
  /** Share of all sentences flagged reliable. */
  reliableShare: number;
  /** Accuracy among the sentences flagged reliable. */
  reliablePrecision: number;
  /** Accuracy among the sentences flagged unreliable. */
  unreliableAccuracy: number;
  /** The largest reliableWrong of any language with sentences. */
  worstReliableWrong: number;
  /**
   * Accuracy per basis of the answer, reliable and not ("agree", "words
   * (unreliable)", …): what detect.ts's CONFIDENCE table reports.
   */
  byBasis: Record<string, { sentences: number; accuracy: number }>;
}

export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** The language a UD file name starts with (`pt_bosque-ud-dev.conllu.gz` → por), if any. */
export function languageOfUdFile(path: string): string | undefined {
  const m = /^([a-z]{2,3})_[a-z0-9]+-ud-/i.exec(basename(path));
  return m ? toIso6392(m[1]!) : undefined;
}

/** The `# text = ` lines of a CoNLL-U file (gzip allowed), labeled with `language` or the file name's. */
export function readConlluSentences(path: string, language?: string): LabeledSentence[] {
  const lang = language ?? languageOfUdFile(path) ?? 'eng';
  const out: LabeledSentence[] = [];
  for (const line of readText(path).split('\n')) {
    if (line.startsWith('# text = ')) out.push({ language: lang, text: line.slice(9).trim(), source: path });
  }
  return out;
}

/** `language<TAB>sentence` lines; `#` starts a comment line. */
export function readLabeledTsv(path: string): LabeledSentence[] {
  return readText(path)
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const tab = l.indexOf('\t');
      return { language: l.slice(0, tab).trim(), text: l.slice(tab + 1).trim(), source: path };
    });
}

/** `{"language": …, "text": …}` per line (other fields ignored). */
export function readLabeledJsonl(path: string): LabeledSentence[] {
  return readText(path)
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const row = JSON.parse(l) as { language?: unknown; text?: unknown };
      if (typeof row.language !== 'string' || typeof row.text !== 'string') {
        throw new Error(`${path}:${i + 1}: expected {"language": string, "text": string}`);
      }
      return { language: row.language, text: row.text, source: path };
    });
}

/**
 * Consecutive runs of `size` sentences of one source and language, joined by
 * a space, as documents; a shorter run left at a source's end is dropped.
 */
export function groupSentences(sentences: readonly LabeledSentence[], size: number): LabeledSentence[] {
  const out: LabeledSentence[] = [];
  let run: LabeledSentence[] = [];
  const flush = (): void => {
    if (run.length === size) out.push({ language: run[0]!.language, text: run.map((s) => s.text).join(' '), source: run[0]!.source });
    run = [];
  };
  for (const s of sentences) {
    if (run.length && (run[0]!.source !== s.source || run[0]!.language !== s.language)) run = [];
    run.push(s);
    if (run.length === size) flush();
  }
  return out;
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
  const byLanguage: Record<string, { n: number; ok: number; reliableOk: number; reliableBad: number; wrong: Map<string, number> }> = {};
  const byBasis: Record<string, { n: number; ok: number }> = {};
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
    }
    const l = (byLanguage[s.language] ??= { n: 0, ok: 0, reliableOk: 0, reliableBad: 0, wrong: new Map() });
    l.n++;
    if (ok) l.ok++;
    if (guess.reliable && ok) l.reliableOk++;
    if (guess.reliable && !ok) l.reliableBad++;
    if (!ok) l.wrong.set(guess.language, (l.wrong.get(guess.language) ?? 0) + 1);
    const basis = (byBasis[guess.reliable ? guess.basis : `${guess.basis} (unreliable)`] ??= { n: 0, ok: 0 });
    basis.n++;
    if (ok) basis.ok++;
  }
  const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);
  const perLanguage = Object.fromEntries(
    Object.entries(byLanguage).map(([k, v]): [string, LanguageScores] => [
      k,
      {
        sentences: v.n,
        accuracy: ratio(v.ok, v.n),
        reliableRight: ratio(v.reliableOk, v.n),
        reliableWrong: ratio(v.reliableBad, v.n),
        confusions: [...v.wrong].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([g, n]) => `${g}:${n}`).join(' '),
      },
    ]),
  );
  return {
    sentences: sentences.length,
    accuracy: ratio(correct, sentences.length),
    englishByLength: buckets
      .filter((b) => b.n > 0)
      .map((b) => ({ bucket: b.hi === Infinity ? `${b.lo}+` : `${b.lo}-${b.hi}`, sentences: b.n, accuracy: ratio(b.ok, b.n) })),
    byLanguage: perLanguage,
    reliableShare: ratio(reliable, sentences.length),
    reliablePrecision: ratio(reliableCorrect, reliable),
    unreliableAccuracy: ratio(unreliableCorrect, sentences.length - reliable),
    worstReliableWrong: Math.max(0, ...Object.values(perLanguage).map((l) => l.reliableWrong)),
    byBasis: Object.fromEntries(
      Object.entries(byBasis)
        .sort()
        .map(([k, v]) => [k, { sentences: v.n, accuracy: ratio(v.ok, v.n) }]),
    ),
  };
}

/** The report's last line: `name=value` pairs, percentages with two decimals. */
export function formatSummaryLine(report: LanguageIdReport): string {
  const pct = (x: number): string => (100 * x).toFixed(2);
  return (
    `accuracy=${pct(report.accuracy)} reliable_share=${pct(report.reliableShare)} ` +
    `reliable_precision=${pct(report.reliablePrecision)} sentences=${report.sentences} ` +
    `worst_reliable_wrong=${pct(report.worstReliableWrong)}`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const root = `${here}../../`;
  const files = process.argv.slice(2);
  const conllu = files.length
    ? files
    : [
        `${root}../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu`,
        `${root}../shared/data/ud-english-gum/en_gum-ud-dev.conllu`,
      ];
  const sentences = [
    ...conllu.flatMap((f) => readConlluSentences(f)),
    ...readLabeledTsv(`${root}test/fixtures/language/sentences.tsv`),
  ];
  console.log(JSON.stringify(evalLanguageId(sentences), null, 2));
}
