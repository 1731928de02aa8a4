/**
 * `textlens kb build` writes the knowledge base file kb.sqlite
 * (src/linking/kb-build/build.ts); `textlens kb stats` prints a KB's counts
 * and the meta of its build.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultModelsDir } from '../resources/file-loader.js';
import { defineCommand, parseCommand, pickSubcommand, type CommandGroup } from './args.js';

export const KB_BUILD = defineCommand({
  name: 'kb build',
  summary:
    'Builds the knowledge base file kb.sqlite: from the data sets under --data, the npm-distributed sources (devDependencies) and the repository\'s extract of the Research Organization Registry (training/kb/sources), then from each Wikidata dump given.',
  flags: {
    out: { type: 'string', value: 'DIR', help: 'where to write kb.sqlite', defaultText: "the models' kb/" },
    data: { type: 'string', value: 'DIR', default: '../shared/data', help: 'the folder of the data sets (src/linking/kb-build/sources.ts)' },
    'wikidata-dump': { type: 'list', value: 'FILE.json.gz', help: 'a Wikidata JSON dump (or a slice of one) to add entities from' },
    'dump-only': { type: 'boolean', help: 'skip the data sets and npm sources: a KB from the dumps alone' },
    'dump-limit': { type: 'number', value: 'N', integer: true, min: 1, help: 'read at most N items of each dump' },
    'with-testa-candidates': {
      type: 'boolean',
      help: "also add PPRforNED's candidate lists of AIDA testa (an evaluation KB, never the shipped one)",
    },
    'npm-sources': {
      type: 'string',
      value: 'NODE_MODULES|none',
      help: 'the node_modules folder holding the npm-distributed sources; none skips them',
      defaultText: "this package's",
    },
    quiet: { type: 'boolean', help: 'no progress display for the dumps' },
  },
  notes: 'Exit status: 0 written; 2 a usage error or a missing data folder.',
});

export const KB_STATS = defineCommand({
  name: 'kb stats',
  summary: "Prints a knowledge base's counts and the meta of its build, as JSON.",
  flags: {
    kb: { type: 'string', value: 'FILE', help: 'the knowledge base', defaultText: "the models' kb/kb.sqlite" },
  },
});

export const KB: CommandGroup = { name: 'kb', summary: 'builds and inspects the knowledge base', commands: [KB_BUILD, KB_STATS] };

export async function kbCommand(argv: string[]): Promise<number> {
  const { spec, rest } = pickSubcommand(argv, KB);
  return spec === KB_BUILD ? buildCommand(rest) : statsCommand(rest);
}

async function buildCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, KB_BUILD);
  const data = values['dump-only'] ? undefined : resolve(values.data);
  if (data && !existsSync(data)) {
    process.stderr.write(`kb build: data folder not found: ${data} (use --data DIR or --dump-only)\n`);
    return 2;
  }
  const { buildKb } = await import('../linking/kb-build/build.js');
  const started = Date.now();
  const file = await buildKb({
    out: resolve(values.out ?? join(defaultModelsDir, 'kb')),
    data,
    dumps: values['wikidata-dump'].map((f) => resolve(f)),
    dumpLimit: values['dump-limit'],
    withCandidates: values['with-testa-candidates'] ? ['testa'] : [],
    npmSources: values['npm-sources'],
    quiet: values.quiet,
  });
  process.stderr.write(`kb build: wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return 0;
}

async function statsCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, KB_STATS);
  const { KnowledgeBase } = await import('../linking/knowledge-base.js');
  const kb = await KnowledgeBase.open(resolve(values.kb ?? join(defaultModelsDir, 'kb', 'kb.sqlite')));
  if (kb.notice) process.stderr.write(`kb stats: ${kb.notice}\n`);
  process.stdout.write(`${JSON.stringify(kb.stats(), null, 2)}\n`);
  kb.close();
  return 0;
}
