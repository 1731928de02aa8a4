/**
 * Entity-linking evaluation on AIDA CoNLL-YAGO files, counted the way
 * GERBIL/ELEVANT count:
 * - disambiguation accuracy: over gold mentions with an in-KB... more
 *   precisely with a Wikipedia entity (NME excluded), the share whose best
 *   candidate is the gold entity (threshold ignored; a mention without
 *   candidates counts as wrong) — the "gold mentions" setting;
 * - end to end, micro P/R/F1 with strong matching: a prediction is correct
 *   when its token span equals a gold span and its title equals the gold
 *   title; only linked predictions and non-NME gold mentions are counted
 *   (in-KB evaluation); mentions from the NER model plus alias matches,
 *   with entities.allowOverlap=false;
 * - KB coverage: share of gold titles that are entities of the KB, and
 *   share whose mention string reaches them as a candidate.
 * Prints nothing; the CLI formats the result.
 */
import { readFileSync, existsSync } from 'node:fs';
import { parseAida, type AidaDocument } from '../linking/aida.js';
import { documentFeatures, rank, type LinkerModel } from '../linking/disambiguate.js';
import { linkEntities, type Linker } from '../annotators/linker.js';
import { Doc } from '../doc/doc.js';
import { recognizeDoc, type EntityRecognizer } from '../annotators/ner.js';
import { parseRequest } from '../request.js';
import type { AnnotateContext } from '../annotators/annotator.js';
import type { KbEntity, KnowledgeBase } from '../linking/knowledge-base.js';

export interface ElOptions {
  /** AIDA-YAGO2-dataset.*.tsv */
  aida: string;
  /** The CoNLL-2003 file of the same split, for NER labels of gold mentions (optional). */
  conll?: string;
  linker: Linker;
  /** The NER model for end to end; omitted: end to end is skipped. */
  ner?: EntityRecognizer;
  /** Evaluate only the first N documents. */
  limit?: number;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  predicted: number;
  gold: number;
}

export interface ElResult {
  documents: number;
  goldMentions: number;
  disambiguation: { accuracy: number; correct: number; mentions: number };
  endToEnd?: Prf;
  coverage: { inKb: number; candidateRecall: number };
  tokens: number;
  /** Seconds spent in NER + linking for end to end. */
  seconds?: number;
}

export async function evalEntityLinking(opts: ElOptions): Promise<ElResult> {
  const docs = parseAida(readFileSync(opts.aida, 'utf8'), opts.conll && existsSync(opts.conll) ? readFileSync(opts.conll, 'utf8') : undefined).slice(
    0,
    opts.limit ?? Infinity,
  );
  const { kb, model } = opts.linker;
  let gold = 0;
  let correct = 0;
  let inKb = 0;
  let reach = 0;
  let tokens = 0;
  for (const d of docs) {
    tokens += d.tokens.length;
    const mentions = d.mentions.map((m) => ({ start: m.start, end: m.end, text: m.text, label: m.label }));
    const rows = documentFeatures(kb, model, d.tokens, mentions);
    d.mentions.forEach((m, i) => {
      if (!m.title) return;
      gold++;
      const e = goldEntity(kb, m);
      if (e) inKb++;
      if (e && rows[i].entities.some((x) => x.id === e.id)) reach++;
      const best = rank(rows[i], model.weights)[0];
      if (best && (best.entity.title === m.title || best.entity.id === e?.id)) correct++;
    });
  }
  const result: ElResult = {
    documents: docs.length,
    goldMentions: gold,
    disambiguation: { accuracy: gold ? correct / gold : 0, correct, mentions: gold },
    coverage: { inKb: gold ? inKb / gold : 0, candidateRecall: gold ? reach / gold : 0 },
    tokens,
  };
  if (opts.ner) {
    const t0 = performance.now();
    result.endToEnd = await endToEnd(docs, opts.linker, opts.ner);
    result.seconds = (performance.now() - t0) / 1000;
  }
  return result;
}

/**
 * The KB entity of a gold mention: by its 2010 Wikipedia title, else by its
 * Freebase mid (the same entity under a later title: People's_Republic_of_China
 * is China now) — the way ELEVANT maps both sides to one id before comparing.
 */
