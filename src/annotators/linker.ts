/**
 * The entities layer with links: NER mentions plus KB alias matches,
 * disambiguated against the knowledge base (src/linking/disambiguate.ts).
 *
 * Output per entity (see EntityRecord):
 * - entityId / entityEnglishId: the English Wikipedia title with underscores
 *   ("United_Kingdom"), as the hosted API reported ids; the KB is English,
 *   so both are the same. encyclopediaLink: https://en.wikipedia.org/wiki/<title>.
 *   An entity known only by QID (no article title in the KB) gets wikidataId
 *   and a https://www.wikidata.org/wiki/<QID> link, no entityId.
 * - type: the entity's DBpedia classes with ancestors (from the KB), else those
 *   its NER label implies; kbTwoTypes: Freebase-style types; kbTwoId: the mid.
 * - confidenceScore = 0.5 + 9.5·q, q the NIL decision's probability that the
 *   link is right (src/linking/nil.ts; calibrated on dev sets, see
 *   models/kb/MODEL_CARD.md); for an unlinked NER mention, the NER score on
 *   the same scale (confidence that the span is a name, not that it is in the KB).
 * - relevanceScore: salience (frequency, first position, page title).
 * - data: results of entities.enrichmentQueries (see enrichment.ts).
 * Unlinked NER mentions stay, with the linked fields absent; unlinked alias
 * matches are dropped (a capitalized word that happens to be an alias is no
 * entity). entities.allowOverlap=false keeps NER spans over alias matches,
 * then the higher confidence.
 */
import type { Annotator, AnnotateContext } from './annotator.js';
import type { Doc, EntityRecord } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { DbpediaOntology } from '../linking/ontology.js';
import { KnowledgeBase, type KbEntity } from '../linking/knowledge-base.js';
import { disambiguate, type Disambiguation } from '../linking/disambiguate.js';
import { matchAliases } from '../linking/alias-matcher.js';
import { placeRegionPairs } from '../linking/place-region.js';
import { normalizeAlias, wikipediaLink } from '../linking/normalize.js';
import { enrich } from '../linking/enrichment.js';
import { passesTypeFilter, resolveOverlaps, salience } from './mention-entities.js';
import { usesContextVectors, type FeatureOverrides, type LinkerModel, type MentionSpan } from '../linking/features.js';
import { contextVectors, type ContextVectors } from '../linking/context-vectors.js';
import { loadWordVectors } from '../models/word-vectors.js';
import { isLicenceMention, licenceLookupName } from '../linking/licence-names.js';
import { nonNameRanges, overlaps } from './mention-filter.js';
import { NAME_JOINERS } from '../linking/name-joiners.js';
import { lowerCaseWords, TITLE_FUNCTION_WORDS, titleCasedSentences } from '../linking/title-case.js';
import { leadingTitleLength, PERSON_TITLE_WORDS } from '../linking/person-titles.js';
import { WordNetLexicon } from '../lexicon/wordnet.js';

export const LINKER_RESOURCES = ['kb/kb.sqlite', 'kb/linker.json', 'ontology/dbpedia-classes.json', 'vectors/meta.json', 'vectors/vectors.bin'] as const;

export interface Linker {
  kb: KnowledgeBase;
  ontology: DbpediaOntology;
  model: LinkerModel;
  /** The shared word vectors for feature contextVector, loaded when the model weighs it. */
  vectors?: ContextVectors;
  /** Whether WordNet lists a word (any part of speech), for the ranker's brand names (features.ts, brandName). */
  isWord?: (word: string) => boolean;
}

/**
 * kbFile: a KB file to use instead of the loader's kb/kb.sqlite (e.g. one
 * built from a Wikidata dump); model: ranker weights instead of kb/linker.json.
 */
export async function loadLinker(loader: ResourceLoader, kbFile?: string, model?: LinkerModel): Promise<Linker> {
  const ontology = await DbpediaOntology.load(loader);
  const kb = await KnowledgeBase.open(kbFile ?? loader, { ontology });
  const m = model ?? (JSON.parse(await loader.text('kb/linker.json')) as LinkerModel);
  const vectors = usesContextVectors(m) ? contextVectors(await loadWordVectors(loader)) : undefined;
  // The lemma lists the tagger and the lemmatizer load too (one copy per loader).
  const wordnet = await WordNetLexicon.load(loader);
  return { kb, ontology, model: m, vectors, isWord: (w) => wordnet.hasLemmaAnyPos(w) };
}

export async function createLinker(loader: ResourceLoader): Promise<Annotator> {
  const linker = await loadLinker(loader);
  return {
    run(doc: Doc, ctx: AnnotateContext) {
      // The KB read by sql.js because better-sqlite3 did not load: said in every response that used it (warn keeps one copy).
      if (linker.kb.notice) ctx.warn('sqlite-wasm-fallback', linker.kb.notice);
      doc.entities = linkEntities(linker, doc, ctx);
    },
  };
}

/** A mention span with where it came from: NER (with its score) or an alias match. */
export interface LinkSpan extends MentionSpan {
  ner: boolean;
  nerScore: number;
}

type Span = LinkSpan;

