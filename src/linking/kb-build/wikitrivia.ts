/**
 * Well-known entities from Wikitrivia's decks (github.com/tom-james-watson/wikitrivia, MIT; built from
 * Wikidata, CC0, and Wikimedia page views), as extracted by training/kb/wikitrivia.ts into the committed file
 * training/kb/sources/wikitrivia-items.tsv.gz: 24.6k items, each with its Wikidata QID, English Wikipedia page
 * name, the deck that selected it (politicians, rulers, famous people, Nobel laureates, companies, newspapers,
 * websites, programming languages, operating systems, teams, stadiums, battles, films, albums, video games …) or,
 * for the 7.7k items only the game's first version lists, their Wikidata instance-of and occupation labels, a
 * short description and its page views.
 *
 * Three things the KB lacked: **a page's QID** (3.1k of the KB's Wikipedia pages had none: a page and the item of
 * its QID become one entity), **entities** (Emmanuel Macron, Narendra Modi, Los Angeles Times, Python the
 * language; a deck says what each is: a politician, a newspaper, a programming language), and **a graded
 * popularity**: page views, calibrated against the in-link counts where an entity has both (popularity.ts), where
 * the popular-title list gave every title on it the same median — for all but works (films, albums, games,
 * books), bands and people known by one word (readsAsPopular).
 *
 * A name that is one everyday English word ("Home", "Help") is no alias, nor a work's name that is one word WordNet
 * knows ("Vertigo", "Rebirth", "Stalingrad"), two everyday words ("The Wall", "Bad Blood") or initials ("JFK", the
 * film): an album or film so named would become a candidate of every sentence's capitalized word, or take the
 * mentions of the place, people or thing of that name. The entity keeps its page and QID.
 */
import type { KbWriter } from './kb-writer.js';
import type { Log } from './sources.js';
import type { PopularitySignals } from './popularity.js';
import { classForDescription } from './types.js';
import { readSourceTsv } from './source-tsv.js';

/** Where `textlens kb build` finds the extracted items, relative to the repository root. */
export const WIKITRIVIA_FILE = 'training/kb/sources/wikitrivia-items.tsv.gz';

/**
 * A deck's class (the decks are Wikidata queries by instance-of, so the class is the item's own) and, where a
 * deck mixes kinds, the description patterns that tell them apart, first match wins. Decks of concepts
 * without a class here (art movements, discoveries, toys, podcasts) give none.
 */
