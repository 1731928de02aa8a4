/**
 * Type evidence for KB entities from the sources we have. None of them gives
 * a DBpedia class directly, so each rule below says where a class comes from.
 * Freebase-style types are derived from the DBpedia classes and named after
 * Freebase's type ids (Freebase itself is not among the sources).
 */

/** DBpedia class → Freebase-style type. Applied to the class and its ancestors. */
const FREEBASE_FOR_CLASS: Record<string, string> = {
  Person: '/people/person',
  Politician: '/government/politician',
  Athlete: '/sports/pro_athlete',
  SoccerPlayer: '/soccer/football_player',
  Cricketer: '/cricket/cricket_player',
  TennisPlayer: '/tennis/tennis_player',
  MusicalArtist: '/music/artist',
  Actor: '/film/actor',
  Writer: '/book/author',
  Organisation: '/organization/organization',
  Company: '/business/business_operation',
  SportsTeam: '/sports/sports_team',
  SoccerClub: '/soccer/football_team',
  PoliticalParty: '/government/political_party',
  University: '/education/university',
  Band: '/music/musical_group',
  Place: '/location/location',
  PopulatedPlace: '/location/location',
  Country: '/location/country',
  Settlement: '/location/citytown',
  City: '/location/citytown',
  AdministrativeRegion: '/location/administrative_division',
  Airport: '/aviation/airport',
  River: '/geography/river',
  Mountain: '/geography/mountain',
  Film: '/film/film',
  Event: '/time/event',
  SportsEvent: '/sports/sports_championship_event',
  Language: '/language/human_language',
  EthnicGroup: '/people/ethnicity',
  ProgrammingLanguage: '/computer/programming_language',
  Software: '/computer/software',
  VideoGame: '/cvg/computer_videogame',
  TelevisionShow: '/tv/tv_program',
  Book: '/book/book',
  Album: '/music/album',
  Newspaper: '/book/newspaper',
  Disease: '/medicine/disease',
  Profession: '/people/profession',
};

/** Ancestors whose Freebase-style type a class does not take: DBpedia files ProgrammingLanguage under Language, Freebase's human_language is not one. */
const NOT_INHERITED: Record<string, string> = { ProgrammingLanguage: 'Language' };

