/**
 * The NIL decision: whether the ranker's choice for a mention is a link or
 * silence. The ranker (disambiguate.ts) says which candidate fits best; it
 * cannot say that none fits — on text whose entities the KB lacks, the
 * best candidate is the nearest famous namesake. This logistic model reads
 * the choice's evidence (its probability and margin, prior, popularity,
 * context and coherence (words and vectors), the mention's shape, evidence for abbreviations
 * and teams: evidence.ts) and gives the probability that the link is
 * right. A link is kept when it reaches the model's threshold, and that
 * probability is the link's confidence (confidenceScore = 0.5 + 9.5·q).
 * The threshold may differ by the mention's shape (nilGroup).
 *
 * Trained by training/linker/nil.ts on the linker's end-to-end choices on
 * AIDA train (its --NME-- mentions are choices that must stay silent) and
 * the ELEVANT and GUM dev sets; the threshold is chosen there for
 * precision on every dev set (models/kb/MODEL_CARD.md).
 */
import type { Candidate, KbEntity } from './knowledge-base.js';
import { abbreviates, isSportsClub, subjectInsideName, titleCaseAcronym, isUnitUse, spelledOut, SPORTS_CONTEXT_WORDS, sportsWordCount } from './evidence.js';
import { FEATURE_NAMES, isTeam, type CandidateRows, type MentionSpan } from './features.js';

export const NIL_FEATURES = [
  'bias',
  'probability',
  'margin',
  'prior',
  'topPrior',
  'popularity',
  'context',
  'localContext',
  'description',
  'coherence',
  'topCoherence',
  'exactName',
  'typeAgree',
  'typeConflict',
  'noNerLabel',
  'nerScore',
  'abbreviation',
  'abbreviationSpelled',
  'abbreviationEvidence',
  'allCaps',
  'oneToken',
  'shortName',
  'ambiguity',
  'repeated',
  'teamNoSportsContext',
  'noCounts',
  'corefOnly',
  'label:PER',
  'label:ORG',
  'label:LOC',
  'label:MISC',
  'class:Person',
  'class:Place',
  'class:Organisation',
  'class:Work',
  'class:other',
  'demonym',
  'personOneToken',
  'inLongerName',
  'placeList',
  'contextVector',
  'descriptionVector',
  'noContextWords',
] as const;

export interface NilModel {
  features: readonly string[];
  weights: number[];
  /** Least probability of being right for a link. */
  threshold: number;
  /**
   * The least probability per mention shape (nilGroup), where it differs
   * from `threshold`: news text links a one-token place name right more
   * often than a bare surname or a one-word organisation at the same q.
   */
  groupThresholds?: Partial<Record<NilGroup, number>>;
}

/** Mention shapes with a threshold of their own: a demonym read as its place, one-token PER/ORG/LOC names, the rest. */
export const NIL_GROUPS = ['demonym', 'PER1', 'ORG1', 'LOC1', 'other'] as const;
export type NilGroup = (typeof NIL_GROUPS)[number];

const NIL_COL = (n: (typeof NIL_FEATURES)[number]) => NIL_FEATURES.indexOf(n);
const SHAPE = { demonym: NIL_COL('demonym'), oneToken: NIL_COL('oneToken'), PER: NIL_COL('label:PER'), ORG: NIL_COL('label:ORG'), LOC: NIL_COL('label:LOC') };

/** The mention shape of a choice, read off its NIL features (nilFeatures). */
export function nilGroup(x: readonly number[]): NilGroup {
  if (x[SHAPE.demonym] === 1) return 'demonym';
  if (x[SHAPE.oneToken] !== 1) return 'other';
  if (x[SHAPE.PER] === 1) return 'PER1';
  if (x[SHAPE.ORG] === 1) return 'ORG1';
  if (x[SHAPE.LOC] === 1) return 'LOC1';
  return 'other';
}

/** The least probability a choice with these NIL features needs to be linked. */
export function linkThreshold(model: NilModel, x: readonly number[]): number {
  return model.groupThresholds?.[nilGroup(x)] ?? model.threshold;
}

/** What the NIL decision needs of a mention besides its candidates. */
export interface NilMention extends MentionSpan {
  /** Whether NER found the span (else an alias match). */
  ner?: boolean;
  /** NER score (0–1). */
  nerScore?: number;
}

