/**
 * Disambiguation: for each mention of a document, rank the KB's candidates
 * with a conditional-logit model (a softmax over the mention's candidates of
 * w·features, plus a NIL option) and keep the best when its probability
 * reaches the threshold. The weights come from training/linker/train.ts
 * (aida-conll train; threshold tuned on testa) and ship as models/kb/linker.json.
 *
 * Two stages. Stage 1 scores candidates on local evidence and on coherence
 * with every candidate of the document's other strings (weighted by prior).
 * Stage 2 adds coherence with the *likely* entities only: each other
 * string's candidates weighted by their stage-1 probability — a document
 * about cricket pulls "England" to the cricket team once its other mentions
 * have been read as cricketers, not because some candidate of theirs is a
 * country.
 *
 * Candidates of a mention: its alias's entities, plus — for a capitalized
 * mention inside an earlier, longer mention's string ("Blackburn" after
 * "Peter Blackburn") — the longer string's entities: names are shortened
 * after first use, and the ranker weighs the two priors (features prior and
 * corefPrior).
 *
 * The feature rows are built in features.ts; this file ranks them and applies
 * the overrides the model cannot learn from AIDA alone. The ranker's choice
 * then goes to the NIL decision (nil.ts): hard gates for abbreviations,
 * unit symbols and sports clubs without context evidence (evidence.ts), and
 * a logistic model that gives the probability the link is right — a link
 * below its threshold is silence, and that probability is the confidence.
 */
import type { KbEntity, KnowledgeBase } from './knowledge-base.js';
import { contentWords } from './stopwords.js';
import { contextSimilarity } from './context.js';
import { resolveGivenNames, resolveShortNames } from './name-coreference.js';
import { resolveHeadWords } from './head-coreference.js';
import { type CandidateRows, COARSE, coarseLabelOf, documentFeatures, EXACT_NAME, FEATURE_NAMES, type FeatureOverrides, isTeam, type LinkerModel, LOC_SPORT_TEAM, type MentionSpan, fitsOtherLabel, outsideCoarse, probabilities, TOP_PRIOR } from './features.js';
import { linkProbability, linkThreshold, nilFeatures, SPORTS_MENTION_CLUB_SHARE, SPORTS_MENTION_PRIOR, sportsEvidence, vetoReason, type NilDocument, type NilMention, type NilModel } from './nil.js';
import { hasScore, isInitialsOf, isSportsClub, namesSport, spelledOut, SPORTS_CONTEXT_WORDS, sportsWordCount } from './evidence.js';

export interface ScoredCandidate {
  entity: KbEntity;
  prior: number;
  /**
   * The ranker's softmax probability; on a link (Disambiguation.best), the
   * probability that the link is right (nil.ts) when the model has a NIL
   * decision — the link's confidence.
   */
  probability: number;
}

/** The NIL decision on the ranker's choice for a mention (nil.ts). */
export interface NilDecision {
  candidate: ScoredCandidate;
  /** NIL features of the choice (NIL_FEATURES order). */
  features: number[];
  /** A hard gate that refused the link, if any. */
  veto?: 'unit' | 'abbreviation' | 'team' | 'part' | 'given name';
  /** Probability that the link is right (the ranker's probability without a NIL model). */
  confidence: number;
}

export interface Disambiguation {
  mention: MentionSpan;
  /** Candidates, best first (empty when the KB has none). */
  ranked: ScoredCandidate[];
  /** The link, when the ranker's choice passes its threshold and the NIL decision. */
  best?: ScoredCandidate;
  /** The ranker's choice (its best candidate over the threshold, or the NER-class override) and the NIL decision on it. */
  choice?: NilDecision;
}

