/**
 * Wikidata classes (the values of an item's P31 "instance of") → DBpedia
 * classes. Used for the types CoDEx lists for its entities
 * (codex-wikidata-types/entity2types.json, Wikidata CC0), and by the type
 * agreement measure, which reads the same file as the reference.
 *
 * A Wikidata class maps, in this order:
 * 1. by WIKIDATA_CLASS, a hand-written table for frequent classes DBpedia
 *    declares no equivalent for, or declares one too coarse or wrong for the
 *    way the KB is used ("big city" → City, "sovereign state" → Country,
 *    "historical country" → HistoricalCountry);
 * 2. by the equivalents the DBpedia ontology declares (owl:equivalentClass
 *    to a wd: class: Q5 human → Person, Q515 city → City, Q11424 film → Film);
 * 3. by its English label's head noun (LABEL_RULES: "municipality of
 *    Switzerland" → Settlement, "public research university" → University,
 *    "anime television series" → TelevisionShow), for the long tail of
 *    classes that are kinds of the same few things.
 * A class none of these maps says nothing (profession names, genres of art,
 * "tapestry"): no DBpedia class.
 */
import type { DbpediaOntology } from '../ontology.js';

/** Wikidata class QID → DBpedia class, where the ontology declares none (or a less useful one). */
export const WIKIDATA_CLASS: Readonly<Record<string, string>> = {
  Q1549591: 'City', // big city
  Q1637706: 'City', // city with millions of inhabitants
  Q1093829: 'City', // city of the United States
  Q5119: 'City', // capital
  Q200250: 'City', // metropolis
  Q3624078: 'Country', // sovereign state
  Q6256: 'Country', // country
  Q3024240: 'HistoricalCountry', // historical country
  Q417175: 'Country', // kingdom
  Q7270: 'Country', // republic
  Q6266: 'Country', // nation
  Q112099: 'Country', // island nation
  Q1371288: 'HistoricalCountry', // vassal state
  Q15634554: 'Country', // state with limited recognition
  Q43702: 'Country', // federal state (a federation: Germany, the United States)
  Q35657: 'AdministrativeRegion', // state of the United States
  Q7275: 'Country', // state (DBpedia's State is a federated state; Wikidata's Q7275 is a sovereign polity)
  Q6881511: 'Company', // enterprise
  Q891723: 'Company', // public company
  Q783794: 'Company', // company
  Q2085381: 'Publisher', // publisher
  Q45400320: 'Publisher', // open-access publisher
  Q2608849: 'Publisher', // imprint
  Q1542343: 'RecordLabel', // independent record label
  Q2442401: 'RecordLabel', // record company
  Q6979593: 'NationalSoccerClub', // national association football team
  Q17156793: 'AmericanFootballTeam', // American football team
  Q15632617: 'FictionalCharacter', // fictional human
  Q95074: 'FictionalCharacter', // fictional character
  Q9143: 'ProgrammingLanguage', // programming language
  Q7397: 'Software', // software
  Q9135: 'Software', // operating system
  Q341: 'Software', // free software
  Q166142: 'Software', // application
  Q6368: 'Software', // web browser (DBpedia's Browser is a root class)
  Q7725634: 'Book', // literary work
  Q47461344: 'WrittenWork', // written work
  Q193955: 'Book', // hardback
  Q1259759: 'TelevisionShow', // miniseries
  Q5398426: 'TelevisionShow', // television series
  Q21198342: 'Manga', // manga series
  Q1110794: 'Newspaper', // daily newspaper
};

/**
 * Head phrase of a Wikidata class label → DBpedia class, most specific
 * first. The head phrase is the label before "of", "in", "with", "for"
 * ("city of regional significance of Ukraine" → "city").
 */
