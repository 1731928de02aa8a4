/**
 * `textlens eval …`: the project's own evaluation commands. Every accuracy
 * figure in docs/accuracy.md and the model cards comes from one of these.
 *
 *   eval ud    --conllu FILE [--gold-tokens] [--scheme ud|stanford]   CoNLL 2018 table
 *   eval ner   --conll FILE [--ner-model DIR]                         conlleval-style P/R/F1 (shipped or a transformer model)
 *   eval html  --dir DIR                                              word 4-gram F1 of cleanHTML
 *   eval lemma --conllu FILE                                          lemma accuracy with gold tags
 *   eval langid [--conllu FILE]... [--tsv FILE]...                    language-id accuracy
 *   eval chunks --conll2000 FILE [--out FILE] [--from N] [--to M] [--rules]  NP chunk P/R/F1 (noun phrases)
 *   eval properties --jsonl FILE [--errors]                           property P/R/F1
 *   eval carb  --gold FILE (--sentences FILE [--out FILE] | --score FILE)  CaRB Open IE F1/AUC of relations
 *   eval wsd   --data X.data.xml --gold X.gold.key.txt [--out FILE]   all-words WSD P/R/F1 (src/eval/wsd.ts)
 *   eval lexsub --data F.preprocessed --gold F.gold [--out FILE]      entailments as lexical substitution P@1, R@10
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createAnalyzer, type Analyzer } from '../analyzer.js';
import { Doc } from '../doc/doc.js';
import { fileLoader } from '../resources/file-loader.js';
import {
  conlluToRawText,
  conlluToRawTextWithSpans,
  parseConllu,
  segmentationToConllu,
  surfaceTokens,
  type ConlluSentence,
} from '../eval/conllu.js';
import { formatUdTable, scoreUd } from '../eval/ud-score.js';
import { udToStanford } from '../structure/stanford.js';
import { loadMentionRecognizer } from '../eval/recognizer.js';
import { itemProgress } from '../eval/eval-progress.js';

const USAGE = `usage: textlens eval ud --conllu FILE [--gold-tokens] [--scheme ud|stanford] [--parser accurate|fast] [--models DIR] [--backend node|wasm]
       textlens eval ner --conll FILE [--models DIR] [--ner-model DIR] [--quiet]
       textlens eval html --dir DIR [--quiet]
       textlens eval lemma --conllu FILE [--models DIR]
       textlens eval langid [--conllu FILE]... [--tsv FILE]...
       textlens eval chunks --conll2000 FILE [--out FILE] [--from N] [--to M] [--rules] [--parser accurate|fast] [--models DIR]
       textlens eval properties --jsonl FILE [--errors] [--parser accurate|fast] [--models DIR] [--quiet]
       textlens eval carb --gold FILE (--sentences FILE [--out FILE] | --score FILE) [--parser accurate|fast]
       textlens eval wsd --data X.data.xml --gold X.gold.key.txt [--out FILE] [--models DIR]
       textlens eval lexsub --data FILE.preprocessed --gold FILE.gold [--out FILE] [--models DIR]
  --quiet   no progress display on stderr (eval ner, html, properties, carb, el, topics show one:
            a bar on a terminal, a line every 10 s otherwise; the scores stay on stdout)
`;

export async function evalCommand(argv: string[]): Promise<number> {
  const [what, ...rest] = argv;
  if (what === 'classifier' || what === 'topics') {
    const { evalClassifierCommand, evalTopicsCommand } = await import('./classifier.js');
    return what === 'classifier' ? evalClassifierCommand(rest) : evalTopicsCommand(rest);
  }
  if (what === 'wsd') {
    const { wsdCommand } = await import('../eval/wsd.js');
    return wsdCommand(rest);
  }
  if (what === 'lexsub') {
    const { lexsubCommand } = await import('../eval/lexsub.js');
    return lexsubCommand(rest);
  }
  if (what === 'el') {
    const { elCommand } = await import('../eval/el.js');
    return elCommand(rest);
  }
  if (what === 'carb') {
    const { carbCommand } = await import('../eval/carb-command.js');
    return carbCommand(rest);
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      conllu: { type: 'string', multiple: true },
      conll: { type: 'string' },
      dir: { type: 'string' },
      tsv: { type: 'string', multiple: true },
      'gold-tokens': { type: 'boolean' },
      scheme: { type: 'string' },
      models: { type: 'string' },
      backend: { type: 'string' },
      parser: { type: 'string' },
      conll2000: { type: 'string' },
      out: { type: 'string' },
      jsonl: { type: 'string' },
      errors: { type: 'boolean' },
      'ner-model': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      rules: { type: 'boolean' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  // Only `eval langid` reads several CoNLL-U files; the others take one and say so rather than use the last.
  const conlluFiles = values.conllu ?? [];
  if (what !== 'langid' && conlluFiles.length > 1) {
    throw new Error(`textlens eval ${what}: --conllu takes one file here (got ${conlluFiles.length}); run once per file\n${USAGE}`);
  }
  const conllu = conlluFiles[0];
  const need = (v: string | undefined, flag: string): string => {
    if (!v) throw new Error(`textlens eval ${what}: ${flag} is required\n${USAGE}`);
    return v;
  };
  const backend = values.backend === 'wasm' ? 'wasm' : 'node';
  switch (what) {
    case 'ud': {
      const scheme = values.scheme ?? 'ud';
      if (scheme !== 'ud' && scheme !== 'stanford') throw new Error(`--scheme must be ud or stanford\n${USAGE}`);
      const parser = values.parser === 'fast' ? 'fast' : 'accurate';
      const analyzer = await createAnalyzer({ modelsDir: values.models, backend, parser });
      const gold = parseConllu(await readFile(need(conllu, '--conllu'), 'utf8'));
      const system = await systemConllu(analyzer, gold, values['gold-tokens'] ?? false);
      const table = formatUdTable(scheme === 'stanford' ? scoreUd(toStanford(gold), toStanford(system)) : scoreUd(gold, system));
      const mode = values['gold-tokens'] ? 'gold tokens and sentences' : 'raw text';
      process.stdout.write(`${conllu} — ${mode}, ${scheme} dependencies\n${table}\n`);
      return 0;
    }
    case 'ner': {
      const { evalNer, recognizeWith, formatNerScores } = await import('../eval/ner.js');
      const ner = await loadMentionRecognizer(values['ner-model'], () => fileLoader(values.models), backend);
      const conll = await readFile(need(values.conll, '--conll'), 'utf8');
      // Progress on stderr (stdout keeps the scores): documents as -DOCSTART- counts them.
      const { createProgress } = await import('../progress/display.js');
      const display = createProgress({ label: 'eval ner', unit: 'docs', mode: values.quiet ? 'quiet' : 'auto' });
      const total = conll.match(/^-DOCSTART-/gm)?.length || undefined;
      const recognize = recognizeWith(ner);
      const t0 = performance.now();
      let done = 0;
      let tokens = 0;
      const scores = await evalNer(conll, async (doc) => {
        const mentions = await recognize(doc);
        tokens += doc.length;
        display.update({ done: ++done, total, tokens, elapsedMs: performance.now() - t0 });
        return mentions;
      });
      display.stop();
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(`${values.conll}${values['ner-model'] ? ` — ${values['ner-model']}` : ''}\n${formatNerScores(scores)}\n`);
      process.stdout.write(
        `f1=${(100 * scores.f1).toFixed(2)} precision=${(100 * scores.precision).toFixed(2)} recall=${(100 * scores.recall).toFixed(2)} ` +
          `tokens=${tokens} seconds=${seconds.toFixed(2)} tokens_per_s=${(tokens / seconds).toFixed(0)}\n`,
      );
      return 0;
    }
    case 'html': {
      const { evalHtmlExtraction } = await import('../eval/html-extraction.js');
      const progress = itemProgress({ label: 'eval html', unit: 'pages', quiet: values.quiet });
      const s = await evalHtmlExtraction(need(values.dir, '--dir'), { onItem: progress.report });
      progress.stop();
      process.stdout.write(
        `cleanHTML on ${s.documents} pages (word 4-gram shingles): precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}, F1 ${s.f1.toFixed(4)}\n`,
      );
      return 0;
    }
    case 'lemma': {
      const { evalLemmas } = await import('../eval/lemma.js');
      const { Lexicon } = await import('../lexicon/index.js');
      const lex = await Lexicon.load(fileLoader(values.models));
      const r = evalLemmas(await readFile(need(conllu, '--conllu'), 'utf8'), lex);
      process.stdout.write(`${conllu} — lemmas with gold XPOS: accuracy ${(100 * r.accuracy).toFixed(2)}% of ${r.total} words\n`);
      for (const e of r.errors.slice(0, 15)) process.stdout.write(`  ${e.join('\t')}\n`);
      return 0;
    }
    case 'langid': {
      const { evalLanguageId, readConlluSentences, readLabeledTsv } = await import('../language/eval.js');
      const sentences = [
        ...conlluFiles.flatMap((f) => readConlluSentences(f)),
        ...(values.tsv ?? []).flatMap((f) => readLabeledTsv(f)),
      ];
      if (sentences.length === 0) throw new Error(`textlens eval langid: give --conllu and/or --tsv\n${USAGE}`);
      const report = evalLanguageId(sentences);
      process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      const pct = (x: number) => (100 * x).toFixed(2);
      process.stdout.write(
        `accuracy=${pct(report.accuracy)} reliable_share=${pct(report.reliableShare)} ` +
          `reliable_precision=${pct(report.reliablePrecision)} sentences=${report.sentences}\n`,
      );
      return 0;
    }
    case 'chunks': {
      const { evalChunks, formatChunkScores } = await import('../eval/chunks.js');
      const file = need(values.conll2000, '--conll2000');
      const parser = values.parser === 'fast' ? 'fast' : 'accurate';
      const analyzer = await createAnalyzer({ modelsDir: values.models, backend, parser });
      const sentenceNumber = (v: string | undefined, flag: string): number | undefined => {
        if (v === undefined) return undefined;
        if (!/^\d+$/.test(v)) throw new Error(`textlens eval chunks: ${flag} takes a sentence number (1-based), got ${JSON.stringify(v)}\n${USAGE}`);
        return Number(v);
      };
      const { scores } = await evalChunks(analyzer, file, {
        out: values.out,
        from: sentenceNumber(values.from, '--from'),
        to: sentenceNumber(values.to, '--to'),
        rules: values.rules ?? false,
      });
      process.stdout.write(`${formatChunkScores(file, scores)}\n`);
      return 0;
    }
    case 'properties': {
      const { evalProperties, formatPropertyScores } = await import('../eval/properties.js');
      const file = need(values.jsonl, '--jsonl');
      const parser = values.parser === 'fast' ? 'fast' : 'accurate';
      const analyzer = await createAnalyzer({ modelsDir: values.models, backend, parser });
      const progress = itemProgress({ label: 'eval properties', unit: 'sentences', quiet: values.quiet });
      const r = await evalProperties(analyzer, file, progress.report);
      progress.stop();
      process.stdout.write(`${formatPropertyScores(file, r, values.errors ?? false)}\n`);
      return 0;
    }
    default:
      process.stderr.write(USAGE);
      return 2;
  }
}

/**
 * Run the pipeline over a treebank: from its raw text (CoNLL 2018 rules), or
 * over its gold tokens and sentences with --gold-tokens.
 */