export function disambiguate(
  kb: KnowledgeBase,
  model: LinkerModel,
  docTokens: readonly string[],
  mentions: readonly NilMention[],
  overrides?: Omit<FeatureOverrides, 'classContexts'>,
  options: { /** Read one-word mentions of longer names as the document's entity (head-coreference.ts; English). */ headWords?: boolean } = {},
): Disambiguation[] {
  const rows = documentFeatures(kb, model, docTokens, mentions, overrides);
  const givenName = (w: string) => kb.isGivenName(w);
  const nilDoc = { ...nilDocument(docTokens, rows), givenName };
  const words = nilDoc.words;
  let sports: number | undefined;
  // How much the document reads like a sports report: computed once, only if an override is weighed.
  const sportsScore = () => (sports ??= sportsSimilarity(nilDoc.words, model));
  const decided = rows.map((c, i): Disambiguation => {
    const ranked = preferSpelledOut(preferPeople(preferHeadlineTeam(rank(c, model.weights), c), c, mentions[i]), mentions[i], words);
    const top = ranked[0];
    // The NER class read as the KB's (overrideNerClass) when the ranker's choice fails the threshold, or
    // passes it with less probability than the relabelled ranking gives ("Angela Merkel" tagged ORG).
    const plain = top && top.probability >= model.threshold ? top : undefined;
    const relabelled = overrideNerClass(c, mentions[i], model, sportsScore, nilDoc);
    const chosen = relabelled && (!plain || relabelled.probability > plain.probability) ? relabelled : plain;
    if (!chosen) return { mention: mentions[i], ranked };
    return { mention: mentions[i], ranked, choice: decideNil(model.nil, c, ranked, chosen, mentions[i], nilDoc) };
  });
  // One name, one meaning per document: the mentions of a string that the ranker reads as the same entity
  // share the best confidence among them ("JAPAN" in a match report's headline vouches for "Japan" below it).
  const shared = new Map<string, number>();
  const sameKey = (i: number) => `${rows[i].key}\u0001${decided[i].choice?.candidate.entity.id}`;
  decided.forEach((d, i) => {
    if (d.choice && !d.choice.veto) shared.set(sameKey(i), Math.max(shared.get(sameKey(i)) ?? 0, d.choice.confidence));
  });
  const linkedOnce = decided.map((d, i): Disambiguation => {
    if (!d.choice || d.choice.veto) return d;
    const confidence = model.nil ? (shared.get(sameKey(i)) as number) : d.choice.confidence;
    const linked = !model.nil || confidence >= linkThreshold(model.nil, d.choice.features);
    return { ...d, best: linked ? { ...d.choice.candidate, probability: confidence } : undefined };
  });
  const ranked = sameNameElsewhere(rows, linkedOnce);
  // A person's short name means whom the document's full name means (src/linking/name-coreference.ts).
  const links = resolveShortNames(
    mentions,
    ranked.map((d) => d.best),
    (i) => ranked[i].ranked,
  );
  // "Isabel" after "Isabel Ruiz" means her, linked or not (src/linking/name-coreference.ts).
  const withGiven = resolveGivenNames(mentions, links, (i) => ranked[i].ranked, givenName);
  // "the University" means the university the document names in full (src/linking/head-coreference.ts).
  const withHeads = options.headWords === false ? withGiven : resolveHeadWords(docTokens, mentions, withGiven);
  return ranked.map((d, i) => ({ ...d, best: withHeads[i] }));
}

/**
 * One name, one meaning per document, for a mention the ranker left without a choice: "Harvard" tagged LOC in "a
 * professor at Harvard" (its university under the ranker threshold, the tag conflicting) after "a Ph.D. from
 * Harvard" tagged ORG and linked. Such a mention takes the entity that the document's other mentions of the same
 * string link to — when they all link one entity and it is among the mention's candidates — with their best
 * confidence. A mention the ranker chose for, or one whose choice the NIL decision refused or vetoed, keeps that.
 */
function sameNameElsewhere(rows: readonly CandidateRows[], decided: readonly Disambiguation[]): Disambiguation[] {
  const byKey = new Map<string, ScoredCandidate | null>();
  decided.forEach((d, i) => {
    if (!d.best) return;
    const seen = byKey.get(rows[i].key);
    if (seen === undefined) byKey.set(rows[i].key, d.best);
    else if (seen !== null && seen.entity.id !== d.best.entity.id) byKey.set(rows[i].key, null);
    else if (seen !== null && d.best.probability > seen.probability) byKey.set(rows[i].key, d.best);
  });
  return decided.map((d, i) => {
    if (d.choice || d.best) return d;
    const other = byKey.get(rows[i].key);
    const candidate = other ? d.ranked.find((c) => c.entity.id === other.entity.id) : undefined;
    return candidate && other ? { ...d, best: { ...candidate, probability: other.probability } } : d;
  });
}

