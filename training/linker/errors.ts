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
 * A diagnostic for tuning on testa: never run it on a held-out split.
 */
import { readFileSync } from 'node:fs';
import { parseAida } from '../../src/linking/aida.js';
import { aidaDoc, goldEntity } from '../../src/eval/el.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadLinker, linkEntities } from '../../src/annotators/linker.js';
import { loadMentionRecognizer } from '../../src/eval/recognizer.js';
import { recognizeDoc } from '../../src/annotators/ner.js';
import { disambiguate } from '../../src/linking/disambiguate.js';
import { parseRequest } from '../../src/request.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import { FEATURE_NAMES } from '../../src/linking/features.js';

const [aidaFile, conllFile, topN = '15', docFilter] = process.argv.slice(2);
const loader = fileLoader();
const linker = await loadLinker(loader);
const ner = await loadMentionRecognizer(undefined, () => loader);
const docs = parseAida(readFileSync(aidaFile, 'utf8'), readFileSync(conllFile, 'utf8'));
const request = parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never);
const ctx: AnnotateContext = { language: 'eng', request, warn: () => {} };
const buckets = new Map<string, Map<string, number>>();
const add = (b: string, s: string) => {
  let m = buckets.get(b);
  if (!m) buckets.set(b, (m = new Map()));
  m.set(s, (m.get(s) ?? 0) + 1);
};
const CONFLICT = FEATURE_NAMES.indexOf('typeConflict');
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
  const ranked = new Map(disambiguate(linker.kb, linker.model, doc.tokens, spans).map((r, i) => [`${spans[i].start}:${spans[i].end}`, r]));
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
