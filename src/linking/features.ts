/**
 * The ranker's features: for each mention of a document, one row of
 * FEATURE_NAMES per KB candidate — prior, name match, type agreement with the
 * NER label, context similarity, coherence with the document's other
 * mentions, sports slots … (disambiguate.ts ranks the rows). The feature
 * order is the model's: training/linker/train.ts reads the same rows.
 */
import type { Candidate, KbEntity, KnowledgeBase } from './knowledge-base.js';
import { isAcronym, isDottedInitialism, normalizeAlias } from './normalize.js';
import { contentWords } from './stopwords.js';
import { contextSimilarity } from './context.js';
import type { NilModel } from './nil.js';
import { cosine, type ContextVectors } from './context-vectors.js';

export const FEATURE_NAMES = [
  'bias',
  'prior',
  'popularity',
  'topPrior',
  'typeAgree',
  'typeConflict',
  'context',
  'description',
  'coherence',
  'exactName',
  'ambiguity',
  'noCounts',
  'corefPrior',
  'corefTop',
  'corefOnly',
  'sameEntity',
  'locTeam',
  'classContext',
  'teamInSportsDoc',
  'localContext',
  'localClass',
  'sportNamed',
  'teamSlot',
  'placeSlot',
  'teamNoSport',
  'locSportTeam',
  'topCoherence',
  'contextVector',
  'descriptionVector',
  'noContextWords',
] as const;

/** Index of the stage-2 feature (zero in stage 1). */
const TOP_COHERENCE = FEATURE_NAMES.indexOf('topCoherence');

export interface LinkerModel {
  features: readonly string[];
  /** Stage-2 weights over FEATURE_NAMES. */
  weights: number[];
  /** Stage-1 weights (topCoherence's weight is 0); absent in single-stage models. */
  stage1?: number[];
  /** Minimum probability of the best candidate for a link. */
  threshold: number;
  /** Candidates considered per alias (best priors first). */
  maxCandidates: number;
  /**
   * DBpedia class → the words of training documents that mention entities
   * of the class (idf-weighted): a sports report reads like SportsTeam, a
   * diplomatic one like Country. Feature classContext.
   */
  classContexts?: Record<string, Record<string, number>>;
  /** The NIL decision on the ranker's choice (nil.ts); absent: every choice over the threshold links. */
  nil?: NilModel;
}

export interface MentionSpan {
  start: number;
  end: number;
  /** Surface text of the mention. */
  text: string;
  /** NER label (PER/ORG/LOC/MISC …) when known. */
  label?: string;
}

/** Class word profiles, and the hooks that training uses to leave the current document out of KB statistics. */
export interface FeatureOverrides {
  prior?(key: string, c: Candidate, all: readonly Candidate[]): number;
  /** The anchor count without the current document (training). */
  count?(key: string, c: Candidate): number;
  context?(entity: KbEntity): Record<string, number>;
  classContexts?: Record<string, Record<string, number>>;
  /** Word vectors for the features contextVector, descriptionVector and noContextWords (context-vectors.ts); without them they are 0. */
  contextVectors?: ContextVectors;
  /** Whether WordNet lists a word: a one-word brand that is none keeps no noCounts doubt (brandName). */
  isWord?: (word: string) => boolean;
}

export const COARSE: Record<string, string[]> = {
  PER: ['Person'],
  ORG: ['Organisation', 'Company', 'SportsTeam', 'PeriodicalLiterature'],
  LOC: ['Place', 'Location'],
};

/** The NER label (PER, ORG, LOC) whose classes an entity's DBpedia classes include, if any. */
export function coarseLabelOf(e: KbEntity): string | undefined {
  for (const [label, classes] of Object.entries(COARSE)) if (classes.some((c) => e.dbpediaTypes.includes(c))) return label;
  return undefined;
}

/**
 * Whether the KB types the entity, and under none of the three coarse NER
 * classes: software, a programming language, a work, a product, an event, a
 * species. The KB stores each entity's classes with their DBpedia ancestors
 * (src/linking/ontology.ts), so Software → Work and ProgrammingLanguage →
 * Language are outside, Company → Organisation and City → Place inside.
 */
export const outsideCoarse = (e: KbEntity): boolean => e.dbpediaTypes.length > 0 && coarseLabelOf(e) === undefined;

