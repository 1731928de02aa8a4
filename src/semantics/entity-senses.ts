/**
 * Senses that agree with the linked entity a word is part of. When the request
 * also links entities, a word inside a linked name keeps only the WordNet
 * senses whose lexicographer file fits the entity's class: "Python" linked to
 * the programming language keeps no snake (noun.animal), "Apple" linked to the
 * company no fruit, "Amazon" linked to the river keeps the river; and the
 * verb, adjective and adverb senses of a word inside a name of several words
 * ("Real" in "Real Madrid") go, while a one-word mention keeps them
 * ("American" linked to the United States keeps american.a.01). A class this
 * table does not know (Agent alone, Concept …) leaves the word's senses as the
 * model gave them.
 *
 * Why lexicographer files: they are WordNet's own coarse classes (noun.person,
 * noun.location, noun.group …), on every synset, and a DBpedia class maps onto
 * a few of them; the linker's class comes from the KB (models/kb), so a word
 * gets no sense that contradicts the entity the response names for it.
 */
import type { EntityRecord } from '../doc/layers.js';

/** WordNet 3.0 noun lexicographer files (lexnames), by number. */
const NOUN = {
  act: 4,
  animal: 5,
  artifact: 6,
  cognition: 9,
  communication: 10,
  event: 11,
  food: 13,
  group: 14,
  location: 15,
  object: 17,
  person: 18,
  phenomenon: 19,
  plant: 20,
  possession: 21,
  process: 22,
  state: 26,
  substance: 27,
  time: 28,
} as const;

const bits = (...files: number[]): number => files.reduce((m, f) => m | (1 << f), 0);

const PLACE = bits(NOUN.location, NOUN.object, NOUN.artifact, NOUN.group);
// Not noun.artifact: WordNet files companies and institutions as groups ("IBM", "Oxford University"), and
// an artifact sense of a company's word is a namesake ("Chase" in "JPMorgan Chase": a printer's frame).
const ORGANISATION = bits(NOUN.group);
const WORK = bits(NOUN.communication, NOUN.artifact, NOUN.act);

/**
 * A DBpedia class → the noun lexicographer files its entities' words may take.
 * An entity's type list names its most specific class first; the first class
 * found here decides. Buildings, stations and stadiums are places that
 * WordNet files as artifacts; a country is also its people or government
 * (noun.group: "France" n.02).
 */
const CLASS_FILES: ReadonlyMap<string, number> = new Map([
  ['Person', bits(NOUN.person)],
  ['Profession', bits(NOUN.person)],
  ['EthnicGroup', bits(NOUN.group, NOUN.person)],
  ['Language', bits(NOUN.communication)],
  ['Disease', bits(NOUN.state, NOUN.process)],
  ['AcademicSubject', bits(NOUN.cognition, NOUN.act)],
  ['MusicGenre', bits(NOUN.communication, NOUN.act)],
  ['Software', bits(NOUN.communication, NOUN.artifact)],
  ['ProgrammingLanguage', bits(NOUN.communication)],
  ['Work', WORK],
  ['Event', bits(NOUN.event, NOUN.act, NOUN.time, NOUN.phenomenon)],
  ['Species', bits(NOUN.animal, NOUN.plant)],
  ['Animal', bits(NOUN.animal)],
  ['Plant', bits(NOUN.plant)],
  ['Food', bits(NOUN.food, NOUN.plant)],
  ['ChemicalSubstance', bits(NOUN.substance)],
  ['Currency', bits(NOUN.possession)],
  // WordNet files a university, a museum or a hospital under the building (noun.artifact: "Harvard",
  // "Louvre"), a company or an agency under noun.group.
  ['EducationalInstitution', bits(NOUN.group, NOUN.artifact)],
  ['Hospital', bits(NOUN.group, NOUN.artifact)],
  ['Library', bits(NOUN.group, NOUN.artifact)],
  ['Museum', bits(NOUN.group, NOUN.artifact)],
  ['Place', PLACE],
  ['Location', PLACE],
  ['Organisation', ORGANISATION],
]);

/** Set on the mask of a token inside a linked name of several tokens (above every noun file, 3–28). */
const IN_LONGER_NAME = 1 << 30;

/** The lexicographer-file mask a linked entity allows its words, or 0 where its class says nothing. */
export function entityLexfiles(e: EntityRecord): number {
  if (e.entityId === undefined && e.wikidataId === undefined) return 0; // unlinked: the type is the recognizer's guess
  for (const type of e.type) {
    const mask = CLASS_FILES.get(type.replace(/^DBpedia:/, ''));
    if (mask !== undefined) return mask;
  }
  return 0;
}

/**
 * A one-word mention that is not a word of its entity's title names the
 * place's or the organisation's people ("Tongans" linked to Tonga, "British"
 * to the United Kingdom, "Conservatives" to the party): the word's own
 * person and group senses are right there.
 */
function namesItsPeople(token: string, e: EntityRecord): boolean {
  // A capitalized word, not an initialism: "FBI" is the agency, and its g-man.n.01 a namesake.
  if (e.entityId === undefined || !/^\p{Lu}\p{Ll}+$/u.test(token)) return false;
  const word = token.toLowerCase();
  return !e.entityId
    .toLowerCase()
    .split(/[_,()]+/)
    .includes(word);
}

/**
 * Per token of the doc, the lexicographer files the linked entity over it
 * allows (the union where linked entities overlap), 0 outside them; undefined
 * when the doc has no linked entity of a known class.
 */
export function entityLexfileMasks(tokens: readonly string[], entities: readonly EntityRecord[] | undefined): Int32Array | undefined {
  const length = tokens.length;
  let masks: Int32Array | undefined;
  for (const e of entities ?? []) {
    let mask = entityLexfiles(e);
    if (mask === 0) continue;
    if (e.end - e.start > 1) mask |= IN_LONGER_NAME;
    else if ((mask & (PLACE | ORGANISATION)) !== 0 && namesItsPeople(tokens[e.start] ?? '', e)) mask |= bits(NOUN.person, NOUN.group);
    masks ??= new Int32Array(length);
    for (let i = Math.max(0, e.start); i < Math.min(length, e.end); i++) masks[i] |= mask;
  }
  return masks;
}

/**
 * Whether a synset of lexicographer file `lexfile` and part of speech `pos`
 * (n, v, a, s, r) fits the mask of the linked mention it is in: a noun sense
 * of a file the entity's class allows; a verb, adjective or adverb sense only
 * where the mention is the one word.
 */
export function fitsEntity(mask: number, lexfile: number, pos: string): boolean {
  if (pos !== 'n') return (mask & IN_LONGER_NAME) === 0;
  return (mask & (1 << lexfile)) !== 0;
}