/** Per document, computed once. */
export interface NilDocument {
  tokens: readonly string[];
  words: ReadonlySet<string>;
  /** Mentions per normalized key. */
  keyCounts: ReadonlyMap<string, number>;
  sportsWords: number;
  /**
   * The normalized keys of the document's mentions that name sport on their own: the alias's most likely
   * entity (prior ≥ SPORTS_MENTION_PRIOR) is a club, an athlete, a stadium, a league or a sports event
   * ("Cristiano Ronaldo", "Stamford Bridge", "Real Madrid"). Another such mention is evidence of sport
   * as a sports word is.
   */
  sportsKeys?: ReadonlySet<string>;
  /** Whether a word is a person's given name by the KB's list ("Ian"; KnowledgeBase.isGivenName). */
  givenName?: (word: string) => boolean;
}

const col = (n: string) => FEATURE_NAMES.indexOf(n as (typeof FEATURE_NAMES)[number]);
const F = {
  prior: col('prior'),
  topPrior: col('topPrior'),
  popularity: col('popularity'),
  context: col('context'),
  localContext: col('localContext'),
  description: col('description'),
  coherence: col('coherence'),
  topCoherence: col('topCoherence'),
  exactName: col('exactName'),
  typeAgree: col('typeAgree'),
  typeConflict: col('typeConflict'),
  ambiguity: col('ambiguity'),
  noCounts: col('noCounts'),
  corefOnly: col('corefOnly'),
  contextVector: col('contextVector'),
  descriptionVector: col('descriptionVector'),
  noContextWords: col('noContextWords'),
};

/**
 * Hard gates before the model: a unit symbol used as a unit, a short word
 * in title case that is only the entity's acronym ("La" for LA), an
 * abbreviation that no anchor text attests for the entity and that has no
 * evidence in the document (its name not spelled out, no context,
 * description or coherence support), a sports club in a text without sport (needsSportContext: a club's
 * own full name needs none; `name` gives the mention's alias key and the share of its prior on clubs), an
 * academic subject inside a longer name ("Nobel Prize in Physics"). Returns the reason, or undefined when
 * the link may stand.
 */
export function vetoReason(
  e: KbEntity,
  c: Candidate,
  row: readonly number[],
  m: NilMention,
  d: NilDocument,
  name: { /** The mention's normalized alias. */ key: string; /** Share of the alias's prior on sports clubs. */ clubShare: number } = { key: '', clubShare: 0 },
): 'unit' | 'abbreviation' | 'team' | 'part' | 'given name' | undefined {
  if (isUnitUse(d.tokens, m)) return 'unit';
  // An abbreviation that linked text attests for the entity ("U.S.", "UN", "NATO" as anchors) needs no more;
  // "RFC" and "MB" reach Richmond FC and Manitoba only through derived alias lists, never as anchors.
  const attested = c.count > 0 && c.prior >= 0.5;
  if (titleCaseAcronym(m.text, e)) return 'abbreviation';
  if (!attested && abbreviates(m.text, e)) {
    const spelled = spelledOut(e, d.words, new Set());
    if (spelled < 0.5 && abbreviationSupport(row) < ABBREVIATION_SUPPORT) return 'abbreviation';
  }
  if (isSportsClub(e) && needsSportContext(m, d, name)) return 'team';
  if (subjectInsideName(e, d.tokens, m.start)) return 'part';
  if (biblicalGivenName(e, m, d) || givenNameAlone(e, c, m, d)) return 'given name';
  return undefined;
}

/** Anchors from which a person's given name alone is attested for them ("Diana" 15 times in AIDA train). */
export const GIVEN_NAME_ANCHORS = 3;

/**
 * "Ian" alone is someone called Ian, not Ian Botham, whom one anchor of AIDA train called so (in a report that had
 * named him in full): a one-word mention that is a common given name (the KB's list, d.givenName) and the first word
 * of a person's name of two words or more (and not its last: "Harry" may be Debbie Harry's surname), and that only
 * one or two anchors give the person, links only when the document also names that person's surname. A given name
 * that linked text often gives the person ("Diana", GIVEN_NAME_ANCHORS), or that a curated list of the person's
 * names holds (no anchor: "Elvis", "Oprah"), is theirs; so is a monarch's ("Queen Beatrix"), and a name that is no
 * common given name is often the family name written first ("Jiang" of Jiang Zemin) or a name used alone
 * ("Megawati").
 */