/**
 * typeAgree beyond the coarse classes: a LOC or ORG tag agrees with an
 * entity the KB types outside them (fitsOtherLabel) when no candidate of the
 * mention has the label's own class: the tagger knows four classes, so a
 * name of a kind it never learnt (Python, Linux) is tagged LOC or ORG at
 * random, while "Chicago" tagged LOC with a city among its candidates is the
 * city, not the musical. MISC is left out: letting it agree with every such
 * entity (events, works, products) cost AIDA testa 0.4 F1 end to end (81.5 ->
 * 81.1, retrained or not); a PER or MISC tag on a dominant such entity goes
 * through the NER-class override instead (disambiguate.ts).
 */
const FALLBACK_AGREE = new Set(['LOC', 'ORG']);

/** Sets typeAgree (in place) on a mention's candidates that its LOC/ORG label fits outside the coarse classes. */
function addOtherClassAgreement(label: string | undefined, entities: readonly KbEntity[], rows: number[][]): void {
  const l = label?.toUpperCase() ?? '';
  if (!FALLBACK_AGREE.has(l) || rows.some((x) => x[TYPE_AGREE] === 1)) return;
  rows.forEach((x, j) => {
    if (fitsOtherLabel(entities[j])) x[TYPE_AGREE] = 1;
  });
}

/**
 * An entity a MISC (or stray LOC/ORG) tag fits: typed outside the coarse
 * classes, and not a natural language. CoNLL tags nationality adjectives
 * MISC ("German", "English"), and they name the country or people far more
 * often than the language: with natural languages included, such agreement
 * as a feature of its own got a negative weight on AIDA train (−0.55), and
 * folded into typeAgree it cost AIDA testa 0.7 F1 end to end.
 */
export function fitsOtherLabel(e: KbEntity): boolean {
  return outsideCoarse(e) && !(e.dbpediaTypes.includes('Language') && !e.dbpediaTypes.includes('ProgrammingLanguage'));
}

/**
 * The earlier, longer string each mention may abbreviate ("" for none): a
 * capitalized mention whose key is a whole-word part of an earlier
 * mention's key that the KB knows.
 */
export function corefKeys(kb: KnowledgeBase, mentions: readonly MentionSpan[], norms = mentions.map((m) => normalizeAlias(m.text))): string[] {
  // The earlier mentions' distinct keys in order of first mention, listed under each of their words: a
  // key that holds `key` holds its first word, so only those are compared (comparing every earlier mention
  // was quadratic: 4 s for a 200 kB text naming one person 15,000 times).
  const byWord = new Map<string, string[]>();
  const seen = new Set<string>();
  return mentions.map((m, i) => {
    const key = norms[i];
    let found = '';
    if (key.length > 0 && /^\p{Lu}/u.test(m.text)) {
      const padded = ` ${key} `;
      for (const k of byWord.get(key.split(' ', 1)[0]) ?? []) {
        if (k.length > key.length && ` ${k} `.includes(padded) && kb.hasAlias(k)) {
          found = k;
          break;
        }
      }
    }
    if (!seen.has(key)) {
      seen.add(key);
      for (const w of new Set(key.split(' '))) {
        const list = byWord.get(w);
        if (list) list.push(key);
        else byWord.set(w, [key]);
      }
    }
    return found;
  });
}

export interface CandidateRows {
  /** The mention's normalized alias. */
  key: string;
  /** The longer string it abbreviates, or "". */
  corefKey: string;
  /** Index of the mention's (key, corefKey) group in the document. */
  group: number;
  /** Per candidate: the alias's candidate record (count 0, prior 0 when only the longer string has it). */
  candidates: Candidate[];
  entities: KbEntity[];
  /** One feature vector per candidate, in FEATURE_NAMES order. */
  rows: number[][];
}

/** Words and name keys of an entity, derived once per entity object (the KB caches entities). */
interface EntityText {
  descWords: string[];
  label: string;
  title: string;
}

const entityText = new WeakMap<KbEntity, EntityText>();

function textOf(e: KbEntity): EntityText {
  let t = entityText.get(e);
  if (!t) {
    const title = (e.title ?? '').replace(/_/g, ' ');
    t = {
      descWords: contentWords(`${e.label} ${e.description ?? ''} ${title}`.split(/[^\p{L}]+/u)),
      label: normalizeAlias(e.label),
      title: e.title !== undefined ? normalizeAlias(title) : '',
    };
    entityText.set(e, t);
  }
  return t;
}

interface Group {
  key: string;
  corefKey: string;
  candidates: Candidate[];
  entities: KbEntity[];
  /** Prior of each candidate under corefKey (0 when absent). */
  corefPriors: number[];
  corefTop: boolean[];
}