async function systemConllu(analyzer: Analyzer, gold: ConlluSentence[], goldTokens: boolean): Promise<ConlluSentence[]> {
  let doc: Doc;
  let joins: boolean[];
  if (goldTokens) {
    const { text } = conlluToRawTextWithSpans(gold);
    const tokens: { start: number; end: number; form: string }[] = [];
    const ends: number[] = [];
    joins = [];
    let at = 0;
    for (const s of gold) {
      for (const t of surfaceTokens(s)) {
        at = text.indexOf(t.form, at);
        if (t.multiword) {
          // Words inside a multi-word token share the token's span in the text.
          for (let w = t.firstWord; w <= t.lastWord; w++) {
            tokens.push({ start: at, end: at + t.form.length, form: s.words[w].form });
            joins.push(w > t.firstWord);
          }
        } else {
          tokens.push({ start: at, end: at + t.form.length, form: t.form });
          joins.push(false);
        }
        at += t.form.length;
      }
      ends.push(tokens.length);
    }
    doc = new Doc(text, tokens, ends);
  } else {
    const text = conlluToRawText(gold);
    const seg = await analyzer.segment(text);
    doc = seg;
    joins = [];
  }
  await analyzer.annotateDoc(doc, ['xpos', 'upos', 'lemma', 'deps']);
  const spans = Array.from({ length: doc.length }, (_, i) => ({ start: doc.start16[i], end: doc.end16[i], form: doc.tokens[i] }));
  return segmentationToConllu({
    text: doc.text,
    tokens: spans,
    sentenceEnds: Array.from(doc.sentEnd),
    joinsPrevious: goldTokens ? joins : doc.joinsPrevious,
    upos: doc.upos,
    xpos: doc.xpos,
    lemma: doc.lemma,
    head: doc.head,
    deprel: doc.deprel,
  });
}

function toStanford(sentences: ConlluSentence[]): ConlluSentence[] {
  return sentences.map((s) => {
    if (s.words.some((w) => w.head === null)) return s;
    const conv = udToStanford({
      forms: s.words.map((w) => w.form),
      upos: s.words.map((w) => w.upos),
      xpos: s.words.map((w) => w.xpos),
      heads: s.words.map((w) => w.head ?? 0),
      deprels: s.words.map((w) => w.deprel),
    });
    return { ...s, words: s.words.map((w, i) => ({ ...w, head: conv.heads[i], deprel: conv.deprels[i] })) };
  });
}