export function linkEntities(linker: Linker, doc: Doc, ctx: AnnotateContext): EntityRecord[] {
  const opts = ctx.request.entities;
  const { spans, links } = linkDecisions(linker, doc, opts.allowOverlap, undefined, ctx.language);
  // "Boston, Massachusetts": one mention of the town the KB places in that state (src/linking/place-region.ts).
  const pairs = placeRegionPairs(doc.tokens, spans, links, (name) => kbNameOf(linker.kb, name));
  let records: (EntityRecord & { ner: boolean })[] = [];
  const labels = documentLabels(spans);
  links.forEach((l, i) => {
    const town = pairs.towns.get(i);
    const s = town ? { ...spans[i], end: town.end, text: doc.tokens.slice(spans[i].start, town.end).join(' ') } : spans[i];
    const best = town ? town.best : pairs.unlinked.has(i) ? undefined : l.best;
    if (pairs.regions.has(i) || (!best && !s.ner)) return;
    const rec = entityRecord(linker, s, best?.entity, best?.probability);
    // An unlinked name is typed by the tagger's class, the same for every mention of it in the document.
    const vote = best ? undefined : labels.get(normalizeAlias(s.text));
    if (vote) rec.type = linker.ontology.typesForNerLabel(vote.label, vote.nerScore);
    records.push({ ...rec, ner: s.ner });
  });
  const preference = (r: (typeof records)[number]) => (r.ner ? 100 : 0) + r.confidenceScore;
  records = withoutTaggedPieces(records);
  records = opts.allowOverlap ? oneMentionPerEntityOverlap(records, preference) : resolveOverlaps(records, preference);
  const kept = records.filter(
    (r) => passesTypeFilter(r.type, opts.filterDbpediaTypes) && passesTypeFilter(r.kbTwoTypes, opts.filterFreebaseTypes),
  );
  const rel = salience(doc, kept, ctx.request.cleanup.useMetadata ? ctx.metadata?.title : undefined);
  return kept.map((r, i) => {
    const { ner: _ner, ...rec } = r;
    rec.relevanceScore = Math.round(rel[i] * 1000) / 1000;
    if (opts.enrichmentQueries.length > 0 && (rec.wikidataId ?? rec.entityId) !== undefined) {
      const e = linker.kb.entity(rec.wikidataId ?? rec.entityId ?? "");
      if (e) rec.data = enrich(linker.kb, e, opts.enrichmentQueries);
    }
    return rec;
  });
}

/** The entity a name is first of all (its alias's best candidate, prior ≥ 0.5), if the KB knows the name. */
function kbNameOf(kb: KnowledgeBase, name: string): KbEntity | undefined {
  const top = kb.candidates(name)[0];
  return top && top.prior >= 0.5 ? kb.entity(top.entity) : undefined;
}

/** The linked records grouped by their entity (unlinked ones left out), in record order within a group. */
function byLinkedEntity<T extends EntityRecord>(records: readonly T[]): Iterable<T[]> {
  const byEntity = new Map<string, T[]>();
  for (const r of records) {
    const id = r.wikidataId ?? r.entityId;
    if (id === undefined) continue;
    const group = byEntity.get(id);
    if (group) group.push(r);
    else byEntity.set(id, [r]);
  }
  return byEntity.values();
}

/**
 * Two tagged mentions linked to one entity, one inside the other, are one name: "Rita Levi" and "Montalcini",
 * the tagger's pieces of "Rita Levi-Montalcini", both grew over the hyphen (to "Rita Levi - Montalcini" and
 * "Levi - Montalcini"), and the inner one, linked with the higher confidence, won the overlap. The inner goes,
 * whatever its confidence. An alias match around a tagged name ("President Barack Obama") is left to the overlap
 * rules, which keep the tagger's span.
 */
function withoutTaggedPieces<T extends EntityRecord & { ner: boolean }>(records: T[]): T[] {
  const pieces = new Set<T>();
  for (const group of byLinkedEntity(records.filter((r) => r.ner))) {
    if (group.length < 2) continue;
    // By start, then longest first: a mention ending no further than one before it lies inside that one.
    group.sort((a, b) => a.start - b.start || b.end - a.end);
    let reach = -1;
    for (const r of group) {
      if (r.end <= reach) pieces.add(r);
      else reach = r.end;
    }
  }
  return pieces.size === 0 ? records : records.filter((r) => !pieces.has(r));
}

/**
 * Overlap allowed, two overlapping mentions of one linked entity are one mention: "#BBC" and the "BBC"
 * inside it, "Barack Obama" and the KB's alias "President Barack Obama" around it. Of each such set the
 * one the overlap resolution would keep stays (the recognizer's span, then the higher confidence);
 * overlapping mentions of different entities ("New York" in "New York Times") all stay.
 */
function oneMentionPerEntityOverlap<T extends EntityRecord>(records: readonly T[], preference: (r: T) => number): T[] {
  const dropped = new Set<T>();
  for (const group of byLinkedEntity(records)) {
    if (group.length < 2) continue;
    const kept = new Set(resolveOverlaps(group, preference));
    for (const r of group) if (!kept.has(r)) dropped.add(r);
  }
  return dropped.size === 0 ? [...records] : records.filter((r) => !dropped.has(r));
}

/**
 * One NER class per name in a document: the tagger may call "Debian" a person in one sentence and a
 * place in the next, and an unlinked name's type comes from that class alone. Per name (normalized
 * text), the class with the largest summed score over its tagged mentions, with its best score.
 */