/**
 * Support of one entity from the document's groups: the groups that give it
 * any (ascending) and the best weight from each. Sparse, because an entity is
 * related to few of a long document's groups: a dense row per candidate
 * entity (groups × candidates numbers) cost megabytes and a pass over every
 * group per mention.
 */
interface Support {
  groups: number[];
  weights: number[];
}

/**
 * Support of each candidate entity from the document's groups: for group k,
 * the best weight(k, j) among k's candidates j that the entity is related to
 * (either direction) or is. One pass over the candidates' relation lists,
 * not one per (mention, candidate, group) triple.
 */
function supportTable(groups: readonly Group[], weight: (k: number, j: number) => number, identity: boolean): Map<number, Support> {
  const candOf = new Map<number, [number, number][]>();
  const entities = new Map<number, KbEntity>();
  groups.forEach((g, k) =>
    g.entities.forEach((e, j) => {
      entities.set(e.id, e);
      let l = candOf.get(e.id);
      if (!l) candOf.set(e.id, (l = []));
      l.push([k, weight(k, j)]);
    }),
  );
  // What each entity receives, as (group, weight) pairs in a flat list; only weights above 0, as a
  // group without one supports with 0, which adds nothing to a sum.
  const received = new Map<number, number[]>();
  for (const id of entities.keys()) received.set(id, []);
  const give = (to: number[], from: readonly [number, number][]) => {
    for (const [k, p] of from) if (p > 0) to.push(k, p);
  };
  for (const [id, e] of entities) {
    const mine = received.get(id) as number[];
    const as = candOf.get(id) as [number, number][];
    if (identity) give(mine, as);
    for (const r of e.related) {
      // e → r: e's row gets r's weights, r's row gets e's (the relation seen from r).
      const other = candOf.get(r);
      if (!other) continue;
      give(mine, other);
      give(received.get(r) as number[], as);
    }
  }
  const table = new Map<number, Support>();
  for (const [id, pairs] of received) {
    const order = Array.from({ length: pairs.length / 2 }, (_, i) => i).sort((x, y) => pairs[2 * x] - pairs[2 * y]);
    const support: Support = { groups: [], weights: [] };
    for (const i of order) {
      const k = pairs[2 * i];
      const p = pairs[2 * i + 1];
      const last = support.groups.length - 1;
      if (last >= 0 && support.groups[last] === k) {
        if (p > support.weights[last]) support.weights[last] = p;
      } else {
        support.groups.push(k);
        support.weights.push(p);
      }
    }
    table.set(id, support);
  }
  return table;
}

/**
 * Mean support of an entity from the `groupCount` groups other than its own
 * (and other than the one it abbreviates). The weights are added in group
 * order, as a sum over every group would add them (its zeros change nothing),
 * so the mean is the same number to the last bit.
 */
function meanSupport(table: Map<number, Support>, id: number, skip: readonly number[], groupCount: number): number {
  let n = groupCount;
  for (let i = 0; i < skip.length; i++) if (skip[i] >= 0 && skip[i] < groupCount && skip.indexOf(skip[i]) === i) n--;
  if (n <= 0) return 0;
  const s = table.get(id);
  let sum = 0;
  if (s) for (let i = 0; i < s.groups.length; i++) if (!skip.includes(s.groups[i])) sum += s.weights[i];
  return sum / n;
}

const WINDOW = 12;

export const isTeam = (e: KbEntity) => e.dbpediaTypes.includes('SportsTeam') || e.dbpediaTypes.includes('SportsClub');

/**
 * Words that name a team's sport, from its DBpedia classes or its title
 * ("…_national_football_team", "…_F.C."). News reports name the sport in the
 * headline ("SOCCER - BELGIUM BEAT …", "CRICKET - ENGLAND …"): "Belgium" in
 * a soccer report is the football team, in a cricket report it is not.
 */
const SPORT_WORDS: readonly [RegExp, readonly string[]][] = [
  [/Soccer|national_football_team|(^|_)A?\.?F\.C\.?$|_F\.C\._/, ['soccer', 'football']],
  [/Cricket/i, ['cricket']],
  [/Rugby/i, ['rugby']],
  [/Basketball/i, ['basketball', 'nba']],
  [/Baseball/i, ['baseball']],
  [/Hockey/i, ['hockey', 'nhl']],
  [/AmericanFootball|CanadianFootball/, ['nfl', 'football']],
];

function sportWordsOf(e: KbEntity): readonly string[] {
  const names = [e.title ?? '', ...e.dbpediaTypes];
  const out: string[] = [];
  for (const [re, words] of SPORT_WORDS) if (names.some((n) => re.test(n))) out.push(...words);
  return out;
}