const LABEL_RULES: readonly [RegExp, string][] = [
  [/\bprogramming language$/, 'ProgrammingLanguage'],
  [/\b(video game)$/, 'VideoGame'],
  [/\b(software|operating system|web browser|application)$/, 'Software'],
  [/\b(film|rockumentary|documentary)$/, 'Film'],
  [/\b(television series|tv series|web series|animated series|miniseries|television program|television show)$/, 'TelevisionShow'],
  [/\b(album)$/, 'Album'],
  [/\b(novel|novel series|light novel|book)$/, 'Book'],
  [/\b(newspaper)$/, 'Newspaper'],
  [/\b(magazine)$/, 'Magazine'],
  [/\b(record label|record company)$/, 'RecordLabel'],
  [/\b(publisher)$/, 'Publisher'],
  [/\b(airline)$/, 'Airline'],
  [/\b(bank)$/, 'Bank'],
  [/\b(company|enterprise|business|corporation|conglomerate|manufacturer)$/, 'Company'],
  [/\b(political party|party)$/, 'PoliticalParty'],
  [/\b(association football club|football club)$/, 'SoccerClub'],
  [/\b(sports team|football team|basketball team|baseball team|hockey team)$/, 'SportsTeam'],
  [/\b(musical group|band|girl group|boy band|supergroup|duo|orchestra)$/, 'Band'],
  [/\b(university|college|institute of technology)$/, 'University'],
  [/\b(school|academy|conservatory|lycée|grande école|educational institution|academic institution)$/, 'EducationalInstitution'],
  [/\b(trade union)$/, 'TradeUnion'],
  [/\b(organization|organisation|society|agency|association|federation|institute)$/, 'Organisation'],
  [/\b(historical country|former country|historical state)$/, 'HistoricalCountry'],
  // Today's states are also "colonial power", "empire" (United Kingdom, Japan): countries, not historical ones.
  [/\b(country|sovereign state|kingdom|realm|colonial power|empire)$/, 'Country'],
  [/\b(city|metropolis|capital)$/, 'City'],
  [/\b(town|city\/town|county seat|county town)$/, 'Town'],
  [/\b(village|hamlet)$/, 'Village'],
  [/\b(municipality|comune|commune|municipiu|settlement|locality|neighborhood|neighbourhood|suburb|urban area|ward)$/, 'Settlement'],
  [/\b(state|province|prefecture|canton|county|region|district|oblast|voivodeship|department|territory|subdivision)$/, 'AdministrativeRegion'],
  [/\b(airport)$/, 'Airport'],
  [/\b(stadium)$/, 'Stadium'],
  [/\b(mountain|volcano|peak)$/, 'Mountain'],
  [/\b(river)$/, 'River'],
  [/\b(lake)$/, 'Lake'],
  [/\b(island)$/, 'Island'],
  [/\b(museum)$/, 'Museum'],
  [/\b(hospital)$/, 'Hospital'],
  [/\b(cemetery)$/, 'Cemetery'],
  [/\b(language|macrolanguage|dialect)$/, 'Language'],
  [/\b(disease)$/, 'Disease'],
  [/\b(ethnic group)$/, 'EthnicGroup'],
];

/** The words of a class label before its first "of", "in", "with", "for" or parenthesis, lower-cased. */
function headPhrase(label: string): string {
  const l = label.toLowerCase();
  const cut = /\s(?:of|in|with|for|designated|by)\s|\s\(/.exec(l);
  return (cut ? l.slice(0, cut.index) : l).trim();
}

/** The DBpedia class a Wikidata class maps to (see the file header), if any. */
export function dbpediaClassForWikidataClass(ontology: DbpediaOntology, qid: string, label?: string): string | undefined {
  if (Object.hasOwn(WIKIDATA_CLASS, qid)) return WIKIDATA_CLASS[qid];
  const declared = ontology.classesForWikidata(qid);
  if (declared.length > 0) {
    // Several classes may declare one QID: the most specific (the deepest) says most.
    return declared.reduce((a, b) => (ontology.ancestors(b).length > ontology.ancestors(a).length ? b : a));
  }
  if (!label) return undefined;
  const head = headPhrase(label);
  for (const [re, cls] of LABEL_RULES) if (re.test(head)) return cls;
  return undefined;
}

/**
 * The DBpedia classes of an item with these P31 classes: each class mapped,
 * unknown ones dropped, ancestors of another left out, and under one
 * disjoint top class only (an item both "city" and "football club" is a data
 * error; the most specific wins, as in DbpediaOntology.consistentClasses).
 */
export function dbpediaClassesForWikidataClasses(
  ontology: DbpediaOntology,
  classes: readonly string[],
  labelOf: (qid: string) => string | undefined = () => undefined,
): string[] {
  const mapped: string[] = [];
  for (const q of classes) {
    const c = dbpediaClassForWikidataClass(ontology, q, labelOf(q));
    const resolved = c ? ontology.resolve(c) : undefined;
    if (resolved && !mapped.includes(resolved)) mapped.push(resolved);
  }
  let consistent = ontology.consistentClasses(mapped);
  // A country is no region of something larger, whatever else Wikidata files it under.
  if (consistent.some((c) => ontology.isA(c, 'Country'))) consistent = consistent.filter((c) => !ontology.isA(c, 'AdministrativeRegion'));
  return consistent.filter((c) => !consistent.some((o) => o !== c && ontology.isA(o, c)));
}

/**
 * Whether an item's CoDEx types are held out of a build made for measuring
 * type agreement (kb build's `holdOutCodexTypes`): one in five QIDs, chosen
 * by a hash of the QID so that the split is the same in every build.
 */
export function isTypeAgreementHoldout(qid: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < qid.length; i++) h = Math.imul(h ^ qid.charCodeAt(i), 0x01000193) >>> 0;
  return h % 5 === 0;
}