function documentLabels(spans: readonly Span[]): Map<string, { label: string; nerScore: number }> {
  const votes = new Map<string, Map<string, { sum: number; best: number }>>();
  for (const s of spans) {
    if (!s.ner || !s.label) continue;
    const key = normalizeAlias(s.text);
    let byLabel = votes.get(key);
    if (!byLabel) votes.set(key, (byLabel = new Map()));
    const v = byLabel.get(s.label) ?? { sum: 0, best: 0 };
    v.sum += s.nerScore;
    v.best = Math.max(v.best, s.nerScore);
    byLabel.set(s.label, v);
  }
  const out = new Map<string, { label: string; nerScore: number }>();
  for (const [key, byLabel] of votes) {
    let top: [string, { sum: number; best: number }] | undefined;
    // Ties go to the first class met, so the result does not depend on a Map's order of equal sums.
    for (const e of byLabel) if (!top || e[1].sum > top[1].sum) top = e;
    if (top) out.set(key, { label: top[0], nerScore: top[1].best });
  }
  return out;
}

/**
 * The document's mention spans (NER mentions, then alias matches) and the
 * linker's decision on each (disambiguate.ts): what linkEntities turns into
 * entity records, and what training/linker/nil.ts learns the NIL decision
 * from. `overrides`: KB statistics without the document (training).
 */
export function linkDecisions(
  linker: Linker,
  doc: Doc,
  allowOverlap: boolean,
  overrides?: Omit<FeatureOverrides, 'classContexts'>,
  language = 'eng',
): { spans: LinkSpan[]; links: Disambiguation[] } {
  // English writing conventions read by the span rules below: German and French write every noun or a
  // compound's parts capitalized ("EU-Kommission", "Merkel-Regierung"), where they would misfire.
  const english = language === 'eng';
  const tagged: Span[] = (doc.mentions ?? []).flatMap((m) => {
    const { start, end } = withoutEdgePunctuation(doc.tokens, m);
    if (end <= start) return [];
    const parts = splitCoordination(linker.kb, doc, {
      start,
      end,
      text: doc.tokens.slice(start, end).join(' '),
      label: m.label,
      ner: m.source === 'ner',
      nerScore: m.score,
    });
    if (!english) return parts;
    return parts
      .flatMap((p) => splitAtPossessive(linker.kb, doc, p))
      .flatMap((p) => splitAtPlacePreposition(linker.kb, doc, p))
      .flatMap((p) => splitAtLowerCaseWord(linker.kb, doc, p))
      .map((p) => withoutLeadingTitle(linker.kb, doc, p));
  });
  const spans = english ? withCampusesJoined(linker.kb, doc, tagged) : tagged;
  const sentenceStarts = new Set(doc.sentStart);
  const titleCased = titleCasedSentences(doc);
  const titleLines = english ? titleCased : new Set<number>();
  for (const s of spans) {
    if (titleLines.size > 0) shrinkInTitleLine(linker.kb, doc, titleLines, s);
    extendGluedPossessive(linker.kb, doc, s);
    if (english) {
      extendHyphenCompound(doc, s);
      extendCapitalThe(linker.kb, doc, sentenceStarts, s);
      extendToInstitution(doc, s);
    }
  }
  if (titleLines.size > 0) dropCommonWordsInTitleLines(doc, titleLines, spans);
  // Two tagged pieces of one hyphenated name ("Levi", "Montalcini") both grew to the whole name: one span. The
  // keys also keep the alias matches below off the spans taken.
  const spanKeys = new Set<number>();
  for (let k = 0; k < spans.length; k++) {
    const at = spans[k].start * doc.length + spans[k].end;
    if (spanKeys.has(at)) spans.splice(k--, 1);
    else spanKeys.add(at);
  }
  // Per token, 1 + the index of the tagged span over it (0: none).
  const covered = new Int32Array(doc.length);
  spans.forEach((s, i) => covered.fill(i + 1, s.start, s.end));
  const personStarts = new Set(spans.filter((s) => s.label?.toUpperCase() === 'PER').map((s) => s.start));
  const aliases = matchAliases(doc, linker.kb, titleCased);
  // No alias match in a URL, a path, code or a flag: "method: 'POST'" in a README is no newspaper.
  const literals = aliases.length > 0 ? nonNameRanges(doc) : [];
  for (const a of aliases) {
    if (literals.length > 0 && overlaps(literals, doc.start16[a.start], doc.end16[a.end - 1])) continue;
    // Alias matches nested in an NER span are kept only when overlap is allowed.
    let inside = false;
    for (let t = a.start; t < a.end; t++) if (covered[t]) inside = true;
    // The tagged span the KB name grows (at its start, or at its end: extendLeftToAlias).
    const grown = covered[a.start] || covered[a.end - 1];
    if (inside && extendToAlias(doc.tokens, spans, covered, a)) {
      covered.fill(grown, a.start, a.end);
      continue;
    }
    if (inside && !allowOverlap) continue;
    // A capitalized phrase right before a person's name is a title ("Prime Minister Benjamin Netanyahu",
    // "President Clinton"), not a name of its own: linked, it was a generic concept or someone else.
    if (personStarts.has(a.end)) continue;
    if (spanKeys.has(a.start * doc.length + a.end)) continue;
    spanKeys.add(a.start * doc.length + a.end);
    const span: Span = { ...a, text: doc.tokens.slice(a.start, a.end).join(' '), ner: false, nerScore: 0 };
    // An alias inside a hyphenated name ("DOS" of "MS-DOS") is no mention of its own.
    if (english && extendHyphenCompound(doc, span)) continue;
    spans.push(span);
  }
  for (let k = spans.length - 1; k >= 0; k--) if (spans[k].end <= spans[k].start) spans.splice(k, 1);
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  // "License: MIT": the licence, looked up as "MIT License", never MIT the university (licence-names.ts).
  for (const s of spans) if (isLicenceMention(doc.tokens, s.start, s.end)) s.text = licenceLookupName(s.text);
  return { spans, links: disambiguate(linker.kb, linker.model, doc.tokens, spans, { ...overrides, contextVectors: linker.vectors, isWord: english ? linker.isWord : undefined }, { headWords: english }) };
}

