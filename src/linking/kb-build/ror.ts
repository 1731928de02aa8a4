/**
 * Organisations from the Research Organization Registry (ROR, CC0 data):
 * universities, hospitals, government agencies, research institutes,
 * companies and archives with their Wikidata QID, names, acronyms and place,
 * as extracted by training/kb/ror.ts into the committed file
 * training/kb/sources/ror-organisations.tsv.gz. The general sources miss
 * many of them (the CDC, most universities outside AIDA's 1996 news).
 *
 * An organisation the KB has by QID gets ROR's names as aliases; a new one
 * is added with its class from ROR's types (a university, a hospital, a
 * government agency …) and a description naming its kind and place, which
 * the ranker's description feature reads. ROR says nothing of how well
 * known an organisation is, so membership is no popularity signal: read as
 * one (as the brand list is, popularity.ts) it gave each of 22k institutes
 * the in-links of a known company, and a name they share went to them
 * ("Trinity College" to the one in Connecticut, "KISS" to two institutes
 * rather than the band). An organisation whose QID or page the KB had keeps
 * its popularity; an added one that the npm popularity lists name, and that
 * no other KB entity is called, is marked by them (the WHO, the CDC).
 */
import type { KbWriter } from './kb-writer.js';
import type { Log } from './sources.js';
import { canonicalTitle } from '../normalize.js';
import type { PopularitySignals } from './popularity.js';
import { readSourceTsv } from './source-tsv.js';

/** Where `textlens kb build` finds the extracted registry, relative to the repository root. */
export const ROR_FILE = 'training/kb/sources/ror-organisations.tsv.gz';

/** An educational institution's class and noun, by its name: a university, a college, a school. */
function education(name: string): [cls: string, noun: string] {
  if (/\bUniversit/i.test(name)) return ['University', 'university'];
  if (/\bCollege\b/i.test(name)) return ['College', 'college'];
  if (/\bSchool\b/i.test(name)) return ['School', 'school'];
  return ['EducationalInstitution', 'educational institution'];
}

/** ROR's types, most telling first, with the DBpedia class and the noun a description uses. */
const ROR_TYPES: readonly [type: string, cls: (name: string) => string, noun: (name: string) => string][] = [
  ['education', (n) => education(n)[0], (n) => education(n)[1]],
  ['healthcare', () => 'Hospital', (n) => (/\bHospital\b/i.test(n) ? 'hospital' : 'healthcare organisation')],
  ['government', () => 'GovernmentAgency', () => 'government agency'],
  ['company', () => 'Company', () => 'company'],
  ['archive', (n) => (/\bLibrar/i.test(n) ? 'Library' : 'Archive'), (n) => (/\bLibrar/i.test(n) ? 'library' : 'archive')],
  ['nonprofit', () => 'Non-ProfitOrganisation', () => 'non-profit organisation'],
  ['facility', () => 'Organisation', () => 'research facility'],
  ['funder', () => 'Organisation', () => 'research funder'],
  ['other', () => 'Organisation', () => 'organisation'],
];

/**
 * Adds the registry's organisations (see above); `isWord` says which lower-cased one-word names are words of
 * everyday English, which stay out as aliases. Returns false, with a warning, when the file is missing.
 */
export function addRor(kb: KbWriter, file: string, log: Log, isWord: (w: string) => boolean = () => false, signals?: PopularitySignals): boolean {
  const rows = readSourceTsv(file, ['qid', 'types', 'city', 'country', 'names'], log, "ROR's organisations", 'training/kb/ror.ts');
  if (!rows) return false;
  let matched = 0;
  let joined = 0;
  let joinedLater = 0;
  let added = 0;
  let named = 0;
  kb.batch(() => {
    for (const r of rows) {
      const names = r.names.split('|').filter((n) => n && keepName(n, isWord));
      if (names.length === 0) continue;
      const types = new Set(r.types.split(','));
      const kind = ROR_TYPES.find(([t]) => types.has(t)) ?? ROR_TYPES[ROR_TYPES.length - 1];
      const label = names[0];
      const place = [r.city, r.country].filter(Boolean).join(', ');
      const existed = kb.find({ qid: r.qid }) !== undefined;
      // A KB page without a QID under one of its names: the same organisation, unless the KB types the page
      // otherwise.
      // Its page may be titled without the country ("Food_and_Drug_Administration" for ROR's "United States
      // Food and Drug Administration").
      const countryFree = r.country ? names.filter((n) => n.startsWith(`${r.country} `)).map((n) => n.slice(r.country.length + 1)) : [];
      const page = [...names, ...countryFree].map(canonicalTitle).find((t) => kb.isOrganisationPageWithoutQid(t));
      const title = existed ? undefined : page;
      if (title) joined++;
      // The item came from an earlier source without its page (wikidata-disambig names Q204711 "U.S. Food and
      // Drug Administration"): the page and the item become one entity.
      else if (existed && page && kb.joinPageAndItem(page, r.qid) === 'joined') joinedLater++;
      const id = kb.upsert({
        title,
        derivedAcronyms: false,
        qid: r.qid,
        label,
        aliases: names.slice(1),
        description: `${kind[2](label)}${place ? ` in ${place}` : ''}`,
        dbpedia: [kind[1](label)],
        typeEvidence: 'description',
      });
      if (existed) matched++;
      else if (!title) {
        added++;
        // Well known where the popular-title or icon list names it and no other KB entity has the name.
        if (signals && kb.candidateCount(label) === 1 && signals.markByName(id, label)) named++;
      }
    }
  });
  log(`ror: ${matched} organisations matched by QID (${joinedLater} of them joined with their page), ${joined} by a page's title (QID added), ${added} added (${named} named by a popularity list)`);
  return true;
}

/**
 * Whether a ROR name is an alias: not a one-word name that is a word of everyday English ("PROTECT",
 * "RIGHT", "KISS" are French and Indian institutes' acronyms; as aliases, the sentence's "Right" or the
 * band Kiss would become them).
 */
function keepName(n: string, isWord: (w: string) => boolean): boolean {
  return /\s/.test(n) || !isWord(n.toLowerCase());
}
