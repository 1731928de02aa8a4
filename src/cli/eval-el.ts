/**
 * `textlens eval el`: entity linking (src/eval/el.ts) on AIDA CoNLL-YAGO,
 * ELEVANT benchmark files, GUM's entities or JSON lines with Wikidata ids.
 * Each source given prints its own block; the scores go to stdout, the
 * progress to stderr.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { MentionRecognizer } from '../annotators/ner.js';
import type { DocumentProgress, ElError } from '../eval/el.js';
import type { LinkerModel } from '../linking/features.js';
import { createProgress } from '../progress/display.js';
import { defineCommand, parseCommand, usageError } from './args.js';
import { NER_MODEL_FLAG, QUIET_FLAG } from './flags.js';

export const EVAL_EL = defineCommand({
  name: 'eval el',
  summary:
    'Entity linking: disambiguation accuracy over gold mentions, end-to-end precision, recall and F1 (strong matching, in-KB), and KB coverage. Give one or more sources: --aida, --elevant, --gum, --jsonl.',
  flags: {
    aida: { type: 'string', value: 'FILE', help: 'an AIDA CoNLL-YAGO file (AIDA-YAGO2-dataset.testa.tsv)' },
    conll: { type: 'string', value: 'FILE', help: "with --aida: the CoNLL-2003 file of the same split (eng.testa), for the gold mentions' NER labels" },
    elevant: { type: 'list', value: 'FILE.jsonl', help: 'an ELEVANT benchmark file' },
    gum: { type: 'string', value: 'DIR', help: "GUM's gum-entities/ folder (with ud-english-gum/ beside it)" },
    split: { type: 'string', value: 'SPLIT', default: 'dev', help: 'with --gum: the split' },
    jsonl: { type: 'list', value: 'FILE.jsonl', help: 'JSON lines of texts and their entities with Wikidata ids (src/eval/el-jsonl.ts); the last line is name=value pairs' },
    kb: { type: 'string', value: 'FILE', help: 'the knowledge base', defaultText: "the models' kb/kb.sqlite" },
    linker: { type: 'string', value: 'FILE', help: 'the linker model', defaultText: "the models' kb/linker.json" },
    threshold: { type: 'number', value: 'T', help: "the link threshold, in place of the linker model's" },
    limit: { type: 'number', value: 'N', integer: true, min: 1, help: 'only the first N documents of each source' },
    'no-e2e': { type: 'boolean', help: 'with --aida: skip the end-to-end scores (no NER)' },
    'ner-model': NER_MODEL_FLAG,
    errors: {
      type: 'string',
      value: 'FILE',
      help: 'with --elevant, --gum or --jsonl: write each end-to-end error as a TSV line (source, document, kind: wrong, spurious or missed, mention text, linked QID, title and confidence, gold QID)',
    },
    quiet: QUIET_FLAG,
  },
});

/** The shared progress display (stderr; stdout keeps the scores) fed by a DocumentProgress. */
function documentProgress(label: string, quiet: boolean): { update: DocumentProgress; stop(): void } {
  const display = createProgress({ label, unit: 'docs', mode: quiet ? 'quiet' : 'auto' });
  const t0 = performance.now();
  let last = { done: 0, total: 0, tokens: 0 };
  return {
    update(done, total, tokens) {
      last = { done, total, tokens };
      display.update({ done, total, tokens, elapsedMs: performance.now() - t0 });
    },
    stop() {
      // Reports come as documents start: the last one's end is the whole total.
      if (last.total > 0) display.update({ done: last.total, total: last.total, elapsedMs: performance.now() - t0 });
      display.stop();
    },
  };
}