/**
 * The tagger sometimes ends a name early: "Martin Luther" of "Martin Luther
 * King", "Nokia" of "Nokia 5800". When a KB name starts where one tagged
 * span starts, covers it and goes on, the tagged span takes the KB name's end
 * and keeps its NER label; tagged spans wholly inside the KB name are pieces of
 * it and go ("Bank" + "England" of "the Bank of England"), one that runs past its
 * end stops it. Only to the
 * right: a KB name that starts before the tagged one adds a sentence's "The"
 * or a title ("The U.S.", "President Clinton"), which are not the name.
 */
function extendToAlias(tokens: readonly string[], spans: LinkSpan[], covered: Int32Array, a: { start: number; end: number }): boolean {
  if (covered[a.start] === 0) return extendLeftToAlias(tokens, spans, covered, a);
  const id = covered[a.start];
  const s = spans[id - 1];
  if (!s.ner || s.start !== a.start || s.end >= a.end) return false;
  // Other tagged spans inside the KB name are pieces of it that the tagger cut at a lower-case word
  // ("Bank" + "England" of "Bank of England"): absorbed. One that runs past it is not.
  const absorbed = new Set<number>();
  for (let t = a.start + 1; t < a.end; t++) {
    const other = covered[t];
    if (other === 0 || other === id) continue;
    const o = spans[other - 1];
    if (o.start <= a.start || o.end > a.end) return false;
    absorbed.add(other - 1);
  }
  // Two nationality words name two countries or peoples, even where a KB name joins them ("British-American").
  if (absorbed.size > 0 && isNationalityPair(tokens.slice(a.start, a.end))) return false;
  for (const k of absorbed) spans[k].end = spans[k].start; // emptied; linkDecisions drops empty spans
  s.end = a.end;
  s.text = tokens.slice(s.start, s.end).join(' ');
  return true;
}

/**
 * The tagger sometimes takes only a name's last words: "Guy" of "Family Guy". When a KB name ends where one
 * tagged span ends and starts before it, over capitalized words no other span covers that are no article and no
 * title ("The U.S.", "President Clinton" stay the tagged name: see extendToAlias), the tagged span takes the KB
 * name's start and keeps its NER label.
 */
function extendLeftToAlias(tokens: readonly string[], spans: LinkSpan[], covered: Int32Array, a: { start: number; end: number }): boolean {
  const id = covered[a.end - 1];
  if (id === 0) return false;
  const s = spans[id - 1];
  if (!s.ner || s.end !== a.end || s.start <= a.start) return false;
  for (let t = a.start; t < s.start; t++) {
    if (covered[t] !== 0 || !/^\p{Lu}\p{Ll}/u.test(tokens[t]) || LEADING_NON_NAME.has(tokens[t]) || PERSON_TITLE_WORDS.has(tokens[t])) return false;
  }
  s.start = a.start;
  s.text = tokens.slice(s.start, s.end).join(' ');
  return true;
}

/** Capitalized words that open a KB name without being part of the name a text gives. */
const LEADING_NON_NAME: ReadonlySet<string> = new Set(['The', 'A', 'An', 'This', 'That', 'These', 'Those', 'Our', 'My', 'His', 'Her', 'Their', 'Its']);

/**
 * A tagged span without the punctuation tokens at its edges: the tagger
 * sometimes takes an exclamation mark or quote into a name ("Miley Cyrus !"
 * in a tweet), and the name is the words. A leading '#' or '@' stays: it
 * marks a hashtag or handle, which tweet annotations span with its marker.
 */
function withoutEdgePunctuation(tokens: readonly string[], m: { start: number; end: number }): { start: number; end: number } {
  const word = (t: string) => /[\p{L}\p{N}]/u.test(t);
  const marker = (i: number) => (tokens[i] === '#' || tokens[i] === '@') && i + 1 < m.end && word(tokens[i + 1]);
  let { start, end } = m;
  while (start < end && !word(tokens[start]) && !marker(start)) start++;
  while (end > start && !word(tokens[end - 1])) end--;
  return { start, end };
}

/**
 * The tagger sometimes joins two coordinated names into one mention
 * ("Harvard University and Stanford University"). When the whole is no KB
 * name but both sides of an "and" are, the mention is the two names; a name
 * with "and" in it ("Bosnia and Herzegovina", "Procter and Gamble") is a KB
 * name and stays whole.
 */
