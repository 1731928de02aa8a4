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
import { join } from 'node:path';
import { parseAida, type AidaDocument } from '../linking/aida.js';
import { rank } from '../linking/disambiguate.js';
import type { QidDocument } from './qid-document.js';
import { countDocument, goldMentions, type GoldLabel } from './elevant-count.js';
import type { Segmenter } from '../doc/sentences.js';
import { linkEntities, type Linker } from '../annotators/linker.js';
import { Doc, type Mention } from '../doc/doc.js';
import { recognizeDoc, type MentionRecognizer } from '../annotators/ner.js';
import { parseRequest } from '../request.js';
import type { AnnotateContext } from '../annotators/annotator.js';
import type { KbEntity, KnowledgeBase } from '../linking/knowledge-base.js';
import { documentFeatures, type MentionSpan } from '../linking/features.js';

export interface ElOptions {
  /** AIDA-YAGO2-dataset.*.tsv */
  aida: string;
  /** The CoNLL-2003 file of the same split, for NER labels of gold mentions (optional). */
  conll?: string;
  linker: Linker;
  /** The NER model for end to end; omitted: end to end is skipped. */
  ner?: MentionRecognizer;
  /** Evaluate only the first N documents. */
  limit?: number;
  /** Called as each document of the end-to-end pass (the slow one) starts, for a progress display. */
  onProgress?: DocumentProgress;
}

/** Documents done so far of the total, and their tokens (a document's own loop may `continue`, so it reports on entry). */
export type DocumentProgress = (done: number, total: number, tokens: number) => void;

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
    result.endToEnd = await endToEnd(docs, opts.linker, opts.ner, opts.onProgress);
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