export async function elCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_EL);
  const { aida, quiet, elevant, gum, jsonl } = values;
  if (!aida && elevant.length === 0 && !gum && jsonl.length === 0) throw usageError(EVAL_EL, 'give --aida, --elevant, --gum or --jsonl');
  const { evalEntityLinking, evalQidBenchmark, formatElResult, formatQidResult, gumConllu, qidSummary, readElevant, readGum } = await import('../eval/el.js');
  const { loadMentionRecognizer } = await import('../eval/recognizer.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const { loadLinker } = await import('../annotators/linker.js');
  const loader = fileLoader();
  const modelFile = values.linker;
  const linker = await loadLinker(loader, values.kb, modelFile ? (JSON.parse(readFileSync(modelFile, 'utf8')) as LinkerModel) : undefined);
  // --threshold T: try another link threshold (how the shipped one was chosen on testa).
  if (values.threshold !== undefined) linker.model = { ...linker.model, threshold: values.threshold };
  for (const f of jsonl) {
    if (!existsSync(f)) {
      process.stderr.write(`eval el: ${f} not found\n`);
      return 2;
    }
  }
  // --errors FILE: the errors of every source, in the order the sources run.
  const errorLines = ['source\tdocument\tkind\ttext\tlinked\ttitle\tconfidence\tgold'];
  const errorsOf = (source: string) =>
    values.errors === undefined
      ? undefined
      : (e: ElError) => errorLines.push([source, e.document, e.kind, e.text.replace(/\s+/g, ' '), e.linked?.qid ?? '', e.linked?.title ?? '', e.linked ? e.linked.confidence.toFixed(3) : '', e.gold ?? ''].join('\t'));
  const ner = values['no-e2e'] && elevant.length === 0 && !gum && jsonl.length === 0 ? undefined : await loadMentionRecognizer(values['ner-model'], () => loader);
  const limit = values.limit;
  if (aida) {
    const progress = documentProgress('eval el', quiet);
    const r = await evalEntityLinking({ aida, conll: values.conll, linker, ner: values['no-e2e'] ? undefined : ner, limit, onProgress: progress.update });
    progress.stop();
    process.stdout.write(`${formatElResult(r)}\n`);
  }
  if (elevant.length > 0) {
    const { createSegmenter } = await import('../doc/sentences.js');
    const segmenter = await createSegmenter(loader);
    for (const f of elevant) {
      const docs = (await readElevant(f, segmenter)).slice(0, limit ?? Infinity);
      const progress = documentProgress('eval el', quiet);
      const name = f.replace(/^.*\//, '').replace('.benchmark.jsonl', '');
      const r = await evalQidBenchmark(docs, linker, ner as MentionRecognizer, progress.update, errorsOf(name));
      progress.stop();
      process.stdout.write(`${formatQidResult(name, r)}\n${qidSummary(r)}\n`);
    }
  }
  for (const f of jsonl) {
    const { readEntityJsonl } = await import('../eval/el-jsonl.js');
    const { createSegmenter } = await import('../doc/sentences.js');
    const docs = (await readEntityJsonl(f, await createSegmenter(loader))).slice(0, limit ?? Infinity);
    const progress = documentProgress('eval el', quiet);
    const r = await evalQidBenchmark(docs, linker, ner as MentionRecognizer, progress.update, errorsOf(f.replace(/^.*\//, '')));
    progress.stop();
    process.stdout.write(`${formatQidResult(f.replace(/^.*\//, ''), r)}\n${qidSummary(r)}\n`);
  }
  if (gum) {
    const split = values.split;
    const conllu = gumConllu(gum, split);
    if (!conllu) {
      process.stderr.write(`eval el: en_gum-ud-${split}.conllu not found beside ${gum} (../ud-english-gum)\n`);
      return 2;
    }
    const docs = readGum(gum, conllu, split).slice(0, limit ?? Infinity);
    const progress = documentProgress('eval el', quiet);
    const r = await evalQidBenchmark(docs, linker, ner as MentionRecognizer, progress.update, errorsOf(`GUM ${split}`));
    progress.stop();
    process.stdout.write(`${formatQidResult(`GUM ${split}`, r)}\n${qidSummary(r)}\n`);
  }
  if (values.errors !== undefined) writeFileSync(values.errors, `${errorLines.join('\n')}\n`);
  return 0;
}