const DECK_CLASSES: readonly [deck: RegExp, cls: string, byDescription?: readonly [RegExp, string][]][] = [
  [/^architecture-/, 'ArchitecturalStructure', [[/^(ancient )?city\b/i, 'Settlement'], [/\b(castle)\b/i, 'Castle'], [/\b(church|cathedral|basilica|chapel)\b/i, 'Church'], [/\bmosque\b/i, 'Mosque'], [/\btemple\b/i, 'Temple'], [/\bmuseum\b/i, 'Museum'], [/\bskyscraper\b/i, 'Skyscraper']]],
  [/^art-paintings$/, 'Painting'],
  [/^art-sculptures$/, 'Sculpture'],
  [/^business-(companies|food-drink)$/, 'Company', [[/\brecord label\b/i, 'RecordLabel']]],
  [/^business-media$/, '', [[/\bnewspaper\b/i, 'Newspaper'], [/\bmagazine\b/i, 'Magazine'], [/\bradio\b/i, 'RadioStation'], [/\b(tv|television) (channel|network|station)\b/i, 'TelevisionStation'], [/\b(news agency|broadcaster|company)\b/i, 'Company']]],
  [/^engineering-aeroplanes$/, 'Aircraft', [[/\bairline\b/i, 'Airline']]],
  [/^engineering-cars$/, 'Automobile'],
  [/^engineering-military-vehicles$/, 'MilitaryVehicle'],
  [/^engineering-phones$/, 'MobilePhone'],
  [/^engineering-rail$/, 'RailwayLine'],
  [/^engineering-space$/, 'SpaceMission'],
  [/^engineering-weapons$/, 'Weapon'],
  [/^entertainment-board-games$/, 'BoardGame'],
  [/^entertainment-books$/, 'Book'],
  [/^entertainment-characters$/, 'FictionalCharacter'],
  [/^entertainment-(comics|graphic-novels)$/, 'Comic', [[/\bmanga\b/i, 'Manga']]],
  [/^entertainment-films$/, 'Film'],
  [/^entertainment-music$/, 'Album'],
  [/^entertainment-musicals$/, 'Musical'],
  [/^entertainment-plays$/, 'Play'],
  [/^entertainment-songs$/, 'Song', [[/\bnational anthem\b/i, 'NationalAnthem']]],
  [/^entertainment-tv$/, 'TelevisionShow'],
  [/^history-(battles|wars)$/, 'MilitaryConflict'],
  [/^history-revolts$/, 'Event'],
  [/^history-nations$/, '', [[/\b(historical state|colony|colonial empire|empire|kingdom)\b/i, 'HistoricalCountry']]],
  [/^history-eras$/, '', [[/\bhistorical era\b/i, 'HistoricalPeriod']]],
  [/^leaders-politicians-/, 'Politician'],
  [/^leaders-rulers-/, 'Monarch'],
  [/^people-nobel-laureates-(chemistry|physics|medicine)$/, 'Scientist'],
  [/^people-nobel-laureates-literature$/, 'Writer'],
  [/^people-/, 'Person'],
  [/^sport-stadiums$/, 'Stadium'],
  [/^sport-teams$/, 'SportsTeam', [[/\bfootball club\b/i, 'SoccerClub'], [/\bnhl\b/i, 'HockeyTeam'], [/\bnba\b/i, 'BasketballTeam'], [/\bnfl\b/i, 'AmericanFootballTeam'], [/\bmlb\b/i, 'BaseballTeam'], [/\brugby\b/i, 'RugbyClub']]],
  [/^technology-computing-languages$/, 'ProgrammingLanguage'],
  [/^technology-computing-consoles$/, 'Device'],
  [/^technology-computing-(browsers|engines|systems)$/, 'Software'],
  [/^technology-mobile-apps$/, 'Software'],
  [/^technology-video-games$/, 'VideoGame'],
  [/^technology-websites$/, 'Website'],
];

/**
 * Wikidata instance-of labels of the first version's items (column `kinds`) with their class. Read over all of an
 * item's labels before the description rules (types.ts) read any, so that the telling label wins whatever its place
 * ("island nation" before "sovereign state" is a country); some entries repeat what the rules would say for a
 * label on its own, and they are kept for that order. People ("human") take theirs from their occupations.
 */
const KIND_CLASSES: Record<string, string> = {
  business: 'Company',
  'public company': 'Company',
  'multinational corporation': 'Company',
  'automobile manufacturer': 'Company',
  'video game developer': 'Company',
  'animation studio': 'Company',
  'record label': 'RecordLabel',
  'musical group': 'Band',
  'rock group': 'Band',
  'boy band': 'Band',
  'girl group': 'Band',
  'musical duo': 'Band',
  'literary work': 'WrittenWork',
  'written work': 'WrittenWork',
  novel: 'Book',
  poem: 'Poem',
  play: 'Play',
  painting: 'Painting',
  sculpture: 'Sculpture',
  song: 'Song',
  'musical composition': 'MusicalWork',
  'television series': 'TelevisionShow',
  'animated series': 'TelevisionShow',
  film: 'Film',
  'video game': 'VideoGame',
  war: 'MilitaryConflict',
  'civil war': 'MilitaryConflict',
  battle: 'MilitaryConflict',
  siege: 'MilitaryConflict',
  'military campaign': 'MilitaryConflict',
  conflict: 'MilitaryConflict',
  revolution: 'Event',
  'disease outbreak': 'Event',
  'historical country': 'HistoricalCountry',
  colony: 'HistoricalCountry',
  'crown colony': 'HistoricalCountry',
  empire: 'HistoricalCountry',
  'historical period': 'HistoricalPeriod',
  era: 'HistoricalPeriod',
  'sovereign state': 'Country',
  'island nation': 'Country',
  'political party': 'PoliticalParty',
  university: 'University',
  'public research university': 'University',
  'international organization': 'InternationalOrganisation',
  'intergovernmental organization': 'InternationalOrganisation',
  organization: 'Organisation',
  'television station': 'TelevisionStation',
  website: 'Website',
  language: 'Language',
  island: 'Island',
  castle: 'Castle',
  mosque: 'Mosque',
  'fossil taxon': 'Species',
  'fictional human': 'FictionalCharacter',
  'human biblical figure': 'Person',
  'literary character': 'FictionalCharacter',
  'film character': 'FictionalCharacter',
  'television character': 'FictionalCharacter',
  'animated character': 'FictionalCharacter',
  'mythical character': 'FictionalCharacter',
  // Products whose kind holds a word that names people elsewhere ("model", "player"): see classFromKinds.
  'automobile model': 'Automobile',
  'automobile model series': 'Automobile',
  'computer model': 'InformationAppliance',
  'computer model series': 'InformationAppliance',
  'single-board computer': 'InformationAppliance',
  'home video game console': 'InformationAppliance',
  'handheld game console': 'InformationAppliance',
  'smartphone model series': 'MobilePhone',
  'smartphone model': 'MobilePhone',
  'weapon model': 'Weapon',
  'musical instrument model': 'Instrument',
  'adult website': 'Website',
  'online video platform': 'Website',
  'media player': 'Software',
  'board game': 'BoardGame',
  'type of sport': 'Sport',
  'extinct human group': 'EthnicGroup',
  model: 'Device',
  'model series': 'Device',
};

