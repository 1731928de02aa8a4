/**
 * Error analysis of end-to-end linking on an AIDA split: each non-NME gold
 * mention is put in one bucket (linked right; not in the KB; NER and the alias
 * matcher missed the span; span found but the gold entity not a candidate;
 * gold ranked first but under the threshold; another candidate ranked first,
 * with or without a type conflict on the gold), and each wrong prediction in
 * one (span on an NME gold mention; no gold span; wrong entity). Prints the
 * counts and the most frequent surface strings of each bucket.
 *
 *   npx tsx training/linker/errors.ts ../shared/data/aida-conll/AIDA-YAGO2-dataset.testa.tsv ../shared/data/conll2003/eng.testa [N]
 *
 * On a QID benchmark (an ELEVANT file, GUM's entities, a JSON-lines set),
 * counted the ELEVANT way, each false link is put in one class (on a span the
 * set marks NIL; inside a longer gold span or overlapping one; on a span with
 * no gold; the wrong entity, with the gold QID in the KB or not), by the
 * link's confidence; and each counted gold mention whose QID is in the KB but
 * that is not linked right in one (no span there or a different span; the
 * gold not a candidate; another candidate ranked first; under the ranker's
 * threshold; refused by a hard gate; the gold chosen but under the NIL
 * threshold; another entity chosen, linked or not):
 *
 *   npx tsx training/linker/errors.ts --elevant FILE.jsonl | --gum DIR | --jsonl FILE.jsonl [N]
 *
 * TEXTLENS_KB=FILE reads another knowledge base (a `textlens kb build --out DIR` to weigh before it ships),
 * TEXTLENS_LINKER=FILE other ranker and NIL weights (a linker.json).
 *
 * A diagnostic for tuning on testa and the dev sets: never run it on a held-out split.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseAida } from '../../src/linking/aida.js';
import { aidaDoc, goldEntity, gumConllu, readElevant, readGum } from '../../src/eval/el.js';
import { readEntityJsonl } from '../../src/eval/el-jsonl.js';
import type { QidDocument } from '../../src/eval/qid-document.js';
import { goldMentions, labelsBySpan } from '../../src/eval/elevant-count.js';
import { linkThreshold } from '../../src/linking/nil.js';
import { createSegmenter } from '../../src/doc/sentences.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadLinker, linkDecisions, linkEntities } from '../../src/annotators/linker.js';
import { loadMentionRecognizer } from '../../src/eval/recognizer.js';
import { recognizeDoc } from '../../src/annotators/ner.js';
import { disambiguate } from '../../src/linking/disambiguate.js';
import { parseRequest } from '../../src/request.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import { FEATURE_NAMES } from '../../src/linking/features.js';

const argv = process.argv.slice(2);
const qidMode = argv[0]?.startsWith('--') ? argv[0] : undefined;
const [aidaFile, conllFile, topN = '15', docFilter] = qidMode ? ['', '', argv[2] ?? '15'] : argv;
const loader = fileLoader();
const linker = await loadLinker(loader, process.env.TEXTLENS_KB, process.env.TEXTLENS_LINKER ? JSON.parse(readFileSync(process.env.TEXTLENS_LINKER, 'utf8')) : undefined);
const ner = await loadMentionRecognizer(undefined, () => loader);
const docs = qidMode ? [] : parseAida(readFileSync(aidaFile, 'utf8'), readFileSync(conllFile, 'utf8'));
const request = parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never);
const ctx: AnnotateContext = { language: 'eng', request, warn: () => {} };
const buckets = new Map<string, Map<string, number>>();
const add = (b: string, s: string) => {
  let m = buckets.get(b);
  if (!m) buckets.set(b, (m = new Map()));
  m.set(s, (m.get(s) ?? 0) + 1);
};
const CONFLICT = FEATURE_NAMES.indexOf('typeConflict');
if (qidMode) {
  const segmenter = await createSegmenter(loader);
  const source = resolve(argv[1] ?? '');
  const qdocs =
    qidMode === '--gum'
      ? readGum(source, gumConllu(source, 'dev') ?? '', 'dev')
      : qidMode === '--jsonl'
        ? await readEntityJsonl(source, segmenter)
        : await readElevant(source, segmenter);
  for (const q of qdocs) await qidErrors(q);
}
/** The errors of one QID-benchmark document, counted the way evalQidBenchmark (src/eval/el.ts) counts. */
async function qidErrors(q: QidDocument): Promise<void> {
  const doc = q.doc;
  doc.mentions = await recognizeDoc(ner, doc);
  const text = [...doc.text];
  const cut = (s: number, t: number) => text.slice(s, t).join('');
  const ents = linkEntities(linker, doc, ctx);
  const { spans, links } = linkDecisions(linker, doc, false);
  // The NIL decision's threshold for the mention's shape (src/linking/nil.ts, linkThreshold).
  const nilModel = linker.model.nil;
  const thresholdOf = (x: readonly number[]) => (nilModel ? linkThreshold(nilModel, x) : 0);
  const labelsAt = labelsBySpan(text, q.gold);
  const inSpan = (s: number, t: number) => s >= q.span[0] && t <= q.span[1];
  const bucketOf = (c: number | undefined) => (c === undefined ? '?' : `conf ${Math.floor(c)}`);
  for (const e of ents) {
    if (e.wikidataId === undefined) continue;
    const s = doc.start[e.start];
    const t = doc.end[e.end - 1];
    if (!inSpan(s, t)) continue;
    const here = labelsAt(s, t);
    const g = here.find((x) => x.qid === e.wikidataId) ?? here[0];
    if (g && g.qid === e.wikidataId) {
      if (!g.optional) add('tp', bucketOf(e.confidenceScore));
      continue;
    }
    const what = `${cut(s, t)} → ${e.entityId ?? e.wikidataId} (${bucketOf(e.confidenceScore)})`;
    add('fp by confidence', bucketOf(e.confidenceScore));
    if (g && !g.qid) add('fp:span the set marks NIL', what);
    else if (g) add(linker.kb.entity(g.qid) ? 'fp:wrong entity, gold in KB' : 'fp:wrong entity, gold not in KB', `${what} [gold ${g.qid}]`);
    else {
      const outer = q.gold.find((x) => x.start <= s && t <= x.end);
      const over = outer ?? q.gold.find((x) => x.start < t && s < x.end);
      if (outer) add('fp:inside a longer gold span', `${what} [in "${cut(outer.start, outer.end)}" ${outer.qid || 'NIL'}]`);
      else if (over) add('fp:overlaps a gold span', `${what} [gold "${cut(over.start, over.end)}" ${over.qid || 'NIL'}]`);
      else add('fp:no gold span', what);
    }
  }
  for (const m of goldMentions(text, q.gold)) {
    const root = q.gold[m.label];
    if (!inSpan(root.start, root.end)) continue;
    // The alternative the KB has (a tree's labels on one span are alternatives).
    const qid = m.qids.find((x) => linker.kb.entity(x));
    const ge = qid === undefined ? undefined : linker.kb.entity(qid);
    if (!ge || qid === undefined) continue;
    const g = { ...root, qid };
    const e = ents.find((x) => doc.start[x.start] === g.start && doc.end[x.end - 1] === g.end);
    if (e?.wikidataId !== undefined && m.qids.includes(e.wikidataId)) continue;
    const lower = /^\p{Ll}/u.test(cut(g.start, g.end)) ? 'lower-case ' : '';
    const what = `${cut(g.start, g.end)} → ${ge.title ?? g.qid}`;
    const i = spans.findIndex((x) => doc.start[x.start] === g.start && doc.end[x.end - 1] === g.end);
    if (i < 0) {
      const over = spans.find((x) => doc.start[x.start] < g.end && g.start < doc.end[x.end - 1]);
      add(over ? 'miss:a different span' : `miss:no ${lower}span`, over ? `${what} (span "${over.text}")` : what);
      continue;
    }
    const d = links[i];
    const c = d.choice;
    const gi = d.ranked.findIndex((r) => r.entity.id === ge.id);
    if (!c) add(gi < 0 ? 'miss:gold not a candidate' : gi === 0 ? 'miss:gold first, under the ranker threshold' : 'miss:another candidate first', what);
    else if (c.veto) add(`miss:refused (${c.veto})`, what);
    else if (c.candidate.entity.id === ge.id && c.confidence >= thresholdOf(c.features)) add('miss:gold chosen and kept, undone after ranking (coreference, place pairs)', what);
    else if (c.candidate.entity.id === ge.id) add('miss:gold chosen, under the NIL threshold', `${what} q=${c.confidence.toFixed(2)} (threshold ${thresholdOf(c.features)})`);
    else add(e?.wikidataId || e?.entityId ? 'miss:linked to another entity' : 'miss:another entity chosen, NIL', `${what} (chose ${c.candidate.entity.title ?? c.candidate.entity.qid})`);
  }
}
for (const d of docs) {
  // Optional: only documents whose first tokens match (e.g. "^(SOCCER|CRICKET)" for sports reports).
  if (docFilter && !new RegExp(docFilter).test(d.tokens.slice(0, 3).join(' '))) continue;
  const doc = aidaDoc(d);
  doc.mentions = await recognizeDoc(ner, doc);
  const ents = linkEntities(linker, doc, ctx);
  const at = new Map(ents.map((e) => [`${e.start}:${e.end}`, e]));
  // The ranking of each kept span, in the document's context (what linkEntities saw, near enough).
  const spans = ents.map((e) => {
    const m = doc.mentions?.find((x) => x.start === e.start && x.end === e.end);
    return { start: e.start, end: e.end, text: doc.tokens.slice(e.start, e.end).join(' '), label: m?.label };
  });
  const ranked = new Map(disambiguate(linker.kb, linker.model, doc.tokens, spans, { contextVectors: linker.vectors }).map((r, i) => [`${spans[i].start}:${spans[i].end}`, r]));
  const goldAt = new Map(d.mentions.map((m) => [`${m.start}:${m.end}`, m]));
  for (const m of d.mentions) {
    if (!m.title) continue;
    const g = goldEntity(linker.kb, m);
    const e = at.get(`${m.start}:${m.end}`);
    const s = `${m.text} → ${m.title}`;
    if (e?.entityId !== undefined && (e.entityId === m.title || e.entityId === g?.title)) add('tp', s);
    else if (!g) add(e?.entityId ? 'notInKb+linkedOther' : 'notInKb', s);
    else if (!e) {
      const over = ents.find((x) => x.start < m.end && m.start < x.end);
      add(over ? 'spanMismatch' : 'spanMissed', over ? `${s} (got "${doc.tokens.slice(over.start, over.end).join(' ')}")` : `${s} [${m.label ?? '-'}]`);
    } else {
      const r = ranked.get(`${m.start}:${m.end}`);
      const gi = r ? r.ranked.findIndex((c) => c.entity.id === g.id) : -1;
      if (gi < 0) add('notCandidate', s);
      else if (gi === 0) add('underThreshold', `${s} p=${r?.ranked[0].probability.toFixed(2)}`);
      else add(e.entityId ? 'wrongFirst' : 'wrongFirstUnlinked', `${s} (got ${r?.ranked[0].entity.title ?? r?.ranked[0].entity.qid})`);
    }
  }
  for (const e of ents) {
    if (e.entityId === undefined) continue;
    const m = goldAt.get(`${e.start}:${e.end}`);
    const s = `${doc.tokens.slice(e.start, e.end).join(' ')} → ${e.entityId}`;
    if (!m) add('fp:noGoldSpan', s);
    else if (!m.title) add('fp:nme', s);
    // Precision by where the span came from and what the entity is.
    const nerSpan = doc.mentions?.find((x) => x.start === e.start && x.end === e.end && x.source === 'ner');
    const fromNer = nerSpan ? `ner-${nerSpan.label}` : 'alias';
    const g = m?.title ? goldEntity(linker.kb, m) : undefined;
    const right = !!m?.title && (e.entityId === m.title || e.entityId === g?.title);
    const kind = `${fromNer} ${linker.kb.entity(e.entityId)?.dbpediaTypes.length ? 'typed' : 'untyped'} ${e.end - e.start === 1 ? '1tok' : 'ntok'}`;
    add(right ? 'prec:tp' : 'prec:fp', kind);
  }
}
void CONFLICT;
for (const [b, m] of [...buckets].sort()) {
  const total = [...m.values()].reduce((a, x) => a + x, 0);
  console.log(`\n## ${b}: ${total}`);
  for (const [s, n] of [...m].sort((a, b2) => b2[1] - a[1]).slice(0, Number(topN))) console.log(`  ${n}\t${s}`);
}