export function goldEntity(kb: KnowledgeBase, m: { title?: string; mid?: string }): KbEntity | undefined {
  if (!m.title) return undefined;
  return kb.entity(m.title) ?? (m.mid ? kb.entity(m.mid) : undefined);
}

/** A Doc over AIDA's tokens (joined by single spaces), sentences as in the file. */
export function aidaDoc(d: AidaDocument): Doc {
  let off = 0;
  const spans = d.tokens.map((t) => {
    const s = { start: off, end: off + t.length };
    off += t.length + 1;
    return s;
  });
  return new Doc(d.tokens.join(' '), spans, d.sentenceEnds);
}

async function endToEnd(docs: AidaDocument[], linker: Linker, ner: EntityRecognizer): Promise<Prf> {
  const request = parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never);
  const ctx: AnnotateContext = { language: 'eng', request, warn: () => {} };
  let tp = 0;
  let predicted = 0;
  let goldN = 0;
  for (const d of docs) {
    const doc = aidaDoc(d);
    doc.mentions = await recognizeDoc(ner, doc);
    const ents = linkEntities(linker, doc, ctx).filter((e) => e.entityId !== undefined);
    const goldSet = new Set<string>();
    for (const m of d.mentions) {
      if (!m.title) continue;
      goldN++;
      goldSet.add(`${m.start}:${m.end}:${m.title}`);
      const e = goldEntity(linker.kb, m);
      if (e?.title) goldSet.add(`${m.start}:${m.end}:${e.title}`);
    }
    predicted += ents.length;
    for (const e of ents) if (goldSet.has(`${e.start}:${e.end}:${e.entityId}`)) tp++;
  }
  const precision = predicted ? tp / predicted : 0;
  const recall = goldN ? tp / goldN : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, predicted, gold: goldN };
}

/** `textlens eval el --aida FILE [--conll FILE] [--kb FILE] [--limit N]`: returns the report text. */
export function formatElResult(r: ElResult): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  const lines = [
    `documents ${r.documents}, linked gold mentions ${r.goldMentions}, tokens ${r.tokens}`,
    `KB coverage of gold entities: ${pct(r.coverage.inKb)}% in KB, ${pct(r.coverage.candidateRecall)}% reachable as candidates`,
    `disambiguation accuracy (gold mentions): ${pct(r.disambiguation.accuracy)} (${r.disambiguation.correct}/${r.disambiguation.mentions})`,
  ];
  if (r.endToEnd) {
    const e = r.endToEnd;
    lines.push(`end to end (strong, in-KB): P ${pct(e.precision)} R ${pct(e.recall)} F1 ${pct(e.f1)} (tp ${e.tp}, predicted ${e.predicted}, gold ${e.gold})`);
    if (r.seconds) lines.push(`NER + linking: ${(r.tokens / r.seconds).toFixed(0)} tokens/s`);
  }
  return lines.join('\n');
}

/**
 * CLI: `textlens eval el --aida FILE [--conll FILE] [--kb FILE] [--limit N] [--no-e2e]`.
 * Returns the exit code; writes the report to stdout.
 */
export async function elCommand(argv: string[]): Promise<number> {
  const opt = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined);
  const aida = opt('--aida');
  if (!aida) {
    process.stderr.write('usage: textlens eval el --aida AIDA-YAGO2-dataset.testa.tsv [--conll eng.testa] [--kb kb.sqlite] [--linker linker.json] [--limit N] [--no-e2e]\n');
    return 2;
  }
  const { fileLoader } = await import('../resources-node.js');
  const { loadLinker } = await import('../annotators/linker.js');
  const { loadEntityRecognizer } = await import('../annotators/ner.js');
  const loader = fileLoader();
  const modelFile = opt('--linker');
  const linker = await loadLinker(loader, opt('--kb'), modelFile ? (JSON.parse(readFileSync(modelFile, 'utf8')) as LinkerModel) : undefined);
  const ner = argv.includes('--no-e2e') ? undefined : await loadEntityRecognizer(loader);
  const r = await evalEntityLinking({ aida, conll: opt('--conll'), linker, ner, limit: opt('--limit') ? Number(opt('--limit')) : undefined });
  process.stdout.write(`${formatElResult(r)}\n`);
  return 0;
}