/**
 * A first-version item's class from its instance-of labels and, for a person, an occupation that names a class
 * under Person ("film actor" → Actor, "politician" → Politician; else Person): of those, the one the item's
 * description names first ("American singer and actor" → MusicalArtist), else the first occupation listed when
 * it names one. Wikidata lists occupations in no order of weight: Bill Gates's include "bridge player" and Elon
 * Musk's "actor", which made them an Athlete and an Actor when any occupation would do.
 */
export function classFromKinds(kinds: readonly string[], occupations: readonly string[], isPersonClass: (cls: string) => boolean, description = ''): string | undefined {
  if (kinds.includes('human')) {
    const text = ` ${description.toLowerCase().replace(/[^\p{L}]+/gu, ' ')} `;
    let best: { at: number; cls: string } | undefined;
    occupations.forEach((o, k) => {
      const cls = classForDescription(o);
      if (!cls || cls === 'Person' || !isPersonClass(cls)) return;
      // Where the description names the occupation by its last word ("rock singer" → "singer", plural too).
      const head = (o.toLowerCase().split(/\s+/).pop() as string).replace(/[^\p{L}]/gu, '');
      const at = text.search(new RegExp(` (?:${head}s?${head === 'actor' ? '|actress(?:es)?' : ''}) `, 'u'));
      if (at >= 0 && (!best || at < best.at)) best = { at, cls };
      else if (k === 0 && !best) best = { at: Number.MAX_SAFE_INTEGER, cls };
    });
    return best?.cls ?? 'Person';
  }
  // The labels this table knows first, over all of them: "island nation" after "sovereign state" is no island.
  for (const k of kinds) if (KIND_CLASSES[k]) return KIND_CLASSES[k];
  // An item that is no human is no person, whatever a word of its kind names elsewhere: the description rules
  // read "model" (MacBook Pro's "model series") as a fashion model, "player" (iTunes, a "media player") as an athlete.
  for (const k of kinds) {
    const cls = classForDescription(k);
    if (cls && !isPersonClass(cls)) return cls;
  }
  return undefined;
}

/** The classes of works: their names are titles, often of everyday words. */
const WORK_CLASSES = new Set(['Painting', 'Sculpture', 'Book', 'WrittenWork', 'Poem', 'Comic', 'Manga', 'Film', 'Album', 'Musical', 'MusicalWork', 'Play', 'Song', 'NationalAnthem', 'TelevisionShow', 'VideoGame', 'BoardGame', 'FictionalCharacter']);

/**
 * An item's class from its first deck that gives one: the deck's own, a description pattern's where the deck
 * mixes kinds, or — for people — the description's more specific class under Person ("American actor" → Actor).
 */
export function wikitriviaClass(decks: readonly string[], description: string, isPersonClass: (cls: string) => boolean): string | undefined {
  for (const deck of decks) {
    const rule = DECK_CLASSES.find(([re]) => re.test(deck));
    if (!rule) continue;
    const [, cls, byDescription] = rule;
    const specific = byDescription?.find(([re]) => re.test(description))?.[1];
    if (specific) return specific;
    if (!cls) continue;
    if (isPersonClass(cls) && description) {
      const said = classForDescription(description);
      if (said && said !== 'Person' && isPersonClass(said)) return said;
    }
    return cls;
  }
  return undefined;
}