function splitCoordination(kb: KnowledgeBase, doc: Doc, s: Span): Span[] {
  if (s.end - s.start < 3) return [s];
  for (let k = s.start + 1; k < s.end - 1; k++) {
    if (doc.tokens[k] !== 'and') continue;
    const key = (a: number, b: number) => normalizeAlias(doc.tokens.slice(a, b).join(' '));
    if (kb.hasAlias(key(s.start, s.end)) || !kb.hasAlias(key(s.start, k)) || !kb.hasAlias(key(k + 1, s.end))) return [s];
    const part = (a: number, b: number): Span => ({ ...s, start: a, end: b, text: doc.tokens.slice(a, b).join(' ') });
    return [part(s.start, k), part(k + 1, s.end)];
  }
  return [s];
}

/**
 * "State University of New York at Cortland", "University of California at Davis": a campus is named by its
 * university, "at" and its town, which the tagger often tags as two names. Linked apart they are the whole
 * system and a town, neither of them the campus: the two spans are one mention, linked when the KB knows the
 * campus by that name ("University of Illinois at Chicago") or by the title Wikipedia gives campuses
 * ("University of California, San Diego"), and left silent when it does not. English only.
 */
function withCampusesJoined(kb: KnowledgeBase, doc: Doc, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k];
    const t = spans[k + 1];
    const campus =
      t !== undefined &&
      s.label?.toUpperCase() === 'ORG' &&
      t.label?.toUpperCase() === 'LOC' &&
      /\b(University|College)\b/.test(s.text) &&
      doc.tokens[s.end] === 'at' &&
      t.start === s.end + 1 &&
      doc.sentOf[s.start] === doc.sentOf[t.start];
    if (!campus) {
      out.push(s);
      continue;
    }
    // Looked up as written, else as Wikipedia titles campuses ("University of California, San Diego").
    const written = doc.tokens.slice(s.start, t.end).join(' ');
    const titled = `${s.text}, ${t.text}`;
    out.push({ ...s, end: t.end, text: !kb.hasAlias(normalizeAlias(written)) && kb.hasAlias(normalizeAlias(titled)) ? titled : written });
    k++;
  }
  return out;
}

/**
 * The tagger sometimes runs an owner and what it owns into one name: "Virtue's New York", "Arty's
 * Twitter", "Suu Kyi's National League for Democracy". When the whole is no KB name ("Queen's University"
 * is) and what follows the possessive is one, the span is cut there: the owner and the name are mentions
 * of their own (linked or not as any tagged span). Where what follows is no KB name, the whole is more
 * often one name the KB lacks ("Boatmen's Bancshares Inc.", "The Women's Health Clinic") than two; a
 * span tagged MISC stays whole (titles of works). English only.
 */
function splitAtPossessive(kb: KnowledgeBase, doc: Doc, s: Span): Span[] {
  if (s.end - s.start < 3) return [s];
  const cut = doc.tokens.slice(s.start + 1, s.end - 1).findIndex((t) => t === "'s" || t === '\u2019s');
  if (cut < 0 || s.label?.toUpperCase() === 'MISC' || kb.hasAlias(normalizeAlias(s.text))) return [s];
  const k = s.start + 1 + cut;
  const part = (a: number, b: number): Span => ({ ...s, start: a, end: b, text: doc.tokens.slice(a, b).join(' ') });
  const owned = part(k + 1, s.end);
  if (!/^\p{Lu}/u.test(owned.text) || !kb.hasAlias(normalizeAlias(owned.text))) return [s];
  return [part(s.start, k), owned];
}

/**
 * The tagger sometimes takes a unit and its institution as one name ("Society of Fellows at Harvard
 * University", "Department of Biochemistry at Harvard Medical School", "Harvard University in Applied
 * Physics"). When the whole is no KB name but the side after a lower-case "at" is one (a "the" after the
 * preposition is the phrase's), or the side before an "in", the mention is that KB name, and the other
 * side a mention of its own only when it is more than one word: a lone word there names a field of
 * study ("Zoology at the University of Arizona", "B.A. in Economics"), not an entity. After "in" the
 * KB name must be the left side: "Organisation for Security and Cooperation in Europe" is one name that
 * the KB spells otherwise. A name with "at" or "in" that the KB knows ("University of Illinois at
 * Chicago") stays whole, and so does a title: the KB name must have two words or more (or be an acronym
 * before "in": "BBC in London") and the span must not be tagged MISC (works and events: "Death in Venice"
 * is no "Death"). English only.
 */
function splitAtPlacePreposition(kb: KnowledgeBase, doc: Doc, s: Span): Span[] {
  if (s.end - s.start < 3 || s.label?.toUpperCase() === 'MISC') return [s];
  const key = (a: number, b: number) => normalizeAlias(doc.tokens.slice(a, b).join(' '));
  for (let k = s.start + 1; k < s.end - 1; k++) {
    const at = doc.tokens[k] === 'at';
    if (!at && doc.tokens[k] !== 'in') continue;
    if (kb.hasAlias(key(s.start, s.end))) return [s];
    const r = doc.tokens[k + 1] === 'the' && k + 2 < s.end ? k + 2 : k + 1;
    const [name, other] = at ? [[r, s.end], [s.start, k]] : [[s.start, k], [r, s.end]];
    // One word will do for an acronym before "in" ("BBC in London"): no title's word.
    const acronym = name[1] - name[0] === 1 && name[0] === s.start && /^\p{Lu}{2,}$/u.test(doc.tokens[name[0]]);
    if ((name[1] - name[0] < 2 && !acronym) || !kb.hasAlias(key(name[0], name[1]))) continue;
    const part = ([a, b]: number[]): Span => ({ ...s, start: a, end: b, text: doc.tokens.slice(a, b).join(' ') });
    const parts = [part(name)];
    if (other[1] - other[0] > 1) parts.push(part(other));
    return parts.sort((x, y) => x.start - y.start);
  }
  return [s];
}