/** The document facts the NIL decision reads, computed once. */
function nilDocument(tokens: readonly string[], rows: readonly CandidateRows[]): NilDocument {
  const words = new Set(contentWords(tokens));
  const keyCounts = new Map<string, number>();
  for (const r of rows) keyCounts.set(r.key, (keyCounts.get(r.key) ?? 0) + 1);
  // A name that is sport whatever the text: an athlete, a stadium, a league or event as the alias's likely
  // entity, or a club as nearly its only one. "Milan", "Pakistan", "San Francisco" are clubs and teams by
  // AIDA's match reports, but places in other text: they say nothing of the document.
  const sportsKeys = new Set<string>();
  for (const r of rows) {
    const top = r.rows.findIndex((x) => x[TOP_PRIOR] === 1);
    if (top < 0 || r.candidates[top].prior < SPORTS_MENTION_PRIOR || !namesSport(r.entities[top])) continue;
    if (!isSportsClub(r.entities[top]) || clubPriorShare(r) >= SPORTS_MENTION_CLUB_SHARE) sportsKeys.add(r.key);
  }
  // A score ("110-102") is a word of sport as "match" is.
  return { tokens, words, keyCounts, sportsWords: sportsWordCount(words) + (hasScore(tokens) ? 1 : 0), sportsKeys };
}

/** Share of the mention's alias prior that lies on sports clubs. */
function clubPriorShare(c: CandidateRows): number {
  let share = 0;
  c.entities.forEach((e, k) => {
    if (isSportsClub(e)) share += c.candidates[k].prior;
  });
  return share;
}

function decideNil(nil: NilModel | undefined, c: CandidateRows, ranked: readonly ScoredCandidate[], chosen: ScoredCandidate, m: NilMention, d: NilDocument): NilDecision {
  const j = c.entities.indexOf(chosen.entity);
  const other = ranked.find((r) => r.entity !== chosen.entity)?.probability ?? 0;
  const features = nilFeatures(c, j, chosen.probability, other, m, d);
  const veto = vetoReason(chosen.entity, c.candidates[j], c.rows[j], m, d, { key: c.key, clubShare: clubPriorShare(c) });
  return { candidate: chosen, features, veto, confidence: nil ? linkProbability(nil, features) : chosen.probability };
}

/**
 * Under a headline that names a sport, a LOC-tagged country or city that has
 * a team of that sport is taken as the team when the ranker gives the team at
 * least HEADLINE_TEAM_SHARE of the place's probability. In AIDA train, 340 of
 * 459 LOC-tagged names under a SOCCER, CRICKET or RUGBY headline are the team
 * (74 %), but the linear ranker weighs locSportTeam once for all names: for
 * teams that train rarely names, the place's prior, its type agreement with
 * LOC, context words and coherence outweigh it (testa: 61 such misses). This
 * is a rule after ranking rather than a ranker feature; an interaction
 * feature (the team signal scaled by the prior gap) would be the place to
 * move it to. The two candidates swap
 * probabilities, so the link's confidence is the ranker's best.
 * AIDA testa end to end: F1 80.6 -> 81.5 at 0.2 (81.2 when the team always
 * wins; 81.3 at 0.45; 81.5–81.6 from 0.1 to 0.3).
 */
export const HEADLINE_TEAM_SHARE = 0.2;

function preferHeadlineTeam(ranked: ScoredCandidate[], c: CandidateRows): ScoredCandidate[] {
  const j = c.rows.findIndex((r) => r[LOC_SPORT_TEAM] === 1);
  const top = ranked[0];
  if (j < 0 || !top || top.entity === c.entities[j]) return ranked;
  const team = ranked.find((r) => r.entity === c.entities[j]);
  if (!team || team.probability < HEADLINE_TEAM_SHARE * top.probability) return ranked;
  return withSwappedProbabilities(ranked, top, team);
}

/** The ranking after two candidates swap probabilities (the preferred one takes the first's), best first again. */
function withSwappedProbabilities(ranked: readonly ScoredCandidate[], top: ScoredCandidate, preferred: ScoredCandidate): ScoredCandidate[] {
  const swapped = ranked.map((r) =>
    r === preferred ? { ...preferred, probability: top.probability } : r === top ? { ...top, probability: preferred.probability } : r,
  );
  return swapped.sort((a, b) => b.probability - a.probability);
}

/**
 * "Americans", "Germans", "Poles": a demonym in the plural names the people,
 * not their country — "the Americans captured 100 soldiers" are Americans
 * (Q846570), not the United States. Anchor texts link such plurals to the
 * country about as often as to the people (AIDA's news writes "Russians"
 * for Russia's government), so the ranker follows the country's larger
 * prior. When the KB has the people under the mention's own name (an
 * ethnic group or nationality titled as written) and the ranker's first
 * choice is the country, the two swap probabilities, as preferHeadlineTeam
 * does: the people is the link, with the ranker's confidence.
 */