/** The page's name as text writes it: "All_Quiet_on_the_Western_Front_(1930_film)" → "All Quiet on the Western Front". */
export function nameOfTitle(title: string): string {
  return title.replace(/_/g, ' ').replace(/\s*\([^)]*\)$/, '').trim();
}

/** The lower-cased words a name is checked against: everyday English, and any word WordNet has. */
export interface WordTests {
  everyday: (w: string) => boolean;
  inWordNet: (w: string) => boolean;
}

/** Whether an item of this class is a work (its name a title, often of common words). */
export const isWork = (cls: string | undefined): boolean => cls !== undefined && WORK_CLASSES.has(cls);

/**
 * Whether an item's page views say how often text names it. Not for works and bands, which people read about
 * far more than text names them (a film's views made "Vertigo" the film and "Snatch" the film beat the comics
 * imprint and the lift, the band's made "Eagles" the band in tweets about the football team), nor for a person
 * known by one word that is also a given name's or a people's (the biblical Rachel's views made a news story's
 * "Rachel" her). They keep the popularity they had.
 */
export function readsAsPopular(cls: string | undefined, name: string, isPersonClass: (cls: string) => boolean): boolean {
  if (isWork(cls) || cls === 'Band') return false;
  return !(cls !== undefined && isPersonClass(cls) && !/\s/.test(name.trim()));
}

/** Whether a name may be an alias (see the module comment). */
export function keepsName(name: string, cls: string | undefined, words: WordTests): boolean {
  const parts = name.toLowerCase().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return false;
  if (isWork(cls)) {
    // A work called by initials ("JFK", the film) would take the airport's and the president's mentions;
    // one called by any word WordNet knows ("Vertigo", "Rebirth", "Stalingrad") the word's and the place's.
    if (/^[\p{Lu}\p{N}.&-]{1,5}$/u.test(name)) return false;
    if (parts.length === 1) return !words.inWordNet(parts[0]);
    if (parts.length <= 2) return !parts.every((w) => w === 'the' || w === 'a' || words.everyday(w));
    return true;
  }
  return parts.length > 1 || !words.everyday(parts[0]);
}

/** A list column's values; none for an empty cell. */
const split = (v: string, sep: string): string[] => (v ? v.split(sep) : []);

/** Adds the decks' items (see above). Returns false, with a warning, when the file is missing. */
export function addWikitrivia(
  kb: KbWriter,
  file: string,
  log: Log,
  words: WordTests,
  isPersonClass: (cls: string) => boolean,
  signals?: PopularitySignals,
): boolean {
  const rows = readSourceTsv(file, ['qid', 'title', 'decks', 'description', 'pageviews', 'kinds', 'occupations'], log, "Wikitrivia's items", 'training/kb/wikitrivia.ts');
  if (!rows) return false;
  let matched = 0;
  let joined = 0;
  let titled = 0;
  let added = 0;
  kb.batch(() => {
    for (const r of rows) {
      const { qid, title, description } = r;
      const cls =
        wikitriviaClass(split(r.decks, ','), description, isPersonClass) ?? classFromKinds(split(r.kinds, '|'), split(r.occupations, '|'), isPersonClass, description);
      const name = nameOfTitle(title);
      const outcome = kb.joinPageAndItem(title, qid);
      const id = kb.upsert({
        title,
        qid,
        label: name,
        nameIsAlias: keepsName(name, cls, words),
        description: description || undefined,
        dbpedia: cls ? [cls] : undefined,
        typeEvidence: 'curated',
      });
      if (outcome === 'joined') joined++;
      else if (outcome === 'page') titled++;
      else if (outcome === 'item') matched++;
      else added++;
      if (readsAsPopular(cls, name, isPersonClass)) signals?.set(id, 'pageViews', Number(r.pageviews) || 0);
    }
  });
  log(`wikitrivia: ${matched} items matched by QID, ${titled} pages given their QID, ${joined} pages joined with the item of their QID, ${added} added`);
  return true;
}