/**
 * The tagger sometimes runs a name into the words around it: "MBA from INSEAD", "Master of Arts from
 * Cornell University", "European Union fined Google", "House passed Articles of Impeachment". A name
 * holds no lower-case word but its joiners (NAME_JOINERS), so when the whole is no KB name, a tagged span
 * of three words or more is cut at each other lower-case word, and each piece, without joiners at its
 * edges, is a mention of its own (linked or not as any tagged span). A span tagged MISC is left whole:
 * titles of works hold any word ("Much Ado about Nothing"). English only.
 */
function splitAtLowerCaseWord(kb: KnowledgeBase, doc: Doc, s: Span): Span[] {
  if (s.end - s.start < 3 || s.label?.toUpperCase() === 'MISC') return [s];
  const cuts: number[] = [];
  for (let k = s.start + 1; k < s.end - 1; k++) {
    const t = doc.tokens[k];
    if (/^\p{Ll}+$/u.test(t) && !NAME_JOINERS.has(t)) cuts.push(k);
  }
  if (cuts.length === 0 || kb.hasAlias(normalizeAlias(s.text))) return [s];
  const out: Span[] = [];
  let from = s.start;
  for (const k of [...cuts, s.end]) {
    let a = from;
    let b = k;
    while (a < b && NAME_JOINERS.has(doc.tokens[a])) a++;
    while (b > a && NAME_JOINERS.has(doc.tokens[b - 1])) b--;
    if (b > a) out.push({ ...s, start: a, end: b, text: doc.tokens.slice(a, b).join(' ') });
    from = k + 1;
  }
  return out;
}

/**
 * A PER span that opens with a title ("Professor Rutherford", "President Barack Obama", "Prime Minister
 * Benjamin Netanyahu") is the name after it (person-titles.ts), unless the whole span is a name the KB
 * knows ("Prince Charles", "Queen Victoria", "Lady Gaga"). English only.
 */
function withoutLeadingTitle(kb: KnowledgeBase, doc: Doc, s: Span): Span {
  if (s.label?.toUpperCase() !== 'PER') return s;
  const k = leadingTitleLength(doc.tokens.slice(s.start, s.end));
  if (k === 0 || kb.hasAlias(normalizeAlias(s.text))) return s;
  const start = s.start + k;
  return { ...s, start, text: doc.tokens.slice(start, s.end).join(' ') };
}


/**
 * A capital "The" inside a sentence starts a name that has it ("Mayday Parade & The Maine", "a song by
 * The Who"): running text writes the article of other names in lower case ("the White House"). When
 * the tagged span is the name without it and the KB has a page named with it (The_Maine_(band), The_Who),
 * the span takes the "The". Not at a sentence's start (every sentence's first word is capitalized) and
 * not in a title-cased line, where "The" is capitalized anyway.
 */
function extendCapitalThe(kb: KnowledgeBase, doc: Doc, sentenceStarts: ReadonlySet<number>, s: Span): void {
  const at = s.start - 1;
  // "The" with a blank after it, inside a sentence.
  if (at < 0 || doc.tokens[at] !== 'The' || sentenceStarts.has(at) || doc.end[at] >= doc.start[s.start]) return;
  const key = normalizeAlias(`The ${s.text}`);
  if (!kb.hasAlias(key)) return;
  const top = kb.candidatesForKey(key)[0];
  const named = top ? kb.entity(top.entity) : undefined;
  if (!named?.title?.startsWith('The_')) return;
  const sent = doc.sentenceCount > 0 ? doc.sentStart[sentenceOf(doc, at)] : 0;
  // A title-cased line ("Tickets For The Maine Tour On Sale"): another function word capitalized inside
  // the sentence says its "The" is a title's.
  for (let i = sent + 1; i < doc.length && !sentenceStarts.has(i); i++) {
    if (i !== at && TITLE_FUNCTION_WORDS.has(doc.tokens[i])) return;
  }
  s.start = at;
  s.text = `The ${s.text}`;
}


/**
 * In a Title Case line every word is capitalized, and the tagger takes some for names: "Selig Welcomes
 * Government Help In Steroids Scandal". A one-word tagged span there whose word the document also writes in lower
 * case ("would accept government intervention") is that word, not a name, and goes.
 */
function dropCommonWordsInTitleLines(doc: Doc, titleLines: ReadonlySet<number>, spans: Span[]): void {
  const lower = lowerCaseWords(doc);
  for (let k = spans.length - 1; k >= 0; k--) {
    const s = spans[k];
    if (!s.ner || s.end - s.start !== 1 || !titleLines.has(doc.sentOf[s.start])) continue;
    const w = doc.tokens[s.start];
    if (/^\p{Lu}\p{Ll}+$/u.test(w) && lower.has(w.toLowerCase())) spans.splice(k, 1);
  }
}

