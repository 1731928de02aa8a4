/**
 * What the document's other layers say of its domain, for the senses' domain term (wsd-domains.ts):
 * the DBpedia types of its linked entities (a Software or a ProgrammingLanguage speaks for
 * computer_science, a Disease for medicine) and its IPTC top-level topics (health → medicine, crime,
 * law and justice → law). Read only where the request computed those layers anyway (`entities`,
 * `topics`): the senses never run the linker or the topic model for this, so `words,senses` keeps its
 * speed and reads only its own words' evidence.
 *
 * Each linked entity whose type (most specific first) the table knows counts as one more target of
 * that domain; each top-level topic as TOPIC_TARGETS × its score targets. Neither weight was tuned:
 * the dev WSD sets (SemEval-2007, SemCor) come without entities or topics. They are small beside a
 * document's hundreds of content words, so they tip short texts and leave long ones to their words.
 */
import type { EntityRecord, TopicRecord } from '../doc/layers.js';
import type { DomainEvidence, SenseDomains } from './wsd-domains.js';

/** DBpedia class → WordNet Domains basic domain. */
export const ENTITY_TYPE_DOMAINS: Readonly<Record<string, string>> = {
  Software: 'computer_science', ProgrammingLanguage: 'computer_science', VideoGame: 'computer_science', Website: 'computer_science',
  Disease: 'medicine', Drug: 'medicine', Hospital: 'medicine', MedicalSpecialty: 'medicine',
  AnatomicalStructure: 'biology', Gene: 'biology', Protein: 'biology', Species: 'biology',
  Animal: 'animals', Plant: 'plants',
  ChemicalCompound: 'chemistry', ChemicalElement: 'chemistry', ChemicalSubstance: 'chemistry',
  LegalCase: 'law', Judge: 'law', Lawyer: 'law',
  Bank: 'economy', StockExchange: 'economy',
  Cleric: 'religion', Pope: 'religion', Saint: 'religion', ReligiousBuilding: 'religion', Religious: 'religion',
  MusicalArtist: 'art', Band: 'art', Album: 'art', Single: 'art', Song: 'art', Painter: 'art', Artwork: 'art',
  Athlete: 'sport', SportsTeam: 'sport', SportsLeague: 'sport', SportsEvent: 'sport', SoccerClub: 'sport', SoccerPlayer: 'sport',
  MilitaryConflict: 'military', MilitaryUnit: 'military', MilitaryPerson: 'military',
  Politician: 'politics', PoliticalParty: 'politics', Election: 'politics', Legislature: 'politics',
  Planet: 'astronomy', Galaxy: 'astronomy', Star: 'astronomy', CelestialBody: 'astronomy',
};

/** IPTC media topic (top level) → WordNet Domains basic domain; science and technology is too broad to name one. */
export const TOPIC_DOMAINS: Readonly<Record<string, string>> = {
  'medtop:01000000': 'art',
  'medtop:02000000': 'law',
  'medtop:04000000': 'economy',
  'medtop:05000000': 'pedagogy',
  'medtop:06000000': 'environment',
  'medtop:07000000': 'medicine',
  'medtop:11000000': 'politics',
  'medtop:12000000': 'religion',
  'medtop:14000000': 'sociology',
  'medtop:15000000': 'sport',
  'medtop:16000000': 'military',
};

/** Targets a top-level topic of score 1 counts as. */
export const TOPIC_TARGETS = 5;

/** The evidence of the doc's entities and topics, or undefined where it has neither (or none the tables know). */
export function layerDomainEvidence(
  domains: SenseDomains,
  entities: readonly EntityRecord[] | undefined,
  topics: readonly TopicRecord[] | undefined,
): DomainEvidence | undefined {
  if ((entities === undefined || entities.length === 0) && (topics === undefined || topics.length === 0)) return undefined;
  const counts = new Float64Array(domains.size);
  let total = 0;
  for (const e of entities ?? []) {
    if (e.entityId === undefined && e.wikidataId === undefined) continue; // unlinked: its type is the recognizer's guess
    for (const type of e.type) {
      const d = domainIndex(domains, ENTITY_TYPE_DOMAINS[type.replace(/^DBpedia:/, '')]);
      if (d < 0) continue;
      counts[d] += 1;
      total += 1;
      break;
    }
  }
  for (const t of topics ?? []) {
    const d = domainIndex(domains, t.mediaTopicId === undefined ? undefined : TOPIC_DOMAINS[t.mediaTopicId]);
    if (d < 0) continue;
    counts[d] += TOPIC_TARGETS * t.score;
    total += TOPIC_TARGETS * t.score;
  }
  return total > 0 ? { counts, total } : undefined;
}

function domainIndex(domains: SenseDomains, name: string | undefined): number {
  return name === undefined ? -1 : domains.indexOf(name);
}