async function endToEnd(docs: AidaDocument[], linker: Linker, ner: MentionRecognizer, onProgress?: DocumentProgress): Promise<Prf> {
  const request = parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never);
  const ctx: AnnotateContext = { language: 'eng', request, warn: () => {} };
  let tp = 0;
  let predicted = 0;
  let goldN = 0;
  let done = 0;
  let tokens = 0;
  for (const d of docs) {
    onProgress?.(done++, docs.length, tokens);
    tokens += d.tokens.length;
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

// ---------------------------------------------------------------------------
/*
 * Entity linking on raw-text benchmarks with Wikidata QIDs: the ELEVANT
 * jsonl benchmarks (../shared/data/el-benchmarks-elevant) and the GUM
 * wikification (../shared/data/gum-entities, over the UD GUM tokens).
 *
 * End to end, counted the way ELEVANT counts (micro, strong match;
 * elevant-count.ts): a link is right when its character span equals a gold
 * span (or the gold span widened to word boundaries) and its QID the gold
 * QID; a tree of alternatives and parts counts once (one true positive or
 * one false negative); gold labels with a QID that are not optional and not
 * coreference (pronouns/nominals: ELEVANT scores those separately; the
 * benchmark's `coref` field says which, else the label's text is read as
 * ELEVANT reads it, isElevantCoreference) are the gold; a link on an
 * optional or coreference gold span with the right QID counts neither way;
 * every other link inside the evaluation span is a false positive.
 * Unlinked predictions are not counted (in-KB evaluation).
 *
 * Also: disambiguation accuracy on the gold mentions (one per tree) whose
 * span falls on token boundaries (our mention = the gold span, NER label
 * unknown; right when it is the root's QID or a same-span alternative's),
 * and the share of gold mentions whose QID the KB has.
 */

export interface QidBenchmarkResult {
  documents: number;
  goldMentions: number;
  /** Share of counted gold mentions whose QID is a KB entity. */
  inKb: number;
  endToEnd: Prf;
  /** On counted gold mentions aligned with token boundaries. */
  disambiguation: { accuracy: number; correct: number; mentions: number };
  tokens: number;
  /** Links inside the evaluation span to KB entities without a QID (not comparable; not counted). */
  linkedWithoutQid: number;
}

/**
 * One end-to-end error of evalQidBenchmark, for `eval el --errors`: a link whose span is
 * gold with another entity (`wrong`), a link where the gold has no entity or no mention
 * (`spurious`), or a counted gold mention of a KB entity that got no right link (`missed`).
 */
export interface ElError {
  kind: 'wrong' | 'spurious' | 'missed';
  /** The document's place in its benchmark (0-based). */
  document: number;
  text: string;
  /** What was linked (wrong, spurious): its QID and title, and the link's confidence. */
  linked?: { qid: string; title: string; confidence: number };
  /** The gold entity at the span (wrong, missed; '' for a gold span without a QID). */
  gold?: string;
}

/** Reads an ELEVANT benchmark file into documents (tokenized and split by the segmenter). */
export async function readElevant(file: string, segmenter: Segmenter): Promise<QidDocument[]> {
  const out: QidDocument[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const d = JSON.parse(line) as {
      text: string;
      evaluation_span?: [number, number];
      labels: { id?: number; span: [number, number]; entity_id: string; optional?: boolean; coref?: boolean; parent?: number | null }[];
    };
    // ELEVANT offsets count code points (Python strings); the Doc keeps both.
    const seg = await segmenter.segment(d.text);
    const doc = new Doc(d.text, seg.tokens, seg.sentenceEnds);
    const at = new Map(d.labels.map((l, i) => [l.id ?? i, i]));
    const chars = [...d.text];
    // Labels without a QID (NIL, DATETIME, QUANTITY) are spans where any link is wrong. A label is coreference when
    // the benchmark says so (the Fair sets' `coref`) or, where it does not (OKE, Spotlight, tweets), when its text
    // reads as such (isElevantCoreference), as ELEVANT's own mention types read it.
    const gold: GoldLabel[] = d.labels.map((l) => ({
      start: l.span[0],
      end: l.span[1],
      qid: /^Q\d+$/.test(l.entity_id) ? l.entity_id : '',
      optional: Boolean(l.optional || (l.coref ?? isElevantCoreference(chars.slice(l.span[0], l.span[1]).join('')))),
      ...(l.parent !== undefined && l.parent !== null && at.has(l.parent) ? { parent: at.get(l.parent) } : {}),
    }));
    out.push({ doc, gold, span: d.evaluation_span ?? [0, chars.length] });
  }
  return out;
}

/** Pronouns, capitalized at a sentence start ("He", "We", "His"): coreference, not names. */
const PRONOUNS = new Set('i me my mine myself we us our ours ourselves you your yours yourself he him his himself she her hers herself it its itself they them their theirs themselves'.split(' '));
/** Words that open a common-noun phrase: with a lower-case word after them, it is coreference ("An undistinguished student"). */
const NOMINAL_OPENERS = new Set('a an this that these those my your his her its our their'.split(' '));

/**
 * Whether a capitalized GUM mention is coreference rather than a name, as ELEVANT's mention types read a mention
 * (its pronoun list; a determiner or possessive followed by a lower-case word): a pronoun, or a common-noun phrase
 * capitalized only because it opens the sentence.
 */
export function isGumCoreference(words: readonly string[]): boolean {
  const first = words[0].toLowerCase();
  // Written as a word ("Us", "I"), not in capitals: "US" is the country.
  if (words.length === 1) return PRONOUNS.has(first) && words[0].slice(1) === first.slice(1);
  return NOMINAL_OPENERS.has(first) && /^\p{Ll}/u.test(words[1]);
}

/** What opens a common-noun phrase that ELEVANT reads as coreference ("the nation", "his party"), with a lower-case word after it. */
const ELEVANT_NOMINAL_OPENERS = ['the', 'that', 'this', 'these', 'those', 'my', 'your', 'his', 'her', 'its', 'our', 'their'];

/**
 * Whether the text of an ELEVANT label without a `coref` field is coreference, as ELEVANT's mention types read a
 * label's text (elevant/evaluation/mention_type.py, at the commit the shared data names): a pronoun written as a word
 * ("he", "His"; "US" and "IT" in capitals are names, "I" is a pronoun), or a determiner or possessive and a space
 * before a character that is no capital ("the nation", "his party"; "the Duchess" is a name). ELEVANT scores those
 * apart from entity mentions, and so does this evaluation (OKE labels "He" and "his" with the biography's subject).
 */
export function isElevantCoreference(text: string): boolean {
  const lower = text.toLowerCase();
  if (PRONOUNS.has(lower)) return text !== text.toUpperCase() || lower === 'i';
  return ELEVANT_NOMINAL_OPENERS.some((w) => lower.startsWith(`${w} `) && text.length > w.length + 1 && !/\p{Lu}/u.test(text[w.length + 1]));
}

/** Words that open a noun phrase before a name in GUM's spans ("my God", "these United States", "all Americans"). */
const GUM_NAME_OPENERS = new Set('a an this that these those my our your his her their its all'.split(' '));

/**
 * The name inside a GUM mention span [a, b): GUM spans whole noun phrases, where an entity linker marks the name.
 * A leading "the" goes (a capital "The" of a title stays only when the name is one word: as before), so do a
 * determiner or possessive before a capitalized word ("our Constitution", "these United States") and a possessive
 * "'s" at the end ("Bangladesh 's"). Names whose phrase holds more ("President Trump", "Dhaka , Bangladesh") stay
 * as GUM spans them.
 */
export function gumNameSpan(tokens: readonly string[], a: number, b: number): [number, number] {
  if (/^the$/i.test(tokens[a]) && b - a > 1) a++;
  while (b - a > 1 && GUM_NAME_OPENERS.has(tokens[a].toLowerCase()) && /^\p{Lu}/u.test(tokens[a + 1])) a++;
  while (b - a > 1 && (tokens[b - 1] === "'s" || tokens[b - 1] === "'")) b--;
  return [a, b];
}

/** A UD GUM CoNLL-U file: each sentence's words (form and UPOS) by sentence id, and each document's sentence ids in order. */
export function readGumSentences(conllu: string): { sentences: Map<string, { form: string; upos: string }[]>; docSentences: Map<string, string[]> } {
  const sentences = new Map<string, { form: string; upos: string }[]>();
  const docSentences = new Map<string, string[]>();
  let doc = '';
  let sent = '';
  for (const line of readFileSync(conllu, 'utf8').split('\n')) {
    if (line.startsWith('# newdoc id = ')) doc = line.slice(14).trim();
    else if (line.startsWith('# sent_id = ')) {
      sent = line.slice(12).trim();
      sentences.set(sent, []);
      const l = docSentences.get(doc) ?? [];
      l.push(sent);
      docSentences.set(doc, l);
    } else if (/^\d+\t/.test(line)) {
      const f = line.split('\t');
      (sentences.get(sent) as { form: string; upos: string }[]).push({ form: f[1], upos: f[3] });
    }
  }
  return { sentences, docSentences };
}

/**
 * Reads GUM documents of a split: tokens and sentences from the UD GUM
 * CoNLL-U file, gold links from gum-entities/mentions.tsv. Gold mentions
 * are the linked mentions that name their entity (first word capitalized
 * once a leading "the" is dropped, and no pronoun or determiner with a
 * common noun: "He", "His", "An undistinguished student" at a sentence's
 * start — pronouns and common-noun phrases are coreference); the span is the name inside GUM's noun phrase
 * (gumNameSpan).
 */
export function readGum(gumEntitiesDir: string, conllu: string, split: string): QidDocument[] {
  const { sentences: words, docSentences } = readGumSentences(conllu);
  const sentences = new Map([...words].map(([id, ws]) => [id, ws.map((w) => w.form)]));
  const rows = readFileSync(join(gumEntitiesDir, 'mentions.tsv'), 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
  const out: QidDocument[] = [];
  for (const [id, sents] of docSentences) {
    const tokens: { start: number; end: number }[] = [];
    const ends: number[] = [];
    const firstToken = new Map<string, number>();
    let text = '';
    for (const s of sents) {
      firstToken.set(s, tokens.length);
      for (const w of sentences.get(s) as string[]) {
        if (text) text += ' ';
        tokens.push({ start: text.length, end: text.length + w.length });
        text += w;
      }
      ends.push(tokens.length);
    }
    const d = new Doc(text, tokens, ends);
    const gold: QidDocument['gold'] = [];
    for (const r of rows) {
      const [docId, sp, , s0, t0, s1, t1, , , , , qid] = r;
      if (docId !== id || sp !== split || !/^Q\d+$/.test(qid)) continue;
      const [a, b] = gumNameSpan(d.tokens, (firstToken.get(s0) as number) + Number(t0) - 1, (firstToken.get(s1) as number) + Number(t1));
      gold.push({ start: d.start[a], end: d.end[b - 1], qid, optional: !/^\p{Lu}/u.test(d.tokens[a]) || isGumCoreference(d.tokens.slice(a, b)) });
    }
    out.push({ doc: d, gold, span: [0, d.end.length ? d.end[d.end.length - 1] : 0] });
  }
  return out;
}

/**
 * Runs NER (or `ner` as a function giving each doc's mentions) + linking
 * over the documents and scores them (see the comment above readElevant).
 */
export async function evalQidBenchmark(
  docs: readonly QidDocument[],
  linker: Linker,
  ner: MentionRecognizer | ((doc: Doc) => Mention[]),
  onProgress?: DocumentProgress,
  onError?: (error: ElError) => void,
): Promise<QidBenchmarkResult> {
  const request = parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never);
  const ctx: AnnotateContext = { language: 'eng', request, warn: () => {} };
  let tp = 0;
  let fp = 0;
  let goldN = 0;
  let mentionsN = 0;
  let inKb = 0;
  let aligned = 0;
  let correct = 0;
  let tokens = 0;
  let noQid = 0;
  for (const [document, q] of docs.entries()) {
    const doc = q.doc;
    onProgress?.(document, docs.length, tokens);
    tokens += doc.length;
    const chars = [...doc.text];
    const mentions = goldMentions(chars, q.gold);
    for (const m of mentions) if (m.qids.some((x) => linker.kb.entity(x))) inKb++;
    doc.mentions = typeof ner === 'function' ? ner(doc) : await recognizeDoc(ner, doc);
    const linked = linkEntities(linker, doc, ctx).filter((e) => e.entityId !== undefined || e.wikidataId !== undefined);
    for (const e of linked) if (e.wikidataId === undefined && doc.start[e.start] >= q.span[0] && doc.end[e.end - 1] <= q.span[1]) noQid++;
    const links = linked.flatMap((e) => (e.wikidataId === undefined ? [] : [{ start: doc.start[e.start], end: doc.end[e.end - 1], qid: e.wikidataId, entity: e }]));
    const count = countDocument(chars, q.gold, links, q.span);
    tp += count.tp;
    fp += count.fp;
    goldN += count.tp + count.fn;
    mentionsN += mentions.length;
    if (onError) {
      const rootsMissed = new Set(count.cases.filter((c) => c.label !== undefined && c.outcomes.includes('fn')).map((c) => c.label as number));
      for (const c of count.cases) {
        if (!c.outcomes.includes('fp') || !c.link) continue;
        const e = c.link.entity;
        onError({
          kind: c.label !== undefined ? 'wrong' : 'spurious',
          document,
          text: doc.text.slice(doc.start16[e.start], doc.end16[e.end - 1]),
          linked: { qid: c.link.qid, title: e.entityId ?? '', confidence: e.confidenceScore },
          ...(c.label !== undefined ? { gold: q.gold[c.label].qid } : {}),
        });
      }
      for (const m of mentions) {
        if (!rootsMissed.has(m.label) || !m.qids.some((x) => linker.kb.entity(x))) continue;
        const g = q.gold[m.label];
        // Gold offsets are code points: the text as the benchmark counts it.
        onError({ kind: 'missed', document, text: chars.slice(g.start, g.end).join(''), gold: m.qids.join('|') });
      }
    }
    // Disambiguation on gold spans that fall on token boundaries.
    const startTok = new Map<number, number>();
    const endTok = new Map<number, number>();
    for (let i = 0; i < doc.length; i++) startTok.set(doc.start[i], i), endTok.set(doc.end[i], i + 1);
    const spans: MentionSpan[] = [];
    const qids: string[][] = [];
    for (const m of mentions) {
      const g = q.gold[m.label];
      const a = startTok.get(g.start);
      const b = endTok.get(g.end);
      if (a === undefined || b === undefined || b <= a) continue;
      spans.push({ start: a, end: b, text: doc.tokens.slice(a, b).join(' ') });
      qids.push(m.qids);
    }
    const order = spans.map((_, i) => i).sort((x, y) => spans[x].start - spans[y].start);
    const rows = documentFeatures(linker.kb, linker.model, doc.tokens, order.map((i) => spans[i]));
    rows.forEach((r, k) => {
      aligned++;
      const best = rank(r, linker.model.weights)[0];
      if (best && qids[order[k]].includes(best.entity.qid ?? '')) correct++;
    });
  }
  const predicted = tp + fp;
  const precision = predicted ? tp / predicted : 0;
  const recall = goldN ? tp / goldN : 0;
  return {
    documents: docs.length,
    goldMentions: mentionsN,
    inKb: mentionsN ? inKb / mentionsN : 0,
    endToEnd: { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, predicted, gold: goldN },
    disambiguation: { accuracy: aligned ? correct / aligned : 0, correct, mentions: aligned },
    tokens,
    linkedWithoutQid: noQid,
  };
}

export function formatQidResult(name: string, r: QidBenchmarkResult): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  const e = r.endToEnd;
  return [
    `${name}: documents ${r.documents}, gold mentions ${r.goldMentions} (QID, not optional, not coreference), tokens ${r.tokens}`,
    `  gold QIDs in KB: ${pct(r.inKb)}%`,
    `  disambiguation (gold spans on token boundaries): ${pct(r.disambiguation.accuracy)} (${r.disambiguation.correct}/${r.disambiguation.mentions})`,
    `  end to end (strong, ELEVANT counting): P ${pct(e.precision)} R ${pct(e.recall)} F1 ${pct(e.f1)} (tp ${e.tp}, predicted ${e.predicted}, gold ${e.gold}); ${r.linkedWithoutQid} more links to KB entities without a QID`,
  ].join('\n');
}

/** A QID benchmark's figures as one `name=value` line (the last line of each set in `eval el`). */
export function qidSummary(r: QidBenchmarkResult): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  const e = r.endToEnd;
  return `f1=${pct(e.f1)} p=${pct(e.precision)} r=${pct(e.recall)} disambiguation=${pct(r.disambiguation.accuracy)} in_kb=${pct(r.inKb)}`;
}

/** GUM's CoNLL-U file of a split, beside gum-entities in the shared data folder. */
export function gumConllu(gumEntitiesDir: string, split: string): string | undefined {
  const f = join(gumEntitiesDir, '..', 'ud-english-gum', `en_gum-ud-${split}.conllu`);
  return existsSync(f) ? f : undefined;
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