/**
 * In a Title Case line the tagger takes the capitalized words around a name into it ("Miley Cyrus Has",
 * "Deal With Netflix"): a tagged span there that is no KB name and has no lower-case word inside
 * shrinks to the longest KB name inside it (the leftmost of equal length) that starts with a capital,
 * when the words it drops hold a title's function word ("Has", "With"; not "Kraus" of "Michael Kraus").
 */
function shrinkInTitleLine(kb: KnowledgeBase, doc: Doc, titleLines: ReadonlySet<number>, s: Span): void {
  if (!s.ner || s.end - s.start < 2 || s.end - s.start > 8) return;
  const sentence = sentenceOf(doc, s.start);
  if (!titleLines.has(sentence) || kb.hasAlias(normalizeAlias(s.text))) return;
  // A lower-case "of" or "and" inside it is a formal name's ("U.S. Department of Education"), which a
  // title's capitals do not make: it stays whole.
  for (let i = s.start + 1; i < s.end - 1; i++) if (/^\p{Ll}/u.test(doc.tokens[i])) return;
  for (let n = s.end - s.start - 1; n >= 1; n--) {
    for (let a = s.start; a + n <= s.end; a++) {
      const words = doc.tokens.slice(a, a + n);
      if (!/^\p{Lu}/u.test(words[0]) || TITLE_FUNCTION_WORDS.has(words[0]) || TITLE_FUNCTION_WORDS.has(words[n - 1])) continue;
      // What is dropped must hold a title's function word ("Has", "With", "Our"): a person's name the KB
      // lacks ("Michael Kraus") is no "Michael".
      let dropsFunctionWord = false;
      for (let i = s.start; i < s.end; i++) if ((i < a || i >= a + n) && TITLE_FUNCTION_WORDS.has(doc.tokens[i])) dropsFunctionWord = true;
      if (!dropsFunctionWord) continue;
      const key = normalizeAlias(words.join(' '));
      if (key.length < 2 || !kb.hasAlias(key)) continue;
      s.start = a;
      s.end = a + n;
      s.text = words.join(' ');
      return;
    }
  }
}

