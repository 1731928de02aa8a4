/**
 * Context evidence for names that say little on their own. A short name
 * ("RFC", "MB", "Richmond") is an alias of many things, and the KB's most
 * famous bearer is often not what a text means: "RFC 3647" is a Request
 * for Comments, not Richmond Football Club; "KB, MB, GB" are units, not
 * Manitoba. Such a link stands only with evidence from the document: the
 * entity's own name spelled out, its context or description words, or
 * coherence with the document's other likely entities; a sports team only
 * in a text about sport. The NIL decision (nil.ts) reads these as
 * features and disambiguate.ts applies the hard cases as gates.
 */
import type { KbEntity } from './knowledge-base.js';
import { isAcronym, normalizeAlias } from './normalize.js';
import { contentWords } from './stopwords.js';

/**
 * Whether the mention abbreviates the entity's name: a name written as an
 * acronym ("RFC", "U.S.", "MB") that is not the entity's label itself
 * ("JAPAN" in a headline is Japan's own name in capitals, "NATO" is NATO's label).
 */
export function abbreviates(mentionText: string, e: KbEntity): boolean {
  if (!isAcronym(mentionText)) return false;
  const key = normalizeAlias(mentionText);
  return key !== normalizeAlias(e.label) && key !== normalizeAlias((e.title ?? '').replace(/_/g, ' ').replace(/ \([^)]*\)$/, ''));
}

/**
 * A short word in title case that is the entity's acronym, not its name: "La" (Louisiana's "La.", the
 * Spanish article) is no "LA", "Un" (Italian "un") no "UN", "Us" no "US". Acronyms are written in
 * capitals; such a word reaches the entity only because aliases are matched without case.
 */
export function titleCaseAcronym(mentionText: string, e: KbEntity): boolean {
  const t = mentionText.trim();
  if (!/^\p{Lu}\p{Ll}{1,2}$/u.test(t)) return false;
  const words = nameWordsAsWritten(e);
  if (words.some((w) => w.toLowerCase() === t.toLowerCase())) return false;
  return isInitialsOf(t.toUpperCase(), e);
}

/** The words of the entity's name as written (its label, which the KB derives from the title where it stores none). */
function nameWordsAsWritten(e: KbEntity): string[] {
  return e.label.split(/[^\p{L}]+/u).filter(Boolean);
}

/**
 * Whether `acronym` (in capitals) is the initials of the entity's name of two words or more: of all its words, or
 * of its capitalized ones ("IOC" of "Indian Oil Corporation", "NLD" of "National League for Democracy").
 */
export function isInitialsOf(acronym: string, e: KbEntity): boolean {
  const words = nameWordsAsWritten(e);
  if (words.length < 2) return false;
  const initials = words.map((w) => w[0].toUpperCase()).join('');
  const capitalInitials = words.filter((w) => /^\p{Lu}/u.test(w)).map((w) => w[0]).join('');
  return initials === acronym || capitalInitials === acronym;
}

/**
 * An academic subject named inside a longer capitalized name or title: "Nobel Prize in Physics",
 * "Professor of Physics", "Faculty of Law", "Department of Chemistry". The capital is the name's, and
 * the mention is a piece of the prize, post or faculty, not the subject itself.
 */
export function subjectInsideName(e: KbEntity, tokens: readonly string[], start: number): boolean {
  if (start < 2 || !e.dbpediaTypes.includes('AcademicSubject')) return false;
  const joint = tokens[start - 1];
  return (joint === 'of' || joint === 'in') && /^\p{Lu}/u.test(tokens[start - 2]);
}

/** The content words of the entity's name (label and title without its disambiguator). */
function nameWords(e: KbEntity): string[] {
  const title = (e.title ?? '').replace(/_/g, ' ').replace(/ \([^)]*\)$/, '');
  return [...new Set(contentWords(`${e.label} ${title}`.split(/[^\p{L}]+/u)))];
}

/**
 * Share (0–1) of the entity's name words that the document spells out
 * elsewhere than in the mention: "Request for Comments (RFC)" gives
 * "request" and "comments" for the RFC entity; a text on file sizes has no
 * "richmond", "football" or "club". 0 for a name without content words.
 */
export function spelledOut(e: KbEntity, docWords: ReadonlySet<string>, mentionWords: ReadonlySet<string>): number {
  const words = nameWords(e).filter((w) => !mentionWords.has(w));
  if (words.length === 0) return 0;
  let hits = 0;
  for (const w of words) if (docWords.has(w)) hits++;
  return hits / words.length;
}

/**
 * Symbols of units that texts list and count with ("KB, MB, GB", "5 GHz",
 * "20 km"): as mentions they are never an entity the KB has under that
 * alias (Manitoba, Great Britain, Kilometre the village).
 */