function givenNameAlone(e: KbEntity, c: Candidate, m: NilMention, d: NilDocument): boolean {
  if (m.end - m.start !== 1 || !d.givenName?.(m.text) || !e.dbpediaTypes.includes('Person') || e.dbpediaTypes.includes('Royalty') || e.dbpediaTypes.includes('Monarch')) return false;
  if (c.count === 0 || c.count >= GIVEN_NAME_ANCHORS) return false;
  const name = e.label.split(/\s+/).filter(Boolean);
  if (name.length < 2 || m.text !== name[0] || m.text === name[name.length - 1]) return false;
  return !d.tokens.includes(name[name.length - 1]);
}

/** A figure of the Bible or the Quran, by the KB's description ("Biblical matriarch", "Old Testament character"). */
const SCRIPTURE_FIGURE = /\bbiblical\b|\bBible\b|\bTestament\b|\bQuranic\b/i;

/** Words of a text about scripture or faith, where "Rachel" or "Samuel" may be the figure. */
const SCRIPTURE_WORDS = ['bible', 'biblical', 'testament', 'genesis', 'exodus', 'gospel', 'scripture', 'god', 'lord', 'jesus', 'christ', 'prophet', 'israelites', 'church', 'faith', 'torah', 'quran', 'temple', 'psalm', 'apostle'];

/**
 * "Rachel", "Sarah", "Samuel" alone are someone's given name in most text, and the KB's page of the bare name is the
 * biblical figure: such a link needs a text about scripture or faith.
 */
function biblicalGivenName(e: KbEntity, m: NilMention, d: NilDocument): boolean {
  if (m.end - m.start !== 1 || !SCRIPTURE_FIGURE.test(e.description ?? '') || !e.dbpediaTypes.includes('Person')) return false;
  return !SCRIPTURE_WORDS.some((w) => d.words.has(w));
}

/**
 * Whether a club this mention names may link only in a text about sport. A club's own full name
 * ("Manchester United", "Los Angeles Lakers": two words or more, an alias whose prior lies on clubs) needs
 * no context; a name shared with a city or a thing ("Leeds", "RFC") needs sport in the document, and so
 * does a one-word alias however its prior lies ("Grimsby", "Hearts": AIDA's match reports).
 */
function needsSportContext(m: MentionSpan, d: NilDocument, name: { key: string; clubShare: number }): boolean {
  const clubName = m.end - m.start > 1 && name.clubShare >= CLUB_NAME_SHARE;
  return !clubName && sportsEvidence(d, name.key) < SPORTS_CONTEXT_WORDS;
}

/** Share of an alias's prior on sports clubs from which the alias is a club's own name. */
export const CLUB_NAME_SHARE = 0.9;

/** Prior from which an alias's most likely entity makes its mention a sign of sport (NilDocument.sportsKeys). */
export const SPORTS_MENTION_PRIOR = 0.5;

/** Share of an alias's prior on clubs from which a club's mention is a sign of sport (NilDocument.sportsKeys). */
export const SPORTS_MENTION_CLUB_SHARE = 0.8;

/** Sports words, plus the document's other mentions that name sport on their own (not the mention's own key). */
export function sportsEvidence(d: NilDocument, key: string): number {
  const keys = d.sportsKeys;
  if (!keys) return d.sportsWords;
  return d.sportsWords + keys.size - (keys.has(key) ? 1 : 0);
}

/**
 * Support an abbreviation needs from the document when its expansion is not
 * spelled out: the largest of its context similarity, window context,
 * description overlap and coherence with the other likely entities.
 */
export const ABBREVIATION_SUPPORT = 0.1;

function abbreviationSupport(row: readonly number[]): number {
  return Math.max(row[F.context], row[F.localContext], row[F.description], row[F.topCoherence] ?? 0);
}