function preferPeople(ranked: ScoredCandidate[], c: CandidateRows, m: MentionSpan): ScoredCandidate[] {
  const top = ranked[0];
  if (!top || !/^\p{Lu}\p{Ll}+s$/u.test(m.text) || !top.entity.dbpediaTypes.includes('Country')) return ranked;
  const j = c.entities.findIndex((e, k) => c.rows[k][EXACT_NAME] === 1 && e !== top.entity && isPeople(e, m.text));
  if (j < 0) return ranked;
  const people = ranked.find((r) => r.entity === c.entities[j]);
  if (!people) return ranked;
  return withSwappedProbabilities(ranked, top, people);
}

/**
 * An acronym means the candidate whose name the document spells out: "IOC" in a report on an Olympic champion is
 * the International Olympic Committee, not Indian Oil Corporation, whose six anchors in AIDA train's Indian business
 * news made it the prior's. When the ranker's first choice for a mention in capitals (2–6 letters) is a name whose
 * initials the mention is and none of whose words the document has, and another of the first five candidates, whose
 * initials the mention is too, has at least a third of its name's words in the document (evidence.ts, `spelledOut`),
 * the two swap probabilities, as preferPeople does. A name in capitals ("NATO", "TEXAS") is no one's initials here.
 */
function preferSpelledOut(ranked: ScoredCandidate[], m: MentionSpan, docWords: ReadonlySet<string>): ScoredCandidate[] {
  const top = ranked[0];
  const text = m.text.trim();
  if (!top || ranked.length < 2 || !/^\p{Lu}{2,6}$/u.test(text)) return ranked;
  // The first choice is itself abbreviated ("NATO" is NATO's own name: it stays), or called by it under a
  // disambiguated title ("FDA_(trade_union)", one of several FDAs), and none of its words is in the text.
  const own = new Set([text.toLowerCase()]);
  const calledSo = /_\(/.test(top.entity.title ?? '') && top.entity.label.toUpperCase() === text;
  if (!(isInitialsOf(text, top.entity) || calledSo) || spelledOut(top.entity, docWords, own) > 0) return ranked;
  const other = ranked.slice(1, 5).find((r) => isInitialsOf(text, r.entity) && spelledOut(r.entity, docWords, own) >= SPELLED_OUT_SHARE);
  if (!other) return ranked;
  return withSwappedProbabilities(ranked, top, other);
}

/** The share of a candidate's name words the document must have for preferSpelledOut. */
const SPELLED_OUT_SHARE = 1 / 3;

/** A people as the KB has it: an ethnic group, or an entity titled with the plural itself ("Americans", "Canadians"). */
function isPeople(e: KbEntity, plural: string): boolean {
  return e.dbpediaTypes.includes('EthnicGroup') || e.title === plural;
}

function sportsSimilarity(docWords: ReadonlySet<string>, model: LinkerModel): number {
  const profile = model.classContexts?.SportsTeam;
  return profile ? contextSimilarity(docWords, profile) : 0;
}

/** The share of its probability a link keeps when it overrides the NER class (reported confidence; docs/extractors.md, "entities"). */
export const NER_OVERRIDE_CONFIDENCE = 0.8;

/** The least prior with which the name's top candidate may override the NER class. */
export const NER_OVERRIDE_MIN_PRIOR = 0.5;

/**
 * Similarity to the SportsTeam class profile from which a document reads as a
 * sports report (AIDA testa: other news 0.00–0.03, match reports 0.05–0.17).
 */
export const SPORTS_REPORT = 0.05;

const AGREE = FEATURE_NAMES.indexOf('typeAgree');

const CONFLICT = FEATURE_NAMES.indexOf('typeConflict');

const PRIOR = FEATURE_NAMES.indexOf('prior');

const LOC_TEAM = FEATURE_NAMES.indexOf('locTeam');

/** The NER label an entity's DBpedia classes imply: PER, ORG or LOC, MISC for a class outside those three, none when untyped. */
function nerLabelOf(e: KbEntity): string | undefined {
  return coarseLabelOf(e) ?? (outsideCoarse(e) ? 'MISC' : undefined);
}

/**
 * The NER class is evidence, not a veto. When the mention's NER class
 * contradicts every candidate the KB has for the name (Nintendo tagged PER,
 * Lisbon tagged ORG: the KB knows no person Nintendo, no organisation
 * Lisbon), the tagger is taken to have erred, provided the name's top-prior
 * candidate
 * - is dominant (prior ≥ NER_OVERRIDE_MIN_PRIOR),
 * - is named by the mention itself (its label or title: "Kehl" is not
 *   Sebastian Kehl, "NLD" not the Netherlands — a bare surname or code with
 *   the wrong class is more often someone or something the KB lacks) — or
 *   is a team in a text about sport (two words of sport, `sportsEvidence`):
 *   "the Lakers" tagged PER is the team its nickname names —, and
 * - is not a place in a sports report (SPORTS_REPORT): "Bath" or
 *   "Gloucester" there, tagged PER or ORG, are teams the KB may lack.
 * The mention is then ranked again as if it carried that candidate's class
 * (typeAgree, typeConflict and locTeam recomputed under it). A link found so
 * has its probability scaled by NER_OVERRIDE_CONFIDENCE — a disagreement was
 * overridden — and its type is the KB's, as for every link. A team tagged
 * MISC in a text about sport ("the Celtics", read as a people's name) is
 * taken the same way. When some
 * candidate has the NER's class (Chelsea tagged PER: Chelsea Clinton), the
 * NER class stands. A dominant candidate the KB types outside the three
 * coarse classes (Python the programming language, Emacs) overrides a PER
 * or MISC tag the same way, as MISC (LOC and ORG already agree with such a
 * candidate when no candidate has their class: features.ts).
 */
function overrideNerClass(c: CandidateRows, mention: MentionSpan, model: LinkerModel, sportsScore: () => number, d?: NilDocument): ScoredCandidate | undefined {
  const label = mention.label?.toUpperCase();
  if (!label || !(COARSE[label] || label === 'MISC') || c.rows.length === 0) return undefined;
  if (c.rows.some((x) => x[AGREE] === 1)) return undefined;
  const top = c.rows.findIndex((x) => x[TOP_PRIOR] === 1);
  if (top < 0) return undefined;
  const row = c.rows[top];
  const kbLabel = nerLabelOf(c.entities[top]);
  // A person tag on a name the KB types outside Person/Organisation/Place (Python, Emacs) conflicts with it
  // although typeConflict (set for the coarse classes only) does not say so.
  // MISC agrees with no class in the features, so a MISC tag on such an entity is relabelled the same way.
  // A team's nickname ("the Lakers", tagged PER) is no exact name of the team, but in a text about sport it
  // means the team as its full name would.
  const teamInSport = d !== undefined && isSportsClub(c.entities[top]) && sportsEvidence(d, c.key) >= SPORTS_CONTEXT_WORDS;
  // MISC agrees with no class and conflicts with none in the features; a team tagged MISC in a text about sport
  // ("the Celtics", read as a people's name) conflicts with its tag all the same.
  const conflict = row[CONFLICT] === 1 || kbLabel === 'MISC' || (label === 'MISC' && teamInSport);
  if (!conflict || row[PRIOR] < NER_OVERRIDE_MIN_PRIOR || (row[EXACT_NAME] !== 1 && !teamInSport)) return undefined;
  if (!kbLabel || (kbLabel === 'LOC' && sportsScore() >= SPORTS_REPORT)) return undefined;
  const relabelled = { ...mention, label: kbLabel };
  const rows = c.rows.map((x, j) => {
    const y = x.slice();
    const e = c.entities[j];
    const agree = kbLabel === 'MISC' ? fitsOtherLabel(e) : COARSE[kbLabel].some((k) => e.dbpediaTypes.includes(k));
    y[AGREE] = agree ? 1 : 0;
    // MISC names no class, so it conflicts with none (as in features.ts).
    y[CONFLICT] = !agree && kbLabel !== 'MISC' && coarseLabelOf(e) !== undefined && !(kbLabel === 'LOC' && isTeam(e)) ? 1 : 0;
    y[LOC_TEAM] = kbLabel === 'LOC' && isTeam(e) ? 1 : 0;
    // Kept 0: a LOC relabelling is refused in sports reports (above), where headlines name a sport.
    y[LOC_SPORT_TEAM] = 0;
    return y;
  });
  const best = rank({ ...c, rows }, model.weights)[0];
  if (!best || best.probability < model.threshold || nerLabelOf(best.entity) !== relabelled.label) return undefined;
  return { ...best, probability: best.probability * NER_OVERRIDE_CONFIDENCE };
}

export function rank(c: CandidateRows, weights: readonly number[]): ScoredCandidate[] {
  const p = probabilities(c.rows, weights);
  return c.entities.map((entity, j) => ({ entity, prior: c.candidates[j].prior, probability: p[j] })).sort((a, b) => b.probability - a.probability);
}