/**
 * Words without which a text is no sports report: a team is what a city or
 * country name means in a match report, hardly ever elsewhere ("Boston" in
 * "Boston hospitals" is not the Red Sox). Feature teamNoSport: a team
 * candidate in a document with none of them (a short document, a business
 * or political report).
 */
const SPORTS_TEXT = new Set(
  `soccer football cricket rugby basketball baseball hockey nba nfl nhl tennis golf athletics league leagues match matches
game games season coach championship championships tournament cup goal goals scored innings wicket wickets playoff playoffs
olympic olympics stadium striker midfielder defender pitcher quarterback inning sport sports team teams club clubs fans
standings racing prix squad captain referee halftime draw drew beat`.split(/\s+/),
);

const noSportWords = (docWords: ReadonlySet<string>) => {
  for (const w of SPORTS_TEXT) if (docWords.has(w)) return false;
  return true;
};

/**
 * The document's first sentence (up to 30 tokens): a report's headline, where
 * news names the sport ("SOCCER - BELGIUM SCRAPE PAST TURKEY"). Feature
 * locSportTeam: a LOC-tagged name and a team of the sport the headline names —
 * the country or city is then mostly its team, while a sport named anywhere
 * in a document (a business report on a football club) says less.
 */
export function headline(tokens: readonly string[]): readonly string[] {
  const end = tokens.slice(0, 30).indexOf('.');
  return tokens.slice(0, end < 0 ? 30 : end);
}

/**
 * In a text without a word of sport, the prior of a name's other candidates as if its teams were not
 * candidates: AIDA's match reports give "Detroit" or "Houston" to their clubs for most of the prior, and
 * the city's share (0.2) weighed as if the name were mostly a club's. Teams keep theirs (teamNoSport
 * weighs against them).
 */
function withoutTeamShare(priors: number[], entities: readonly KbEntity[], noSport: boolean): number[] {
  if (!noSport) return priors;
  let teams = 0;
  entities.forEach((e, j) => {
    if (isTeam(e)) teams += priors[j];
  });
  if (teams <= 0 || teams >= 1) return priors;
  return priors.map((p, j) => (isTeam(entities[j]) ? p : p / (1 - teams)));
}

/** 1 when the entity is a team and the document names its sport. */
const sportNamed = (e: KbEntity, docWords: ReadonlySet<string>): number =>
  isTeam(e) && sportWordsOf(e).some((w) => docWords.has(w)) ? 1 : 0;

/** The entity's most specific class that has a word profile. */
function profiledClass(e: KbEntity, profiles: Record<string, Record<string, number>>): string | undefined {
  for (const t of e.dbpediaTypes) if (profiles[t]) return t;
  return undefined;
}

/** Context similarity of the words with the profile of the entity's most specific profiled class. */
function classSimilarity(words: ReadonlySet<string>, e: KbEntity, profiles: Record<string, Record<string, number>> | undefined): number {
  const cls = profiles ? profiledClass(e, profiles) : undefined;
  return cls !== undefined ? contextSimilarity(words, (profiles as Record<string, Record<string, number>>)[cls]) : 0;
}

/**
 * Words next to a name that make it a side in a match ("Belgium beat
 * Turkey", "against Belgium", "Belgium v Turkey"): a country or city named
 * so is its team.
 * Words around a name that make it a place: a nationality in parentheses
 * after a player ("Marc Wilmots (Belgium)"), a locative preposition ("in
 * Belgium"), a dateline ("TOFTIR , Faroe Islands 1996-08-31", "PARIS
 * 1996-08-31"). Features teamSlot and placeSlot, set on team candidates
 * only: sports reports name countries both ways, and the document-level
 * features cannot tell the two apart.
 */
const MATCH_WORDS = /^(v|v\.|vs|vs\.|versus|against|beat|beats|beaten|drew|draw|lost|lose|defeated|defeat|thrashed|edged|won|win|wins|host|hosts|play|plays|face|faces|meet|meets)$/i;

