/**
 * Linked entities' DBpedia types as evidence for fine IPTC topics: a
 * SoccerClub is evidence for "football", a Bank for "banking". The committed
 * table below maps a DBpedia class to an IPTC label (resolved to its qcode
 * when the taxonomy loads); an entity counts once for the first of its types
 * (most specific first) that the table knows. Used only when the entities
 * layer was computed anyway (the caller asked for entities too).
 */
import type { EntityRecord } from '../doc/doc.js';
import type { MediaTopics } from './mediatopics.js';

export const ENTITY_TYPE_TOPICS: Readonly<Record<string, string>> = {
  SoccerClub: 'football', SoccerPlayer: 'football', SoccerLeague: 'football', SoccerManager: 'football',
  NationalSoccerClub: 'football', SoccerTournament: 'football',
  BasketballTeam: 'basketball', BasketballPlayer: 'basketball', BasketballLeague: 'basketball',
  CricketTeam: 'cricket', Cricketer: 'cricket',
  TennisPlayer: 'tennis', TennisTournament: 'tennis',
  GolfPlayer: 'golf', GolfTournament: 'golf',
  RugbyClub: 'rugby union', RugbyPlayer: 'rugby union',
  IceHockeyPlayer: 'ice hockey', HockeyTeam: 'ice hockey',
  BaseballPlayer: 'baseball', BaseballTeam: 'baseball',
  Cyclist: 'cycling',
  Boxer: 'boxing',
  MusicalArtist: 'music', Band: 'music', Album: 'music', Single: 'music', Song: 'music',
  Film: 'cinema', FilmFestival: 'cinema',
  TelevisionShow: 'television', TelevisionStation: 'television', BroadcastNetwork: 'television',
  Theatre: 'theatre', Play: 'theatre',
  Writer: 'literature', Poet: 'literature', Book: 'literature', Novel: 'literature',
  Bank: 'banking',
  Company: 'business enterprise',
  MilitaryConflict: 'armed conflict', MilitaryUnit: 'armed conflict',
  Disease: 'disease and condition',
  Cleric: 'religious leader', Pope: 'religious leader', Saint: 'religious leader',
  ReligiousBuilding: 'religious facility',
  Election: 'election',
  PoliticalParty: 'political party',
  Legislature: 'legislative body',
};

/** DBpedia class → qcode, for the table's labels the taxonomy has. */
export function entityTypeQcodes(taxonomy: MediaTopics): Map<string, string> {
  const byLabel = new Map(taxonomy.concepts.map((c) => [c.label, c.qcode]));
  const out = new Map<string, string>();
  for (const [type, label] of Object.entries(ENTITY_TYPE_TOPICS)) {
    const q = byLabel.get(label);
    if (q) out.set(type, q);
  }
  return out;
}

/** Mentions of IPTC concepts by the types of the doc's entities; each counts its weight (1 by default; boilerplate weighs less). */
export function entityTypeMentions(entities: readonly EntityRecord[], byType: ReadonlyMap<string, string>, weights?: readonly number[]): Map<string, number> {
  const out = new Map<string, number>();
  entities.forEach((e, i) => {
    const q = e.type.map((t) => byType.get(t.replace(/^DBpedia:/, ''))).find((x) => x !== undefined);
    if (q) out.set(q, (out.get(q) ?? 0) + (weights ? weights[i] : 1));
  });
  return out;
}