const UNIT_SYMBOLS = new Set(
  `B KB MB GB TB PB EB KiB MiB GiB TiB kB Kb Mb Gb Tb bps kbps Kbps Mbps Gbps Hz kHz KHz MHz GHz THz mAh kWh MWh GWh TWh kW MW GW W V mV kV
mA A mm cm km m kg mg g ml mL L ns ms us µs dB dBm rpm fps dpi ppi ppm mph kph KPH MPH lb lbs oz ft in mi sq`.split(/\s+/),
);

/**
 * Whether a mention is a unit symbol used as one: after a number ("5 GB"),
 * or in a list with another unit symbol within three tokens ("KB, MB, GB").
 */
export function isUnitUse(tokens: readonly string[], m: { start: number; end: number }): boolean {
  if (m.end - m.start !== 1 || !UNIT_SYMBOLS.has(tokens[m.start])) return false;
  if (/^[\d.,]+$/.test(tokens[m.start - 1] ?? '')) return true;
  for (let k = Math.max(0, m.start - 3); k <= m.end + 2 && k < tokens.length; k++) {
    if (k !== m.start && UNIT_SYMBOLS.has(tokens[k]) && tokens[k].length > 1) return true;
  }
  return false;
}

/**
 * Words of text about sport (at least SPORTS_CONTEXT_WORDS distinct ones
 * make a document about sport): a club or team is what a name means there,
 * hardly ever elsewhere — "Richmond" in a business report is the city,
 * "RFC" in a standards text is no rugby or football club.
 */
export const SPORTS_WORDS: ReadonlySet<string> = new Set(
  `soccer football cricket rugby basketball baseball hockey nba nfl nhl mlb fifa uefa tennis golf athletics league leagues match matches
game games season seasons coach coaches championship championships tournament cup goal goals scored score scoring innings wicket wickets
playoff playoffs olympic olympics stadium striker midfielder defender goalkeeper pitcher quarterback inning sport sports team teams club
clubs fans standings racing prix squad captain referee halftime draw drew beat beats win wins won victory defeat defeated player players
premier division points title champions final semifinal quarterfinal fixture fixtures manager transfer
rallied overtime touchdown touchdowns rebounds assists`.split(/\s+/),
);

export const SPORTS_CONTEXT_WORDS = 2;

const CLUB_TITLE = /(^|_)(A\.?F\.?C|F\.?C|R\.?F\.?C|S\.?C|C\.?F)\.?$|_(Football|Soccer|Rugby|Cricket|Hockey|Basketball|Baseball)_Club\b|_national_\w+_team$/;

const CLUB_DESCRIPTION = /\b(football|soccer|rugby|cricket|hockey|basketball|baseball|sports?) (club|team)\b/i;

/**
 * A sports club or team: typed so in the KB, or named or described as one
 * ("Richmond_Football_Club", "…_F.C.", "Australian rules football club"):
 * not every club carries the SportsTeam class.
 */
export function isSportsClub(e: KbEntity): boolean {
  if (e.dbpediaTypes.includes('SportsTeam') || e.dbpediaTypes.includes('SportsClub')) return true;
  return CLUB_TITLE.test(e.title ?? '') || CLUB_DESCRIPTION.test(e.description ?? '');
}

/** Classes whose members name sport on their own: a club, an athlete, a stadium, a league, a sports event. */
const SPORT_CLASSES = ['SportsTeam', 'SportsClub', 'Athlete', 'Stadium', 'SportsLeague', 'SportsEvent'];

/** Whether the entity is of sport: a club or team (isSportsClub), an athlete, a stadium, a league or a sports event. */
export function namesSport(e: KbEntity): boolean {
  return isSportsClub(e) || SPORT_CLASSES.some((k) => e.dbpediaTypes.includes(k));
}

/** Distinct sports words in the document's content words. */
export function sportsWordCount(docWords: ReadonlySet<string>): number {
  let n = 0;
  for (const w of SPORTS_WORDS) if (docWords.has(w)) n++;
  return n;
}

/**
 * Whether the text gives a score as match reports do: two numbers of one to three digits around a dash
 * ("110-102", "5-3"; the tokenizer splits them in three). A season ("2019-20") has four digits first.
 */
export function hasScore(tokens: readonly string[]): boolean {
  for (let i = 0; i + 2 < tokens.length; i++) {
    if ((tokens[i + 1] === '-' || tokens[i + 1] === '–') && /^\d{1,3}$/.test(tokens[i]) && /^\d{1,3}$/.test(tokens[i + 2])) return true;
  }
  return false;
}