const PLACE_WORDS = /^(in|at|near|from|\()$/i;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const TEAM_SLOT = FEATURE_NAMES.indexOf('teamSlot');

const PLACE_SLOT = FEATURE_NAMES.indexOf('placeSlot');

export function matchSlot(tokens: readonly string[], m: { start: number; end: number }): 'match' | 'place' | 'none' {
  const prev = tokens[m.start - 1] ?? '';
  const next = tokens[m.end] ?? '';
  // A dateline: the name before the date, or after "CITY ,", or a city in capitals before its agency ("NEW YORK (Reuters)").
  if (DATE.test(next) || (prev === ',' && /^\p{Lu}[\p{Lu}\p{P}]+$/u.test(tokens[m.start - 2] ?? ''))) return 'place';
  if (next === '(' && tokens[m.end + 2] === ')' && /^\p{Lu}/u.test(tokens[m.end + 1] ?? '') && tokens.slice(m.start, m.end).every((t) => t === t.toUpperCase())) return 'place';
  // A fixture list ("ATLANTA AT CHICAGO FLORIDA AT CINCINNATI") names teams, not places: an
  // upper-case "AT" with another one within six tokens (a headline's "… AT LEEDS" has none).
  const fixture = prev === 'AT' && [...tokens.slice(Math.max(0, m.start - 8), m.start - 1), ...tokens.slice(m.end, m.end + 6)].includes('AT');
  if (MATCH_WORDS.test(prev) || MATCH_WORDS.test(next) || fixture) return 'match';
  if (PLACE_WORDS.test(prev)) return 'place';
  return 'none';
}

/** Candidates and their stage-1 feature vectors (topCoherence 0) for every mention of a document. */
export function candidateFeatures(
  kb: KnowledgeBase,
  maxCandidates: number,
  docTokens: readonly string[],
  mentions: readonly MentionSpan[],
  overrides: FeatureOverrides = {},
): CandidateRows[] {
  const docWords = new Set(contentWords(docTokens));
  const noSport = noSportWords(docWords);
  const headWords = new Set(contentWords(headline(docTokens)));
  // How much the document reads like a sports report (the SportsTeam class profile).
  const sports = overrides.classContexts?.SportsTeam ? contextSimilarity(docWords, overrides.classContexts.SportsTeam) : 0;
  const norms = mentions.map((m) => normalizeAlias(m.text));
  const corefs = corefKeys(kb, mentions, norms);
  const vectors = overrides.contextVectors;
  const docVector = vectors && mentions.length > 0 ? vectors.documentVector(docTokens) : undefined;
  // The words of the sentence-sized window around a mention ("England captain" vs "in England").
  const windowWords = (i: number) => new Set(contentWords(docTokens.slice(Math.max(0, mentions[i].start - WINDOW), mentions[i].end + WINDOW)));
  // A name written in lower-case letters ("Vim", "Rem") is not an entity whose name is a dotted initialism
  // ("V.I.M.", "R.E.M."), though their alias keys are the same.
  const initialismShaped = mentions.map((m) => isAcronym(m.text));
  // "B.A." (a degree) is no ISO country code: a mention written with full stops takes a country only where the
  // country's key was linked so in text (a count: "U.S.", "U.K."), not where a list gave the code alone ("BA").
  const dotted = mentions.map((m) => isDottedInitialism(m.text.replace(/\s+/g, '')));
  const lookup = (key: string, asInitialism = true, withDots = false) => {
    const candidates: Candidate[] = [];
    const entities: KbEntity[] = [];
    for (const c of kb.candidatesForKey(key)) {
      if (candidates.length >= maxCandidates) break;
      const e = kb.entity(c.entity);
      if (!e || (!asInitialism && isDottedInitialism(e.label))) continue;
      if (withDots && c.count === 0 && e.dbpediaTypes.includes('Country')) continue;
      candidates.push(c);
      entities.push(e);
    }
    return { candidates, entities };
  };
  // One lookup per distinct (string, longer string) pair of the document.
  const groupIndex = new Map<string, number>();
  const groups: Group[] = [];
  const mentionGroup = mentions.map((_, i) => {
    const id = `${norms[i]}\u0001${corefs[i]}\u0001${initialismShaped[i] ? 1 : 0}\u0001${dotted[i] ? 1 : 0}`;
    const known = groupIndex.get(id);
    if (known !== undefined) return known;
    const own = lookup(norms[i], initialismShaped[i], dotted[i]);
    const g: Group = { key: norms[i], corefKey: corefs[i], ...own, corefPriors: own.candidates.map(() => 0), corefTop: own.candidates.map(() => false) };
    if (corefs[i]) {
      const longer = lookup(corefs[i]);
      longer.entities.forEach((e, j) => {
        let at = g.entities.findIndex((x) => x.id === e.id);
        if (at < 0) {
          at = g.entities.length;
          g.entities.push(e);
          g.candidates.push({ entity: e.id, count: 0, prior: 0 });
          g.corefPriors.push(0);
          g.corefTop.push(false);
        }
        g.corefPriors[at] = overrides.prior ? overrides.prior(corefs[i], longer.candidates[j], longer.candidates) : longer.candidates[j].prior;
        g.corefTop[at] = j === 0;
      });
    }
    groupIndex.set(id, groups.length);
    groups.push(g);
    return groups.length - 1;
  });
  // Groups of the longer strings themselves (to leave out of their abbreviations' coherence).
  const groupOfKey = new Map<string, number>();
  groups.forEach((g, k) => g.corefKey === '' && groupOfKey.set(g.key, k));
  const coherence = supportTable(groups, (k, j) => groups[k].candidates[j].prior, false);
  // sameEntity: the entity is also a candidate of another string of the document.
  const groupsOf = new Map<number, number[]>();
  groups.forEach((g, k) =>
    g.entities.forEach((e) => {
      const l = groupsOf.get(e.id);
      if (l) l.push(k);
      else groupsOf.set(e.id, [k]);
    }),
  );
  // Everything but the window features is the same for the mentions of a group with the same NER label.
  const shared = new Map<string, number[][]>();
  const LOCAL = FEATURE_NAMES.indexOf('localContext');
  const LOCAL_CLASS = FEATURE_NAMES.indexOf('localClass');
  return mentions.map((mention, i) => {
    const k = mentionGroup[i];
    const g = groups[k];
    const memo = `${k}\u0001${mention.label ?? ''}`;
    let base = shared.get(memo);
    if (!base) {
      const skip = [k];
      const longerGroup = g.corefKey ? groupOfKey.get(g.corefKey) : undefined;
      if (longerGroup !== undefined) skip.push(longerGroup);
      const own = g.candidates.filter((c) => c.count > 0 || c.prior > 0);
      const inOwn = g.candidates.map((c) => c.prior > 0 || c.count > 0);
      const priors = withoutTeamShare(
        g.candidates.map((c, j) => (inOwn[j] && overrides.prior ? overrides.prior(g.key, c, own) : c.prior)),
        g.entities,
        noSport,
      );
      // noCounts: no anchor of AIDA train names the alias. There, such a name is mostly an entity the KB
      // lacks (--NME--), and the ranker learned to doubt it; but most names of other text come from the KB's
      // other sources (Wikidata labels, curated lists) and have no counts. A name of two words or more that
      // the KB gives ("Eiffel Tower", "Salk Institute", "Collège de France") is specific enough on its own;
      // a one-word name is where a namesake or an everyday word hides ("Biggs", "Oh", "Omega"), so the doubt
      // stays there — unless it is a brand and no English word (brandName). Not retrained: models/kb/MODEL_CARD.md,
      // "One-word names keep the doubt".
      const noCounts = !brandName(mention.text, norms[i], g.entities, overrides.isWord) && mentionWords(mention.text) === 1 && own.every((x) => (overrides.count ? overrides.count(g.key, x) : x.count) === 0);
      let top = -1;
      for (let j = 0; j < priors.length; j++) if (inOwn[j] && (top < 0 || priors[j] > priors[top])) top = j;
      base = g.entities.map((e, j) => {
        const c = g.candidates[j];
        const context = overrides.context ? overrides.context(e) : e.context;
        const x = features(mention, norms[i], e, priors[j], j === top, own.length, noCounts, docWords, context, meanSupport(coherence, e.id, skip, groups.length));
        const same = (groupsOf.get(e.id) as number[]).some((o) => !skip.includes(o)) ? 1 : 0;
        const locTeam = mention.label?.toUpperCase() === 'LOC' && isTeam(e) ? 1 : 0;
        x.push(g.corefPriors[j], g.corefTop[j] ? 1 : 0, g.corefKey && !inOwn[j] ? 1 : 0, same, locTeam, classSimilarity(docWords, e, overrides.classContexts), isTeam(e) ? sports : 0, 0, 0, sportNamed(e, docWords), 0, 0, isTeam(e) && noSport ? 1 : 0, locTeam && sportNamed(e, headWords) ? 1 : 0, 0);
        x.push(...vectorSimilarity(vectors, docVector, e, context));
        if (g.corefKey && textOf(e).label === g.corefKey) x[FEATURE_NAMES.indexOf('exactName')] = 1;
        return x;
      });
      // Under a headline that names its sport, a team named after its country or city takes the place's
      // coherence: the KB relates Japan to Syria, hardly ever Japan's team to Syria's, and a report naming
      // both speaks for the teams as much as for the countries.
      addOtherClassAgreement(mention.label, g.entities, base);
      const place = base.findIndex((x, j) => x[TOP_PRIOR] === 1 && x[EXACT_NAME] === 1 && !isTeam(g.entities[j]));
      if (place >= 0) for (const x of base) if (x[LOC_SPORT_TEAM] === 1) x[COHERENCE] = Math.max(x[COHERENCE], base[place][COHERENCE]);
      shared.set(memo, base);
    }
    const near = windowWords(i);
    const classNear = new Map<string, number>();
    const slot = matchSlot(docTokens, mention);
    const rows = base.map((b, j) => {
      const e = g.entities[j];
      const x = b.slice();
      if (slot !== 'none' && isTeam(e)) x[slot === 'match' ? TEAM_SLOT : PLACE_SLOT] = 1;
      x[LOCAL] = contextSimilarity(near, overrides.context ? overrides.context(e) : e.context);
      const cls = overrides.classContexts ? profiledClass(e, overrides.classContexts) : undefined;
      if (cls !== undefined) {
        let v = classNear.get(cls);
        if (v === undefined) classNear.set(cls, (v = contextSimilarity(near, (overrides.classContexts as Record<string, Record<string, number>>)[cls])));
        x[LOCAL_CLASS] = v;
      }
      return x;
    });
    return { key: g.key, corefKey: g.corefKey, group: k, candidates: g.candidates, entities: g.entities, rows };
  });
}

/** The vector features, which need the word vectors at run time. */
const VECTOR_FEATURES = ['contextVector', 'descriptionVector', 'noContextWords'] as const;

/** Whether the model weighs a vector feature (so the linker loads the word vectors for it). */
export function usesContextVectors(model: Pick<LinkerModel, 'features' | 'weights'>): boolean {
  return VECTOR_FEATURES.some((f) => {
    const k = model.features.indexOf(f);
    return k >= 0 && (model.weights[k] ?? 0) !== 0;
  });
}

/**
 * Features contextVector and descriptionVector: the cosine of the document's
 * vector with the candidate's (context words and own text), and with its own
 * text alone when the candidate has no context words. The ranker learns from
 * AIDA, where most candidates have context words from its train documents and
 * the bag of words ranks them better than the vectors; most entities of other
 * text have none (the KB's npm and Wikidata sources bring a description only),
 * and there the description's vector is the context evidence left. A feature
 * of its own lets the ranker weigh it where it is all there is, and
 * noContextWords (1 for such a candidate) keeps that weight from standing in
 * for "no context words" itself, which on AIDA marks a candidate its train
 * documents never linked.
 */
function vectorSimilarity(vectors: ContextVectors | undefined, doc: Float32Array | undefined, e: KbEntity, context: Readonly<Record<string, number>>): [number, number, number] {
  if (!vectors || !doc) return [0, 0, 0];
  if (hasWords(context)) return [cosine(doc, vectors.entityVector(e, context)), 0, 0];
  return [cosine(doc, vectors.entityVector(e, context)), cosine(doc, vectors.textVector(e)), 1];
}

function hasWords(context: Readonly<Record<string, number>>): boolean {
  for (const w in context) if (w) return true;
  return false;
}

/**
 * Stage 2: fills topCoherence — each candidate's mean support from the other
 * groups' candidates weighted by their stage-1 probability (the group's
 * first mention stands for the group).
 */
export function addTopCoherence(rows: CandidateRows[], stage1: readonly number[]): void {
  const groups: Group[] = [];
  const probs: number[][] = [];
  for (const r of rows) {
    if (groups[r.group]) continue;
    groups[r.group] = { key: r.key, corefKey: r.corefKey, candidates: r.candidates, entities: r.entities, corefPriors: [], corefTop: [] };
    probs[r.group] = probabilities(r.rows, stage1);
  }
  for (let k = 0; k < groups.length; k++) if (!groups[k]) groups[k] = { key: '', corefKey: '', candidates: [], entities: [], corefPriors: [], corefTop: [] };
  const table = supportTable(groups, (k, j) => probs[k][j], true);
  const groupOfKey = new Map<string, number>();
  groups.forEach((g, k) => g.corefKey === '' && groupOfKey.set(g.key, k));
  for (const r of rows) {
    const skip = [r.group];
    const lg = r.corefKey ? groupOfKey.get(r.corefKey) : undefined;
    if (lg !== undefined) skip.push(lg);
    r.entities.forEach((e, j) => {
      r.rows[j][TOP_COHERENCE] = meanSupport(table, e.id, skip, groups.length);
    });
  }
}

export const TOP_PRIOR = FEATURE_NAMES.indexOf('topPrior');

export const EXACT_NAME = FEATURE_NAMES.indexOf('exactName');

const COHERENCE = FEATURE_NAMES.indexOf('coherence');

const TYPE_AGREE = FEATURE_NAMES.indexOf('typeAgree');

export const LOC_SPORT_TEAM = FEATURE_NAMES.indexOf('locSportTeam');

/**
 * Both stages' features for a document under a model (what ranking and
 * evaluation use); `overrides`: KB statistics without the document (training
 * on the documents the KB was built from).
 */
export function documentFeatures(
  kb: KnowledgeBase,
  model: LinkerModel,
  docTokens: readonly string[],
  mentions: readonly MentionSpan[],
  overrides: Omit<FeatureOverrides, 'classContexts'> = {},
): CandidateRows[] {
  const rows = candidateFeatures(kb, model.maxCandidates, docTokens, mentions, { ...overrides, classContexts: model.classContexts });
  if (model.stage1) addTopCoherence(rows, model.stage1);
  return rows;
}

/**
 * A one-word brand the ranker need not doubt: the only KB entity of its name, which is that entity's own name, a
 * company, software or website; written capitalized with lower-case letters ("Pfizer", "BioNTech"); and no English
 * word by WordNet ("Showcase" and "Delivery" are brands too, and words first). Without `isWord`, none.
 */
function brandName(text: string, key: string, entities: readonly KbEntity[], isWord?: (word: string) => boolean): boolean {
  if (!isWord || entities.length !== 1 || !/^\p{Lu}(?=.*\p{Ll})\p{L}{3,}$/u.test(text) || isWord(text.toLowerCase())) return false;
  const e = entities[0];
  const names = textOf(e);
  if (key !== names.label && key !== names.title) return false;
  return e.dbpediaTypes.some((t) => t === 'Company' || t === 'Software' || t === 'Website') && !e.dbpediaTypes.includes('Person') && !e.dbpediaTypes.includes('Place');
}

/** Words of a mention's text (split at white space). */
function mentionWords(text: string): number {
  return text.trim().split(/\s+/).length;
}

/** The local and stage-1 features of FEATURE_NAMES up to noCounts. */
export function features(
  mention: MentionSpan,
  mentionKey: string,
  e: KbEntity,
  prior: number,
  topPrior: boolean,
  nCandidates: number,
  noCounts: boolean,
  docWords: ReadonlySet<string>,
  context: Record<string, number>,
  coherence: number,
): number[] {
  const coarse = mention.label ? COARSE[mention.label.toUpperCase()] : undefined;
  const known = e.dbpediaTypes.length > 0;
  const agree = coarse && known && coarse.some((c) => e.dbpediaTypes.includes(c)) ? 1 : 0;
  // A team named after its country or city is tagged LOC in news text: that is feature locTeam, not a conflict.
  const locTeam = mention.label?.toUpperCase() === 'LOC' && isTeam(e);
  const conflict =
    coarse && known && !agree && !locTeam && (e.dbpediaTypes.includes('Person') || e.dbpediaTypes.includes('Place') || e.dbpediaTypes.includes('Organisation')) ? 1 : 0;
  const text = textOf(e);
  let hits = 0;
  for (const w of text.descWords) if (docWords.has(w)) hits++;
  const desc = text.descWords.length ? hits / text.descWords.length : 0;
  const exact = mentionKey === text.label || mentionKey === text.title ? 1 : 0;
  return [
    1,
    prior,
    Math.log1p(e.popularity) / 10,
    topPrior ? 1 : 0,
    agree,
    conflict,
    contextSimilarity(docWords, context),
    desc,
    coherence,
    exact,
    Math.log(Math.max(1, nCandidates)) / 3,
    noCounts ? 1 : 0,
  ];
}

/**
 * Softmax over the candidates plus a NIL option of score 0, so that a single
 * weak candidate gets a low probability instead of 1 by default.
 */
export function probabilities(rows: readonly number[][], weights: readonly number[]): number[] {
  const scores = rows.map((x) => dot(weights, x));
  const max = Math.max(0, ...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const z = exps.reduce((a, b) => a + b, 0) + Math.exp(-max);
  return exps.map((e) => e / z);
}

export function dot(w: readonly number[], x: readonly number[]): number {
  let s = 0;
  const n = Math.min(w.length, x.length);
  for (let i = 0; i < n; i++) s += w[i] * x[i];
  return s;
}