/** The sentence of token `i` (a binary search over the sentence starts). */
function sentenceOf(doc: Doc, i: number): number {
  let lo = 0;
  let hi = doc.sentStart.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (doc.sentStart[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/**
 * A nationality word: "British", "Chinese", "Canadian", "Dutch", "Israeli", "Pakistani". Of the words in -i only
 * the endings of nationalities (Israeli, Iraqi, Kuwaiti, Saudi, Somali, Pakistani, Bangladeshi, Yemeni, Qatari,
 * Emirati): Italian surnames end in -i too ("Levi-Montalcini" is one name).
 */
const DEMONYM_SHAPE = /^\p{Lu}\p{Ll}+(?:an|ian|ean|ish|ese|ch|ic|eli|aqi|iti|udi|ali|ani|shi|eni|ari|ati)$/u;

/** How many hyphenated parts a name may gain on each side ("Baden-Baden-…" runs stop there). */
const MAX_HYPHEN_JOINS = 4;

/** Two nationality words joined by a hyphen or a blank ("British-American", "Chinese Canadian"). */
const isNationalityPair = (tokens: readonly string[]): boolean => {
  const words = tokens.filter((t) => t !== '-');
  return words.length === 2 && words.every((w) => DEMONYM_SHAPE.test(w));
};

/**
 * The tagger sometimes takes a place's name and leaves the institution named after it: "Long Beach" of
 * "Long Beach High School", "Mongolia" of "Mongolia Football Federation". When the capitalized words right
 * after a tagged place (at most three, in its sentence) end in a head word of an institution or a building,
 * the span is the institution's name, linked as a whole or not at all: the place alone was a wrong link.
 */
function extendToInstitution(doc: Doc, s: Span): void {
  if (s.label?.toUpperCase() !== 'LOC') return;
  // After "of" or a capitalized word the place is a piece of a longer name already ("Church of England School").
  const before = doc.tokens[s.start - 1];
  if (before !== undefined && s.start > doc.sentStart[doc.sentOf[s.start]] && (NAME_JOINERS.has(before) || /^\p{Lu}/u.test(before))) return;
  const sentenceEnd = doc.sentEnd[doc.sentOf[s.start]];
  for (let k = s.end; k < Math.min(s.end + 3, sentenceEnd); k++) {
    if (!/^\p{Lu}\p{Ll}/u.test(doc.tokens[k])) return;
    if (INSTITUTION_HEADS.has(doc.tokens[k])) {
      s.end = k + 1;
      s.text = doc.tokens.slice(s.start, s.end).join(' ');
      s.label = 'ORG';
      return;
    }
  }
}

/** Last words of an institution's or a building's name. */
const INSTITUTION_HEADS: ReadonlySet<string> = new Set(
  'School Academy College University Hospital Clinic Airport Station Stadium Arena Museum Library Church Cathedral Federation Association Council Institute Prison'.split(' '),
);

/**
 * A name the tokenizer cut at a hyphen ("MS-DOS" → "MS", "-", "DOS"; "Burrows-Wheeler",
 * "Hesse-Darmstadt") and the tagger or the alias matcher took a piece of: the piece is no name of its
 * own (DOS is no State Department, Wheeler no actor), so the span takes the whole hyphenated name, to
 * be linked as a whole or not at all. Only where the word glued on by the hyphen is capitalized or in
 * capitals: "American-born", "US-led" and "Soviet-backed" keep their name; and not between two
 * nationality words ("British-American", "Chinese-Canadian" name two countries or peoples). Returns
 * whether the span grew.
 */
function extendHyphenCompound(doc: Doc, s: Span): boolean {
  const glued = (i: number) => i > 0 && i < doc.length && doc.end[i - 1] === doc.start[i];
  const name = (t: string | undefined) => t !== undefined && /^[\p{Lu}\p{N}]/u.test(t) && /\p{L}/u.test(t);
  let { start, end } = s;
  // Leftwards: word "-" [start…]; rightwards: […end) "-" word.
  // At most MAX_HYPHEN_JOINS a side: names have a few parts, and a run of "A-B-C-…" must not make each
  // of its pieces walk the whole run.
  for (let k = 0; k < MAX_HYPHEN_JOINS && start >= 2 && doc.tokens[start - 1] === '-' && glued(start - 1) && glued(start) && name(doc.tokens[start - 2]); k++) start -= 2;
  for (let k = 0; k < MAX_HYPHEN_JOINS && end + 1 < doc.length && doc.tokens[end] === '-' && glued(end) && glued(end + 1) && name(doc.tokens[end + 1]); k++) end += 2;
  if (start === s.start && end === s.end) return false;
  if (isNationalityPair(doc.tokens.slice(start, end))) return false;
  s.start = start;
  s.end = end;
  s.text = doc.tokens.slice(start, end).join(' ');
  return true;
}

const isPerson = (e: KbEntity) => e.dbpediaTypes.includes('Person');

/**
 * Names that end in a possessive ("McDonald's", "Sainsbury's", "Macy's") are
 * split by the tokenizer into "McDonald" + "'s", and the tagger marks the
 * first part: when the "'s" is glued to the name in the text and the KB knows
 * the name with it, the span takes the "'s" back, so that "McDonald" is not
 * read as a surname ("McDonald's shares fell"). Such names are businesses
 * named after a person, so this happens only when the bare name's best
 * candidate is a person (or it has none) and the name with the "'s" names
 * something else: "Sweden's" and "Clinton's" stay possessives.
 */
function extendGluedPossessive(kb: KnowledgeBase, doc: Doc, s: Span): void {
  const next = doc.tokens[s.end];
  if (next !== "'s" && next !== '\u2019s') return;
  if (doc.start[s.end] !== doc.end[s.end - 1]) return;
  const key = normalizeAlias(`${s.text}'s`);
  const top = kb.hasAlias(key) ? kb.candidatesForKey(key)[0] : undefined;
  const named = top ? kb.entity(top.entity) : undefined;
  if (!top || !named || isPerson(named)) return;
  // Such a name is a business named after a person: the bare name must read first as a person (or as nothing),
  // so that "Sweden's" stays Sweden's possessive whatever alias lists say.
  // The bare name may also read first as the business itself ("McDonald", once the KB knows how popular the
  // chain is): then its own name must end in the possessive.
  const bare = kb.candidatesForKey(normalizeAlias(s.text))[0];
  const bareEntity = bare ? kb.entity(bare.entity) : undefined;
  if (bare && bare.entity === top.entity) {
    if (!/['\u2019]s$/.test(named.title ?? named.label)) return;
  } else if (bare && (!bareEntity || !isPerson(bareEntity))) return;
  // Glued as the text writes it: "McDonald's", the KB's key, not the tokens' "McDonald 's" (no candidate).
  s.text = `${s.text}${next}`;
  s.end += 1;
  // The tagger's class was for the person's name it saw ("McDonald": PER), not for the business.
  s.label = undefined;
}

function entityRecord(linker: Linker, s: Span, e: KbEntity | undefined, p: number | undefined): EntityRecord {
  const nerTypes = s.label ? linker.ontology.typesForNerLabel(s.label, s.nerScore) : [];
  if (!e || p === undefined) {
    return { start: s.start, end: s.end, type: nerTypes, kbTwoTypes: [], confidenceScore: round(0.5 + 9.5 * clamp(s.nerScore)), relevanceScore: 0, data: {} };
  }
  const rec: EntityRecord = {
    start: s.start,
    end: s.end,
    type: e.dbpediaTypes.length > 0 ? e.dbpediaTypes : nerTypes,
    kbTwoTypes: e.freebaseTypes,
    confidenceScore: round(0.5 + 9.5 * clamp(p)),
    relevanceScore: 0,
    data: {},
  };
  if (e.title) {
    rec.entityId = e.title;
    rec.entityEnglishId = e.title;
    rec.encyclopediaLink = wikipediaLink(e.title);
  } else if (e.qid) rec.encyclopediaLink = `https://www.wikidata.org/wiki/${e.qid}`;
  if (e.qid) rec.wikidataId = e.qid;
  if (e.mid) rec.kbTwoId = e.mid;
  return rec;
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const round = (x: number) => Math.round(x * 1000) / 1000;