/** The NIL features of mention `m`'s candidate `j` (c.rows[j]), `p` and `second` the ranker's top two probabilities. */
export function nilFeatures(c: CandidateRows, j: number, p: number, second: number, m: NilMention, d: NilDocument): number[] {
  const row = c.rows[j];
  const e = c.entities[j];
  const abbr = abbreviates(m.text, e);
  const spelled = abbr ? spelledOut(e, d.words, new Set()) : 0;
  const letters = m.text.replace(/[^\p{L}]/gu, '');
  const label = m.label?.toUpperCase();
  const cls = coarseClass(e);
  const allCaps = letters.length > 1 && letters === letters.toUpperCase() ? 1 : 0;
  return [
    1,
    p,
    p - second,
    row[F.prior],
    row[F.topPrior],
    row[F.popularity],
    row[F.context],
    row[F.localContext],
    row[F.description],
    row[F.coherence],
    row[F.topCoherence] ?? 0,
    row[F.exactName],
    row[F.typeAgree],
    row[F.typeConflict],
    m.label ? 0 : 1,
    m.ner ? (m.nerScore ?? 0) : 0,
    abbr ? 1 : 0,
    spelled,
    abbr ? abbreviationSupport(row) : 0,
    allCaps,
    m.end - m.start === 1 ? 1 : 0,
    letters.length <= 4 ? 1 : 0,
    row[F.ambiguity],
    Math.log(d.keyCounts.get(c.key) ?? 1) / 3,
    isTeam(e) && d.sportsWords < SPORTS_CONTEXT_WORDS + 2 ? 1 : 0,
    row[F.noCounts],
    row[F.corefOnly],
    ...NER_LABELS.map((l) => (label === l ? 1 : 0)),
    ...CLASSES.map((k) => (cls === k ? 1 : 0)),
    // "French" → France: an adjective of the place (a MISC mention that names a place but is not its name).
    label === 'MISC' && cls === 'Place' && row[F.exactName] === 0 ? 1 : 0,
    // "Stack" → Robert Stack: a bare surname or first name read as the famous bearer.
    cls === 'Person' && m.end - m.start === 1 ? 1 : 0,
    inLongerName(d.tokens, m),
    placeList(d.tokens, m),
    row[F.contextVector] ?? 0,
    row[F.descriptionVector] ?? 0,
    row[F.noContextWords] ?? 0,
  ];
}

const capitalized = (t: string | undefined) => t !== undefined && /^\p{Lu}/u.test(t);

/**
 * 1 when the mention is the tail of a longer name ("Vice President of the
 * United States", "School of Art at the University of Iowa"): a capitalized
 * word before "of" or "of the" right before it. The text names the longer
 * thing; the part is rarely what is meant on its own.
 */
function inLongerName(tokens: readonly string[], m: { start: number; end: number }): number {
  let k = m.start - 1;
  if (/^the$/i.test(tokens[k] ?? '')) k--;
  return /^(of|at)$/i.test(tokens[k] ?? '') && capitalized(tokens[k - 1]) ? 1 : 0;
}

/**
 * 1 when the mention is one part of "Place , Region" ("Boston , Massachusetts",
 * "Fontainebleau , France"): texts name the town, and the region only
 * qualifies it.
 */
function placeList(tokens: readonly string[], m: { start: number; end: number }): number {
  return (tokens[m.start - 1] === ',' && capitalized(tokens[m.start - 2])) || (tokens[m.end] === ',' && capitalized(tokens[m.end + 1])) ? 1 : 0;
}

const NER_LABELS = ['PER', 'ORG', 'LOC', 'MISC'] as const;

const CLASSES = ['Person', 'Place', 'Organisation', 'Work', 'other'] as const;

/** The entity's broad class: benchmarks and texts link people, places and organisations at different rates. */
function coarseClass(e: KbEntity): (typeof CLASSES)[number] {
  for (const k of CLASSES) if (e.dbpediaTypes.includes(k)) return k;
  return 'other';
}

/** Probability (0–1) that a link with these NIL features is right. */
export function linkProbability(model: NilModel, x: readonly number[]): number {
  let s = 0;
  const n = Math.min(model.weights.length, x.length);
  for (let i = 0; i < n; i++) s += model.weights[i] * x[i];
  return 1 / (1 + Math.exp(-s));
}