export function freebaseTypesFor(dbpediaClasses: readonly string[]): string[] {
  const out: string[] = [];
  const skip = new Set(dbpediaClasses.filter((c) => Object.hasOwn(NOT_INHERITED, c)).map((c) => NOT_INHERITED[c]));
  for (const c of dbpediaClasses) {
    if (skip.has(c)) continue;
    const t = FREEBASE_FOR_CLASS[c];
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** CoNLL NER label of an entity's annotated mentions → DBpedia class. MISC says too little. */
export function classForNerLabel(label: string): string | undefined {
  return { PER: 'Person', ORG: 'Organisation', LOC: 'Place' }[label];
}

/** GUM entity type → DBpedia class. */
export function classForGumType(etype: string): string | undefined {
  return { person: 'Person', organization: 'Organisation', place: 'Place', event: 'Event' }[etype];
}

/**
 * DBpedia class from a Wikidata-style English description ("American
 * actor", "city in Texas, United States"): the first rule whose pattern
 * matches. Hand-written from the description conventions of Wikidata.
 */
const DESCRIPTION_RULES: [RegExp, string][] = [
  [/\b(national (association )?football team|national .*team)\b/, 'SportsTeam'],
  [/\b(football|soccer) club\b|\bassociation football club\b/, 'SoccerClub'],
  [/\b(sports team|baseball team|basketball team|(ice )?hockey team|soccer team|cricket team|rugby .*team|football team)\b/, 'SportsTeam'],
  [/\b(disease|illness|disorder|syndrome|infection|cancer)\b/, 'Disease'],
  [/\b(politician|president|prime minister|senator|minister|governor|diplomat)\b/, 'Politician'],
  [/\b(footballer|soccer player|association football player)\b/, 'SoccerPlayer'],
  [/\bcricketer\b/, 'Cricketer'],
  [/\btennis player\b/, 'TennisPlayer'],
  [/\b(athlete|player|boxer|cyclist|golfer|swimmer|racing driver|runner|skier|wrestler|quarterback|pitcher|linebacker|goalkeeper|midfielder|striker|shortstop|outfielder|jockey|sprinter|gymnast|fencer|rower|figure skater|mixed martial artist)\b/, 'Athlete'],
  [/\b(singer|musician|rapper|composer|guitarist|pianist|songwriter|drummer)\b/, 'MusicalArtist'],
  [/\b(actor|actress|comedian)\b/, 'Actor'],
  [/\b(writer|novelist|poet|author|journalist)\b/, 'Writer'],
  [/\b(musical group|band|rock group)\b/, 'Band'],
  [/\b(television series|tv series|television program(me)?|television show|sitcom|soap opera|drama series|web series|animated series)\b/, 'TelevisionShow'],
  [/\b(political party)\b/, 'PoliticalParty'],
  [/\b(university|college)\b/, 'University'],
  [/\b(network |communication |application )?protocol( stack| suite)?$/, 'Protocol'],
  [/\b(public transport|transport|transit|rail|railway|bus|tram) (network|system|operator)\b/, 'PublicTransitSystem'],
  [/\b(company|corporation|manufacturer|airline|bank|conglomerate|brand|retailer|record label|studio|publishing house|network|provider|investment trust|subsidiary|cooperative|firm|distributor|supplier)\b/, 'Company'],
  [/\b(charity|non-profit|nonprofit)\b/, 'Non-ProfitOrganisation'],
  [/\b(lower house|upper house|legislature|parliament|legislative (assembly|body|chamber)|unicameral|bicameral)\b/, 'Legislature'],
  [/\b(warfare branch|service branch|armed forces|air force|navy|army|regiment)$/, 'MilitaryUnit'],
  [/\b(organization|organisation|agency|association|federation|league|union)\b/, 'Organisation'],
  [/\b(sovereign state|country(?! music| singer| musician))\b/, 'Country'],
  [/\b(state of the united states|province|region of|county of|state of|federal state|department of|(?<!school )district(?! attorney| judge| court| manager)|county(?! seat| town| judge| attorney| executive| commissioner)|comune|verbandsgemeinde|prefecture|canton)\b/, 'AdministrativeRegion'],
  [/\b(city|town|village|municipality|capital|county seat|borough|commune|suburb|neighbourhood|neighborhood|settlement)\b/, 'Settlement'],
  [/\briver\b/, 'River'],
  [/\b(mountain|mountain range|volcano)\b/, 'Mountain'],
  [/\bairport\b/, 'Airport'],
  [/\b(island|archipelago)\b/, 'Island'],
  [/\b(human|person|philosopher|scientist|physicist|chemist|mathematician|economist|painter|artist|director|(?:film|television|record|music|theatre|theater) producer|businessman|businessperson|engineer|lawyer|judge|soldier|officer|monarch|king|queen|emperor|saint|priest|bishop|pope|secretary|marshal|general|entrepreneur|chief executive|business executive|bandleader|band leader|critic|naturalist|presenter|filmmaker|screenwriter|model|designer|architect|photographer|chef|astronaut|inventor|activist|explorer|surgeon|physician|historian|sociologist|psychologist|biologist|astronomer|botanist|geologist|linguist|theologian|psychiatrist|dancer|choreographer|illustrator|cartoonist|sculptor|playwright|television personality|socialite|aristocrat|nobleman|noblewoman|cinematographer)\b/, 'Person'],
  [/\b(film|movie)\b(?! festival| studio| director| producer| critic| editor| company)/, 'Film'],
  [/\bvideo game\b(?! developer| publisher| publishing| company| studio| designer| and| engine| console)/, 'VideoGame'],
  [/\b(software|operating system|web browser|text editor|database management system|relational database|linux distribution|free software|open.source software|mobile app|web framework|search engine|email client|word processor)\b(?! developer| engineer| company| companies| publisher| foundation| project)/, 'Software'],
  [/\b(festival|tournament|championship|election|war|battle|summit|olympics|conflict|revolution|rebellion|uprising|pandemic|massacre)\b|\bgames$/, 'Event'],
  [/\b(awards?|prize|medal)\b/, 'Award'],
  [/\bcurrency\b/, 'Currency'],
  [/\b(sport|martial art)$/, 'Sport'],
  [/\b(programming language|markup language|query language|scripting language)\b/, 'ProgrammingLanguage'],
  [/\b(language)\b/, 'Language'],
  [/\b(ethnic group|people of)\b/, 'EthnicGroup'],
];

/**
 * Where a description's head phrase ends: Wikidata descriptions are noun
 * phrases ("American record label founded in New York", "Marshal of the
 * Soviet Union"), and words after a preposition or a participle describe
 * something else (New York, the Soviet Union). Commas and "and" stay inside:
 * "American film, stage and television actor" is an actor.
 */
const HEAD_END = /\s(?:of|in|for|from|by|at|on|with|within|without|to|led|founded|based|located|owned|operated|held|directed|produced|written|released|created|developed|published|that|which|who|whose|since|between|including|upon)\s|[;(]/;

/**
 * The class a description's head phrase names: the first rule (rules run
 * from specific to general) that matches inside the head phrase; undefined
 * when the head phrase names nothing we know.
 */
export function classForDescription(description: string): string | undefined {
  const d = ` ${description.toLowerCase()} `;
  // "person who specializes in evaluating art" describes an occupation (Art_critic), not a person.
  if (/^ (a )?(person|someone|one|people|individual) (who|that|whose)\b/.test(d)) return 'Profession';
  const cut = HEAD_END.exec(d);
  // In a hyphenated compound the first part is a modifier: "general-purpose" names no general,
  // "film-maker" no film; the last part still counts ("singer-songwriter", "state-owned company").
  const head = (cut ? d.slice(0, cut.index) : d).trim().replace(/(\p{L})-(?=\p{L})/gu, '$1_ ');
  for (const [re, cls] of DESCRIPTION_RULES) {
    if (!re.test(head)) continue;
    // "Medal of Honor recipient", "1969 costume drama: Academy Award winner": someone or something the award went to.
    if (cls === 'Award' && /\b(winners?|recipients?|nominees?|laureates?|winning)\b/.test(d)) continue;
    return cls;
  }
  return undefined;
}

/**
 * DBpedia class from a Wikipedia title's disambiguator: "Paul_Johnson_(cricketer)",
 * "Michael_Green_(sprinter)". Titles are the one thing every source gives,
 * and their parenthesis is written by editors to say what the page is.
 */
const TITLE_RULES: [RegExp, string][] = [
  // "(football)" alone titles a club's football section or a position ("Galatasaray_S.K._(football)", "Punter_(football)"), not a player.
  [/^(association )?footballer$|^soccer( player)?$/, 'SoccerPlayer'],
  [/^cricketer$/, 'Cricketer'],
  [/^tennis player$/, 'TennisPlayer'],
  [/^(politician|statesman|diplomat)$/, 'Politician'],
  [/^(golfer|boxer|athlete|sprinter|runner|cyclist|swimmer|skier|racing driver|(rugby( union| league)?|basketball|baseball|ice hockey|american football) player|jockey|wrestler)$/, 'Athlete'],
  [/^(singer|musician|rapper|composer|guitarist)$/, 'MusicalArtist'],
  [/^(actor|actress)$/, 'Actor'],
  [/^(writer|novelist|poet|author|journalist)$/, 'Writer'],
  [/^(businessman|economist|judge|general|admiral|priest|bishop|cardinal|activist|lawyer|born \d{4})$/, 'Person'],
  [/^(band|musical group)$/, 'Band'],
  [/^(historian|philosopher|painter|sculptor|architect|scientist|physicist|chemist|mathematician|economist|journalist|sociologist)$/, 'Person'],
  [/^magazine$/, 'Magazine'],
  [/^(journal|academic journal)$/, 'AcademicJournal'],
  [/^play$/, 'Play'],
  [/^opera$/, 'Opera'],
  [/^musical$/, 'Musical'],
  [/^(album|ep|soundtrack|(\w+ )?album)$/, 'Album'],
  [/^(song|single)$/, 'Song'],
  [/^(film|\d{4} film|movie)$/, 'Film'],
  [/^(tv series|television series|\d{4} tv series|tv programme|tv program)$/, 'TelevisionShow'],
  [/^(novel|book)$/, 'Book'],
  [/^video game$/, 'VideoGame'],
  [/^software$/, 'Software'],
  [/^(genus|plant|bird|fish|moth|beetle|butterfly|spider|snail)$/, 'Species'],
  [/^river$/, 'River'],
  [/^(mountain|volcano)$/, 'Mountain'],
  [/^ship$/, 'Ship'],
  [/^(company|airline|bank|newspaper)$/, 'Company'],
  [/^(political party|party)$/, 'PoliticalParty'],
  [/ f\.?c\.?$|^football club$|^soccer club$/, 'SoccerClub'],
  [/^(mlb|baseball) team$/, 'BaseballTeam'],
  [/^(nfl|american football) team$/, 'AmericanFootballTeam'],
  [/^(nba|basketball) team$/, 'BasketballTeam'],
  [/^(nhl|ice hockey) team$/, 'HockeyTeam'],
];

/** Whole-title patterns: teams are named after their country or city, and AIDA marks them LOC. */
const WHOLE_TITLE_RULES: [RegExp, string][] = [
  [/_national_(under-\d+_)?(association_)?football_team$|_men's_national_soccer_team$/, 'NationalSoccerClub'],
  [/_(national_)?cricket_team$|_county_cricket_club$/i, 'CricketTeam'],
  [/_rugby_(union|league)_team$|_rugby_(union|league)$/i, 'RugbyClub'],
  [/_national_.*team$|_(fed_cup|davis_cup)_team$/i, 'SportsTeam'],
  [/_(A\.)?F\.C\.$|^FC_|_A\.F\.C\.$|^AS_|^SS_|^AC_|^Real_|^Sporting_/, 'SoccerClub'],
];

export function classForTitle(title: string, isPlaceName: (name: string) => boolean = () => false): string | undefined {
  for (const [re, cls] of WHOLE_TITLE_RULES) if (re.test(title)) return cls;
  const m = /_\(([^)]+)\)$/.exec(title);
  if (!m) return undefined;
  const d = m[1].replace(/_/g, ' ').toLowerCase();
  for (const [re, cls] of TITLE_RULES) if (re.test(d)) return cls;
  if (Object.hasOwn(SPORT_CLASSES, d)) return classForSportTitle(title.slice(0, m.index), SPORT_CLASSES[d], isPlaceName);
  // A league as the disambiguator titles its teams ("Colorado_Rockies_(NHL)"), and its divisions, drafts and seasons.
  if (Object.hasOwn(LEAGUE_TEAMS, d)) return /(^|_)(Division|Conference|Draft|season|Cup)(_|$)/.test(title) ? undefined : LEAGUE_TEAMS[d];
  if (/^\d{4}.\d{4}$/.test(d) && isPersonNameTitle(title.slice(0, m.index))) return 'Person';
  return undefined;
}

/** A sport as a title's disambiguator: its team and its player classes. */
const SPORT_CLASSES: Record<string, { team?: string; player: string }> = {
  baseball: { team: 'BaseballTeam', player: 'BaseballPlayer' },
  basketball: { team: 'BasketballTeam', player: 'BasketballPlayer' },
  'ice hockey': { team: 'HockeyTeam', player: 'IceHockeyPlayer' },
  'american football': { team: 'AmericanFootballTeam', player: 'AmericanFootballPlayer' },
  tennis: { player: 'TennisPlayer' },
};

/** Leagues whose name disambiguates a team's title. */
const LEAGUE_TEAMS: Record<string, string> = { mlb: 'BaseballTeam', nfl: 'AmericanFootballTeam', nba: 'BasketballTeam', nhl: 'HockeyTeam' };

/** Words of a competition's name: "US_Open_(tennis)", "German_Cup_(ice_hockey)". */
const COMPETITION_WORD = /(^|_)(Cup|Open|Slam|Championships?|Tournament|Trophy|League|Series|Classic|Masters|Games)(_|$)/;

/** Words that make a sports section a club's: "F.C._Porto_(basketball)", "Kuwait_SC_(basketball)". */
const CLUB_WORD = /(^|_)(FC|F\.C\.|SC|AC|CF|GKS|KK|BC|Club|Juniors)(_|$)/;

/**
 * A page disambiguated by a sport is a player ("Kenny_Rogers_(baseball)", "Li_Na_(tennis)"), a team named
 * as a place's plural ("Texas_Rangers_(baseball)", "Cleveland_Indians_(ice_hockey)") or a club's section
 * ("F.C._Porto_(basketball)"), a competition ("US_Open_(tennis)") or a term of the game ("Run_(baseball)",
 * "Center_(basketball)"): the last two get no class from the title. Wikipedia titles far more players so
 * than teams, which take the sport only where the plain name is taken.
 */
function classForSportTitle(base: string, sport: { team?: string; player: string }, isPlaceName: (name: string) => boolean): string | undefined {
  const words = base.split('_');
  if (words.length < 2 || COMPETITION_WORD.test(base)) return undefined;
  if (sport.team && (CLUB_WORD.test(base) || (/s$/.test(words[words.length - 1]) && isPlaceName(words.slice(0, -1).join(' '))))) return sport.team;
  return isPersonNameTitle(base) ? sport.player : undefined;
}

/**
 * Words of a page title that name a state, an institution, a building, a publication or an event, never a person:
 * a span of years disambiguates "Kingdom_of_Poland_(1385–1569)", "Department_of_Transport_(1983–1987)",
 * "Frontier_Airlines_(1950–1986)" and "The_Sun_(1893–1906)" as it does "Charles_Darwin_(1809–1882)".
 */
const NOT_A_PERSON = new Set(
  'Kingdom Republic Empire Battle Siege War Treaty University College Department Ministry Office Party League Railway Township Duchy Principality County State Dynasty Council Church Government Federation Union Confederation Sultanate Caliphate Emirate Commonwealth Province Bank Company Corporation Club Association Navy Army Force Team The Station Airlines Airline Airways Airport Railroad Stadium Arena Theatre Theater Hotel Building Bridge Records Studios Magazine Journal Times News Herald Post Press Tribune Gazette'.split(' '),
);

/** Particles inside people's names ("Elisabeth_of_France", "Ludwig_van_Beethoven"). */
const NAME_PARTICLES = new Set('of de von van der den la le du da di del dos y bin ibn al'.split(' '));

/** Noble titles after a comma in a person's page title ("Charles,_Duke_of_Berry"). */
const NOBLE_TITLE = /^(Duke|Duchess|Prince|Princess|Count|Countess|Earl|Margrave|Baron|Baroness|King|Queen|Lord|Lady|Marquess|Marquis|Viscount|Archduke|Archduchess|Grand)$/;

/** Whether a page title (without its disambiguator) reads as a person's name: 2–6 capitalized words and particles, none naming an institution. */
function isPersonNameTitle(base: string): boolean {
  const [name, after, ...more] = base.split(',_');
  if (more.length > 0 || (after !== undefined && !NOBLE_TITLE.test(after.split('_')[0]))) return false;
  const words = base.replace(',_', '_').split('_');
  if (words.length < 2 || words.length > 6 || name === '') return false;
  return words.every((w) => NAME_PARTICLES.has(w) || (/^\p{Lu}/u.test(w) && !NOT_A_PERSON.has(w)));
}

/** The word a person is called by after first mention ("Adam Hollioake" → "Hollioake"), if the name has one. */
export function surnameOf(name: string): string | undefined {
  const words = name.replace(/\s*\([^)]*\)\s*$/, '').split(/\s+/).filter((w) => !/^(jr|sr|ii|iii|iv)\.?,?$/i.test(w));
  if (words.length < 2) return undefined;
  const last = words[words.length - 1].replace(/,$/, '');
  return /^\p{Lu}\p{L}+(['-]\p{L}+)*$/u.test(last) && last.length >= 3 ? last : undefined;
}

/**
 * The class a title's last word names, for pages the sources give no class
 * ("World_Bank", "Kansai_International_Airport", "Lake_Geneva" stays
 * untyped: the head comes last in English names). Weaker than every source:
 * used only for entities without any class. Plural and generic heads
 * ("Awards", "Group", "Cup") say too little and are not listed.
 */
const HEAD_WORD_CLASSES: Record<string, string> = {
  Airport: 'Airport',
  River: 'River',
  College: 'College',
  University: 'University',
  Island: 'Island',
  Township: 'Town',
  County: 'AdministrativeRegion',
  Province: 'AdministrativeRegion',
  Castle: 'Castle',
  Stadium: 'Stadium',
  Party: 'PoliticalParty',
  Records: 'RecordLabel',
  Airlines: 'Airline',
  Airways: 'Airline',
  Lake: 'Lake',
  Bridge: 'Bridge',
  Station: 'Station',
  Museum: 'Museum',
  Hospital: 'Hospital',
  Company: 'Company',
  Corporation: 'Company',
  Bank: 'Bank',
  School: 'School',
  Railway: 'RailwayLine',
  Railroad: 'RailwayLine',
  Mountain: 'Mountain',
  Street: 'Street',
  Newspaper: 'Newspaper',
  Agency: 'GovernmentAgency',
  Union: 'TradeUnion',
  Parliament: 'Legislature',
  Assembly: 'Legislature',
  Prize: 'Award',
  Award: 'Award',
  Medal: 'Award',
  Battle: 'MilitaryConflict',
  Siege: 'MilitaryConflict',
  Treaty: 'Treaty',
};

/** Prepositions after a name's head: "Nobel_Prize_in_Physics", "Bank_of_England", "Battle_of_Hastings". */
const AFTER_HEAD = new Set(['of', 'in', 'for']);

export function classForTitleHead(title: string): string | undefined {
  if (/_\(/.test(title)) return undefined;
  const words = title.split('_');
  if (words.length < 2) return undefined;
  // The head is the last word, or the word before the first "of", "in" or "for" (the name goes on after it).
  const p = words.findIndex((w, i) => i > 0 && AFTER_HEAD.has(w));
  const k = p > 0 ? p - 1 : words.length - 1;
  const head = words[k];
  // A side's bank is a river's ("West_Bank", "Left_Bank", "South_Bank"), not a lender.
  if (head === 'Bank' && k === words.length - 1 && RIVER_SIDES.has(words[k - 1])) return undefined;
  return Object.hasOwn(HEAD_WORD_CLASSES, head) ? HEAD_WORD_CLASSES[head] : undefined;
}

const RIVER_SIDES: ReadonlySet<string> = new Set(['West', 'East', 'North', 'South', 'Left', 'Right']);

/** "Springfield,_Virginia" → "Virginia": a page named after a place in a larger one, if the title has that form. */
export function containingPlaceOf(title: string): string | undefined {
  const m = /^[^,]+,_(\p{Lu}[^,()]*)$/u.exec(title);
  return m ? m[1] : undefined;
}
