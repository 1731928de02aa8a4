/**
 * One reader per data set under ../shared/data (each README was read for
 * format and licence; the model card lists them). Each adds entities,
 * aliases with counts, relations or context to a KbWriter. Only training
 * splits feed aliases and priors: AIDA testa and GUM dev/test are kept for
 * evaluation.
 */
import { readFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { KbWriter } from './kb-writer.js';
import { classForDescription, classForGumType, classForNerLabel } from './types.js';
import { parseAida, type AidaDocument } from '../aida.js';
import { canonicalTitle, titleFromUrl } from '../normalize.js';
import { entityContexts } from '../context.js';
import { headline } from '../features.js';
import type { PropertyValue } from '../kb-schema.js';
import type { DbpediaOntology } from '../ontology.js';
import { dbpediaClassesForWikidataClasses, isTypeAgreementHoldout } from './wikidata-classes.js';

export type Log = (msg: string) => void;

/** Coordinates to 4 decimals (~10 m): more digits are noise and bytes. */
const coord = (lat: number | string, lon: number | string) => ({ lat: Math.round(Number(lat) * 1e4) / 1e4, lon: Math.round(Number(lon) * 1e4) / 1e4 });

const read = (dir: string, ...p: string[]) => readFileSync(join(dir, ...p), 'utf8');
const tsvRows = (text: string) => text.split('\n').filter((l) => l.length > 0).map((l) => l.split('\t'));

/** fb15k-entity2wikidata (MIT; Wikidata CC0): mid ↔ QID, label, aliases, description, title. */
export function addFb15k(kb: KbWriter, data: string, log: Log): number {
  const json = JSON.parse(read(data, 'fb15k-entity2wikidata', 'entity2wikidata.json')) as Record<
    string,
    { alternatives?: string[]; description?: string; label?: string; wikidata_id?: string; wikipedia?: string | null }
  >;
  let n = 0;
  kb.batch(() => {
    for (const [mid, e] of Object.entries(json)) {
      const cls = e.description ? classForDescription(e.description) : undefined;
      kb.upsert({
        mid,
        qid: e.wikidata_id ?? undefined,
        title: e.wikipedia ? titleFromUrl(e.wikipedia) : undefined,
        label: e.label ?? undefined,
        description: e.description ?? undefined,
        aliases: e.alternatives ?? [],
        dbpedia: cls ? [cls] : [],
      });
      n++;
    }
  });
  log(`fb15k: ${n} entities`);
  return n;
}

/** kb-seeds: countries (dr5hn ODbL + mledoze ODbL), states, cities, Natural Earth places and airports (PD), US legislators (CC0). */
export function addSeeds(kb: KbWriter, data: string, log: Log, minCityPopulation = 50000): void {
  const dir = join(data, 'kb-seeds');
  const countryQid = new Map<string, string>();
  const dr5hn = JSON.parse(read(dir, 'dr5hn-countries-states-cities', 'countries.json')) as {
    name: string; iso2: string; iso3: string; nationality?: string; wikiDataId?: string; latitude?: string; longitude?: string; population?: number; capital?: string;
  }[];
  const mledoze = JSON.parse(read(dir, 'mledoze-countries', 'countries.json')) as {
    name: { common: string; official: string }; cca2: string; altSpellings?: string[]; demonyms?: { eng?: { m?: string; f?: string } };
  }[];
  const extra = new Map(mledoze.map((c) => [c.cca2, c]));
  let n = 0;
  kb.batch(() => {
    for (const c of dr5hn) {
      if (!c.wikiDataId) continue;
      countryQid.set(c.iso2, c.wikiDataId);
      const m = extra.get(c.iso2);
      const props: Record<string, PropertyValue> = { P17: c.wikiDataId };
      if (c.latitude && c.longitude) props.P625 = coord(c.latitude, c.longitude);
      if (c.population) props.P1082 = Number(c.population);
      const aliases = [c.name, c.iso3, ...(m ? [m.name.common, m.name.official, ...(m.altSpellings ?? []).filter((s) => s.length > 2)] : [])];
      const id = kb.upsert({ qid: c.wikiDataId, label: m?.name.common ?? c.name, aliases, dbpedia: ['Country'], typeEvidence: 'curated', props, popularity: 0 });
      // Demonyms name the country in news text ("German call", "British lamb").
      for (const d of [c.nationality, m?.demonyms?.eng?.m, m?.demonyms?.eng?.f]) {
        if (!d) continue;
        kb.addAlias(d, id, 0);
        // The people, plural ("Armenians", "Iraqis") name the country too in news text.
        if (/(an|i)$/.test(d)) kb.addAlias(`${d}s`, id, 0);
      }
      n++;
    }
  });
  const states = read(dir, 'dr5hn-countries-states-cities', 'states.csv').split('\n').slice(1);
  // A first-level subdivision by its country and code ("CA:ON") or name ("CA:ontario"): the region a city lies in
  // (P131), which joins "Brantford, Ontario" into one mention of the town (src/linking/place-region.ts).
  const stateQid = new Map<string, string>();
  kb.batch(() => {
    for (const line of states) {
      const f = splitCsv(line);
      if (f.length < 16 || !f[15]) continue;
      stateQid.set(`${f[3]}:${f[5]}`, f[15]);
      stateQid.set(`${f[3]}:${f[1].toLowerCase()}`, f[15]);
      const props: Record<string, PropertyValue> = {};
      if (countryQid.has(f[3])) props.P17 = countryQid.get(f[3]) as string;
      if (f[12] && f[13]) props.P625 = coord(f[12], f[13]);
      if (f[16]) props.P1082 = Number(f[16]);
      kb.upsert({ qid: f[15], label: f[1], dbpedia: ['AdministrativeRegion'], typeEvidence: 'curated', props });
      n++;
    }
  });
  const places = tsvRows(read(dir, 'natural-earth', 'ne_10m_populated_places.tsv'));
  const h = places[0];
  const col = (name: string) => h.indexOf(name);
  kb.batch(() => {
    for (const r of places.slice(1)) {
      const qid = r[col('wikidataid')];
      if (!qid) continue;
      const props: Record<string, PropertyValue> = { P625: coord(r[col('latitude')], r[col('longitude')]) };
      const pop = Number(r[col('pop_max')]);
      if (pop > 0) props.P1082 = pop;
      const cq = countryQid.get(r[col('iso_a2')]);
      if (cq) props.P17 = cq;
      const sq = stateQid.get(`${r[col('iso_a2')]}:${r[col('adm1name')].toLowerCase()}`);
      if (sq && sq !== qid && sq !== cq) props.P131 = sq;
      kb.upsert({ qid, label: r[col('name_en')] || r[col('name')], aliases: [r[col('nameascii')]], dbpedia: ['City'], typeEvidence: 'curated', props });
      n++;
    }
  });
  const cities = tsvRows(read(dir, 'dr5hn-countries-states-cities', 'cities_partial.tsv'));
  kb.batch(() => {
    for (const r of cities.slice(1)) {
      const pop = Number(r[6]);
      if (!r[9] || !(pop >= minCityPopulation)) continue;
      const props: Record<string, PropertyValue> = { P625: coord(r[7], r[8]), P1082: pop };
      const cq = countryQid.get(r[3]);
      if (cq) props.P17 = cq;
      const sq = stateQid.get(`${r[3]}:${r[4]}`);
      if (sq && sq !== r[9] && sq !== cq) props.P131 = sq;
      kb.upsert({ qid: r[9], label: r[1], dbpedia: ['City'], typeEvidence: 'curated', props });
      n++;
    }
  });
  const airports = tsvRows(read(dir, 'natural-earth', 'ne_10m_airports.tsv'));
  kb.batch(() => {
    for (const r of airports.slice(1)) {
      const title = r[7] ? titleFromUrl(r[7]) : undefined;
      if (!title) continue;
      kb.upsert({
        title,
        label: title.replace(/_/g, ' '),
        dbpedia: ['Airport'],
        typeEvidence: 'curated',
        props: { P625: coord(r[9], r[8]) },
      });
      n++;
    }
  });
  n += addLegislators(kb, read(dir, 'us-congress-legislators', 'legislators-current.yaml'), countryQid.get('US'));
  log(`kb-seeds: ${n} records`);
}

/** The few fields we need from the legislators YAML, read line by line (no YAML dependency for one file). */
function addLegislators(kb: KbWriter, yaml: string, usQid: string | undefined): number {
  let n = 0;
  kb.batch(() => {
    for (const block of yaml.split(/^- id:$/m).slice(1)) {
      const field = (re: RegExp) => re.exec(block)?.[1]?.replace(/^'|'$/g, '').trim();
      const qid = field(/^\s{4}wikidata: (Q\d+)$/m);
      const title = field(/^\s{4}wikipedia: (.+)$/m);
      if (!qid) continue;
      const full = field(/^\s{4}official_full: (.+)$/m);
      const first = field(/^\s{4}first: (.+)$/m);
      const last = field(/^\s{4}last: (.+)$/m);
      const nick = field(/^\s{4}nickname: (.+)$/m);
      const aliases = [full, first && last ? `${first} ${last}` : undefined, nick && last ? `${nick} ${last}` : undefined].filter(
        (s): s is string => !!s,
      );
      kb.upsert({ qid, title, label: full ?? aliases[0], aliases, dbpedia: ['Politician'], typeEvidence: 'curated', props: usQid ? { P27: usQid } : {} });
      n++;
    }
  });
  return n;
}

/** gum-entities (CC BY 4.0 annotations): train-split mentions give aliases with counts, QIDs and types. */
export function addGum(kb: KbWriter, data: string, log: Log): void {
  const rows = tsvRows(read(data, 'gum-entities', 'mentions.tsv')).slice(1);
  let n = 0;
  kb.batch(() => {
    for (const r of rows) {
      const [, split, , , , , , , etype, , title, qid, text] = r;
      if (split !== 'train' || title === '_' || !qid || qid === '_') continue;
      // Pronouns and common-noun mentions are coreference, not names.
      if (!/^\p{Lu}/u.test(text) || text.split(' ').length > 6) continue;
      const cls = classForGumType(etype);
      const id = kb.upsert({ title: canonicalTitle(title), qid, dbpedia: cls ? [cls] : [], typeEvidence: 'annotation' });
      kb.addAlias(text.replace(/ ([,.'])/g, '$1'), id, 1);
      n++;
    }
  });
  log(`gum: ${n} train mentions`);
}

/**
 * aida-conll TRAIN (CC BY 3.0 annotations; research-only CoNLL text):
 * mention → title counts (the priors), mids, majority NER label as type,
 * and the words of the documents each entity appears in (context).
 */
export function addAidaTrain(kb: KbWriter, data: string, log: Log): AidaDocument[] {
  const docs = parseAida(
    read(data, 'aida-conll', 'AIDA-YAGO2-dataset.train.tsv'),
    existsSync(join(data, 'conll2003', 'eng.train')) ? read(data, 'conll2003', 'eng.train') : undefined,
  );
  const labels = new Map<number, Map<string, number>>();
  const idOf = new Map<string, number>();
  // Per entity: its mentions in sports reports and elsewhere.
  const where = new Map<number, { sport: number; other: number }>();
  let n = 0;
  kb.batch(() => {
    for (const d of docs) {
      const sport = isSportsReport(d.tokens);
      for (const m of d.mentions) {
        if (!m.title) continue;
        const id = kb.upsert({ title: m.title, mid: m.mid });
        idOf.set(m.title, id);
        kb.addAlias(m.text, id, 1);
        if (m.label) {
          let c = labels.get(id);
          if (!c) labels.set(id, (c = new Map()));
          c.set(m.label, (c.get(m.label) ?? 0) + 1);
        }
        const w = where.get(id) ?? { sport: 0, other: 0 };
        if (sport) w.sport++;
        else w.other++;
        where.set(id, w);
        n++;
      }
    }
    let teams = 0;
    for (const [id, c] of labels) {
      const best = [...c].sort((a, b) => b[1] - a[1])[0][0];
      const ids = idsOf(kb, id);
      const w = where.get(id);
      const team = best === 'ORG' && w !== undefined && w.other === 0 && w.sport >= SPORTS_TEAM_MENTIONS && readsAsClub(ids.title ?? '');
      const cls = team ? 'SportsTeam' : classForNerLabel(best);
      if (team) teams++;
      if (cls) kb.upsert({ ...ids, dbpedia: [cls], typeEvidence: 'annotation' });
    }
    log(`aida train: ${teams} organisations named only in sports reports typed SportsTeam`);
    const ctx = entityContexts(docs);
    for (const [title, words] of ctx.byTitle) {
      const id = idOf.get(title);
      if (id !== undefined) kb.setContext(id, ctx.weights(words));
    }
  });
  log(`aida train: ${docs.length} docs, ${n} linked mentions`);
  return docs;
}

/**
 * Mentions, all in sports reports, from which an ORG-tagged entity of AIDA train is a team: "Newcastle_Knights",
 * "Wigan_Warriors", "FK_Zemun" carry no class but the tagger's ORG, so a club's name in a text without sport
 * ("rents in Newcastle") was an organisation like any other and linked; as a SportsTeam it needs sport in the
 * text (nil.ts, vetoReason 'team').
 */
export const SPORTS_TEAM_MENTIONS = 2;

/** The first line's words (a report's headline, up to 30 tokens) name a sport: "RUGBY LEAGUE - …", "SOCCER - …". */
export function isSportsReport(tokens: readonly string[]): boolean {
  return headline(tokens).some((t) => SPORT_NAMES.has(t.toLowerCase()));
}

const SPORT_NAMES = new Set(
  'soccer football cricket rugby basketball baseball hockey tennis golf athletics racing motor-racing cycling boxing nfl nba nhl'.split(' '),
);

/**
 * A title that may be a club's: not a league, cup, tour, governing body or event, which sports reports name
 * as often ("National_League_West", "UEFA", "Association_of_Tennis_Professionals", "Ryder_Cup").
 */
export function readsAsClub(title: string): boolean {
  return !/(^|_)(League|Cup|Association|Confederation|Federation|Union|Tour|Championships?|Open|Stakes|Prix|Masters|Series|Olympics?|Games|Trophy|Serie|Eredivisie|Bundesliga|Division|Conference|Rugby_union|Rugby_league|sports?)(_|$)/i.test(title);
}

function idsOf(kb: KbWriter, id: number): { title?: string; qid?: string; mid?: string } {
  const r = kb.db.prepare('SELECT title, qid, mid FROM entities WHERE id = ?').get(id) as { title: string | null; qid: string | null; mid: string | null };
  return { title: r.title ?? undefined, qid: r.qid ?? undefined, mid: r.mid ?? undefined };
}

/**
 * pprforned-aida-candidates, TRAIN documents only (research data, Pershina
 * et al. 2015): every candidate page is an entity with its Wikipedia in-link
 * count as popularity, the mention string is an alias of it (count 0), and
 * the candidates' links to each other become related pairs.
 */
export function addPprCandidates(kb: KbWriter, data: string, log: Log, split: 'train' | 'testa' = 'train'): void {
  const text = gunzipSync(readFileSync(join(data, 'pprforned-aida-candidates', `PPRforNED_AIDA_candidates.${split}.txt.gz`))).toString('utf8');
  let mention = '';
  let docPages = new Map<string, number>();
  let docLinks: [number, string[]][] = [];
  let n = 0;
  const flushDoc = () => {
    for (const [id, links] of docLinks) for (const l of links) {
      const other = docPages.get(l);
      if (other !== undefined) kb.addRelated(id, other);
    }
    docPages = new Map();
    docLinks = [];
  };
  kb.batch(() => {
    for (const line of text.split('\n')) {
      if (line.startsWith('-DOCSTART-')) flushDoc();
      else if (line.startsWith('ENTITY')) mention = /\ttext:([^\t]*)/.exec(line)?.[1] ?? '';
      else if (line.startsWith('CANDIDATE')) {
        const f = fields(line);
        const title = titleFromUrl(f.url ?? '');
        if (!title) continue;
        const id = kb.upsert({ title, popularity: Number(f.inCount ?? 0) });
        kb.addAlias(mention, id, 0);
        docPages.set(f.id, id);
        docLinks.push([id, (f.links ?? '').split(';').filter(Boolean)]);
        n++;
      }
    }
    flushDoc();
  });
  log(`pprforned ${split}: ${n} candidate lines`);
}

function fields(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of line.split('\t').slice(1)) {
    const i = part.indexOf(':');
    if (i > 0) out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

/**
 * codex-wikidata-types (MIT; Wikidata CC0), CoDEx-S and -M triples: for
 * QIDs already in the KB, relations become related pairs and a few
 * properties; relations that only a kind of thing has give its type
 * (an occupation P106 → Person, diplomatic relations P530 → Country).
 */
export function addCodex(kb: KbWriter, data: string, log: Log): void {
  const dir = join(data, 'codex-wikidata-types');
  const texts = [read(dir, 'codex-s.train.triples.tsv'), gunzipSync(readFileSync(join(dir, 'codex-m.train.triples.tsv.gz'))).toString('utf8')];
  const TYPE_BY_SUBJECT_RELATION: Record<string, string> = { P106: 'Person', P27: 'Person', P19: 'Person', P1412: 'Person', P530: 'Country', P159: 'Organisation' };
  const PROPS = new Set(['P17', 'P27', 'P106', 'P19', 'P159', 'P131', 'P30']);
  const byQid = kb.db.prepare('SELECT id, props FROM entities WHERE qid = ?');
  const setProps = kb.db.prepare('UPDATE entities SET props = ? WHERE id = ?');
  let rel = 0;
  kb.batch(() => {
    for (const text of texts)
      for (const [h, p, t] of tsvRows(text)) {
        const a = byQid.get(h) as { id: number; props: string | null } | undefined;
        if (!a) continue;
        const cls = TYPE_BY_SUBJECT_RELATION[p];
        if (cls) kb.upsert({ qid: h, dbpedia: [cls], typeEvidence: 'relation' });
        if (PROPS.has(p)) {
          const props = a.props ? (JSON.parse(a.props) as Record<string, PropertyValue>) : {};
          if (props[p] === undefined) {
            props[p] = t;
            setProps.run(JSON.stringify(props), a.id);
          }
        }
        const b = byQid.get(t) as { id: number } | undefined;
        if (b) {
          kb.addRelated(a.id, b.id);
          rel++;
        }
      }
  });
  log(`codex: ${rel} relations between KB entities`);
}

/**
 * codex-wikidata-types `entity2types.json` (MIT; Wikidata CC0): the P31
 * classes of ~78k notable Wikidata items, mapped to DBpedia classes
 * (wikidata-classes.ts), for the KB entities with one of those QIDs.
 * Curated evidence: Wikidata's own statement of what the item is (Apple Inc.
 * a public company and business → Company). Run after every source that
 * adds QIDs. `holdOut` leaves out the items isTypeAgreementHoldout picks (a
 * build for measuring type agreement against this same file).
 */
export function addCodexTypes(kb: KbWriter, data: string, ontology: DbpediaOntology, log: Log, holdOut = false): void {
  const dir = join(data, 'codex-wikidata-types');
  const types = JSON.parse(read(dir, 'entity2types.json')) as Record<string, string[]>;
  const labels = JSON.parse(read(dir, 'types.en.json')) as Record<string, { label?: string }>;
  const byQid = kb.db.prepare('SELECT id FROM entities WHERE qid = ?');
  let typed = 0;
  let held = 0;
  kb.batch(() => {
    for (const [qid, classes] of Object.entries(types)) {
      if (byQid.get(qid) === undefined) continue;
      if (holdOut && isTypeAgreementHoldout(qid)) {
        held++;
        continue;
      }
      const dbpedia = dbpediaClassesForWikidataClasses(ontology, classes, (q) => labels[q]?.label);
      if (dbpedia.length === 0) continue;
      kb.upsert({ qid, dbpedia, typeEvidence: 'curated' });
      typed++;
    }
  });
  log(`codex types: ${typed} KB entities typed from their Wikidata classes${holdOut ? ` (${held} held out)` : ''}`);
}

/**
 * codex-wikidata-types `types.en.json` (MIT; Wikidata CC0): the 3,443
 * Wikidata classes CoDEx's items are instances of, with English label,
 * description and Wikipedia page — occupations ("surgeon", "jurist"),
 * kinds of place and organisation ("primary school", "supreme court"),
 * genres and peoples ("British people"). Text names them as often as it
 * names people and places, and ELEVANT-style benchmarks link them. A class
 * whose page is a KB title without a QID gets the QID (the same page);
 * the rest are added. Classes only from the description (an occupation is
 * a Profession); most concepts have no DBpedia class, and stay untyped
 * rather than take their instances' class. A lower-case label is a common
 * noun ("surgeon", "town"): not an alias (see EntityInput.nameIsAlias).
 */
export function addCodexClasses(kb: KbWriter, data: string, log: Log): void {
  const classes = JSON.parse(read(data, 'codex-wikidata-types', 'types.en.json')) as Record<string, { label?: string; description?: string; wiki?: string }>;
  let matched = 0;
  let added = 0;
  kb.batch(() => {
    for (const [qid, c] of Object.entries(classes)) {
      if (!/^Q\d+$/.test(qid) || !c.label?.trim()) continue;
      const title = c.wiki ? titleFromUrl(c.wiki) : undefined;
      const cls = c.description ? classForDescription(c.description) : undefined;
      if (kb.find({ qid, title }) !== undefined) matched++;
      else added++;
      kb.upsert({
        qid,
        title,
        label: c.label,
        description: c.description || undefined,
        dbpedia: cls ? [cls] : [],
        typeEvidence: 'description',
        nameIsAlias: !isCommonNoun(c.label),
      });
    }
  });
  log(`codex classes: ${matched} matched by QID or title, ${added} added`);
}

/**
 * iptc-mediatopics (CC BY 4.0, IPTC): the news subjects of IPTC's Media
 * Topics taxonomy that map to a Wikidata item ("economy", "election",
 * "commuting", "Yom Kippur"), for the QIDs the KB lacks: label without its
 * disambiguating parenthesis, definition as description. Most are common
 * nouns, which are not aliases (see EntityInput.nameIsAlias); topics have no
 * DBpedia class. Retired topics are skipped.
 */
export function addIptcTopics(kb: KbWriter, data: string, log: Log): void {
  const rows = tsvRows(read(data, 'iptc-mediatopics', 'mediatopics.tsv'));
  const h = rows[0];
  const col = (name: string) => h.indexOf(name);
  const [cLabel, cRetired, cQid, cDef] = [col('label_en_GB'), col('retired'), col('wikidata'), col('definition')];
  if ([cLabel, cRetired, cQid, cDef].some((c) => c < 0)) throw new Error(`mediatopics.tsv: unexpected header ${h.join(', ')}`);
  let added = 0;
  kb.batch(() => {
    for (const r of rows.slice(1)) {
      const qid = r[cQid]?.split(',')[0]?.trim();
      if (!qid || !/^Q\d+$/.test(qid) || r[cRetired] || kb.find({ qid }) !== undefined) continue;
      const label = r[cLabel].replace(/ \([^)]*\)$/, '').trim();
      if (!label) continue;
      kb.upsert({ qid, label, description: r[cDef] || undefined, nameIsAlias: !isCommonNoun(label) });
      added++;
    }
  });
  log(`iptc media topics: ${added} topics added`);
}

/**
 * wikidata-disambig dev (research data; Wikipedia text, Wikidata ids):
 * mention → correct QID counts. A correct QID the KB lacks becomes an
 * entity named by the mention as the Wikipedia text writes it (the string
 * is lower-cased; its first occurrence in the example's text gives the case:
 * "london" → "London"); its classes come later, from CoDEx's Wikidata
 * classes where it has them. Its name is an alias without a count: the
 * examples were chosen because the name is ambiguous, and one example must
 * not outweigh the namesake the KB's counts know ("Nike" the goddess beside
 * Nike, Inc.). A name the text writes in lower case ("beer") is a common
 * noun: the entity is added without it as an alias (see
 * EntityInput.nameIsAlias), and such a name only adds to the count of an
 * alias the entity already has. The wrong candidates are not added: they are
 * namesakes the text does not mean.
 */
export function addWikidataDisambig(kb: KbWriter, data: string, log: Log): void {
  const rows = JSON.parse(read(data, 'wikidata-disambig', 'wikidata-disambig-dev.json')) as { correct_id: string; string: string; text?: string }[];
  let n = 0;
  // The entities this source added: their names are aliases without counts.
  const mine = new Set<number>();
  kb.batch(() => {
    for (const r of rows) {
      if (!/^Q\d+$/.test(r.correct_id) || !r.string.trim()) continue;
      let id = kb.find({ qid: r.correct_id });
      const name = casedMention(r.string, r.text ?? '');
      if (id === undefined) {
        id = kb.upsert({ qid: r.correct_id, label: name, nameIsAlias: !isCommonNoun(name) });
        mine.add(id);
      }
      // A common noun counts only where it already names the entity.
      if (isCommonNoun(name) && (mine.has(id) || !kb.hasAlias(name, id))) continue;
      kb.addAlias(name, id, mine.has(id) ? 0 : 1);
      n++;
    }
  });
  log(`wikidata-disambig: ${n} of ${rows.length} examples give aliases (${mine.size} entities added)`);
}

/** Whether a name is written as a common noun: no upper-case letter ("beer", "primary school", "iPhone" is not). */
export function isCommonNoun(name: string): boolean {
  return !/\p{Lu}/u.test(name);
}

/**
 * A lower-cased mention as `text` writes it: in lower case if any occurrence
 * is (a common noun, capitalized only where a sentence starts), else its
 * first occurrence inside a sentence, else its first one; as given when the
 * text does not have it.
 */
export function casedMention(mention: string, text: string): string {
  const lower = text.toLowerCase();
  const want = mention.toLowerCase();
  let first: string | undefined;
  let inside: string | undefined;
  for (let at = lower.indexOf(want); at >= 0; at = lower.indexOf(want, at + 1)) {
    const found = text.slice(at, at + mention.length);
    // Lower-casing keeps the length of these strings but for a few letters (İ).
    if (found.toLowerCase() !== want) continue;
    if (found === want) return found;
    first ??= found;
    if (at > 0 && !/[.!?:"“]\s*$/.test(text.slice(Math.max(0, at - 3), at))) inside ??= found;
  }
  return inside ?? first ?? mention;
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') out.push(cur), (cur = '');
    else cur += c;
  }
  out.push(cur);
  return out;
}
