/**
 * Entities throughput, one core: NER alone, linking alone (over the NER
 * mentions, precomputed) and NER + linking, on the documents of AIDA testa
 * (Reuters news, the text the linker is tuned for); plus KB open time.
 *   npx tsx bench/entities.ts [--docs N] [--time MS]
 * Needs ../shared/data (AIDA testa) and models/ner, models/kb.
 */
import { Bench } from 'tinybench';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { parseAida } from '../src/linking/aida.js';
import { aidaDoc } from '../src/eval/el.js';
import { loadLinker, linkEntities } from '../src/annotators/linker.js';
import { loadEntityRecognizer, recognizeDoc } from '../src/annotators/ner.js';
import { KnowledgeBase } from '../src/linking/knowledge-base.js';
import { fileLoader, defaultModelsDir } from '../src/resources/file-loader.js';
import { parseRequest } from '../src/request.js';
import type { AnnotateContext } from '../src/annotators/annotator.js';
import type { Mention } from '../src/doc/doc.js';

const args = process.argv.slice(2);
const opt = (n: string, d: number) => (args.includes(n) ? Number(args[args.indexOf(n) + 1]) : d);
const root = new URL('..', import.meta.url).pathname;
const testa = join(root, '..', 'shared', 'data', 'aida-conll', 'AIDA-YAGO2-dataset.testa.tsv');
if (!existsSync(testa)) {
  process.stderr.write(`bench/entities: ${testa} not found (needs ../shared/data)\n`);
  process.exit(2);
}

const kbFile = join(defaultModelsDir, 'kb', 'kb.sqlite');
const opens: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const kb = await KnowledgeBase.open(kbFile);
  kb.candidates('london');
  opens.push(performance.now() - t0);
  kb.close();
}
const loader = fileLoader();
let t0 = performance.now();
const linker = await loadLinker(loader);
const linkerLoad = performance.now() - t0;
t0 = performance.now();
const ner = await loadEntityRecognizer(loader);
const nerLoad = performance.now() - t0;

const aida = parseAida(readFileSync(testa, 'utf8')).slice(0, opt('--docs', Infinity));
const tokens = aida.reduce((s, d) => s + d.tokens.length, 0);
const ctx: AnnotateContext = {
  language: 'eng',
  request: parseRequest({ text: 'x', extractors: ['entities'] } as never),
  warn: () => {},
};
const nerMentions: Mention[][] = [];
for (const d of aida) nerMentions.push(await recognizeDoc(ner, aidaDoc(d)));
const docs = aida.map(aidaDoc);

// First pass over all documents: the KB's entity cache starts empty (what a fresh process sees).
let mentions = 0;
let linked = 0;
const cold0 = performance.now();
for (let i = 0; i < docs.length; i++) {
  docs[i].mentions = nerMentions[i];
  const ents = linkEntities(linker, docs[i], ctx);
  mentions += ents.length;
  linked += ents.filter((e) => e.entityId || e.wikidataId).length;
}
const coldMs = performance.now() - cold0;

const bench = new Bench({ time: opt('--time', 3000), iterations: 2 });
bench
  .add('NER', async () => {
    for (const d of docs) await recognizeDoc(ner, d);
  })
  .add('linking (NER mentions given)', () => {
    for (let i = 0; i < docs.length; i++) {
      docs[i].mentions = nerMentions[i];
      linkEntities(linker, docs[i], ctx);
    }
  })
  .add('NER + linking', async () => {
    for (const d of docs) {
      d.mentions = await recognizeDoc(ner, d);
      linkEntities(linker, d, ctx);
    }
  });
await bench.run();

// The box this runs on is shared: CPU time of this process (one thread) is the steadier measure.
async function cpuRate(fn: () => Promise<void> | void, passes = 3): Promise<number> {
  const c0 = process.cpuUsage();
  for (let i = 0; i < passes; i++) await fn();
  const c = process.cpuUsage(c0);
  return (tokens * passes) / ((c.user + c.system) / 1e6);
}
const cpu = {
  ner: await cpuRate(async () => {
    for (const d of docs) await recognizeDoc(ner, d);
  }),
  linking: await cpuRate(() => {
    for (let i = 0; i < docs.length; i++) {
      docs[i].mentions = nerMentions[i];
      linkEntities(linker, docs[i], ctx);
    }
  }),
  both: await cpuRate(async () => {
    for (const d of docs) {
      d.mentions = await recognizeDoc(ner, d);
      linkEntities(linker, d, ctx);
    }
  }),
};

const lines = [
  `AIDA testa: ${docs.length} docs, ${tokens} tokens; ${mentions} entities (${linked} linked) per pass`,
  `KB open + first lookup: ${Math.min(...opens).toFixed(1)} ms best, ${opens[0].toFixed(1)} ms first; loadLinker ${linkerLoad.toFixed(0)} ms; NER load ${nerLoad.toFixed(0)} ms`,
  `linking, first pass (cold entity cache): ${((tokens / coldMs) * 1000).toFixed(0)} tokens/s`,
];
for (const t of bench.tasks) {
  const ms = t.result.state === 'completed' ? t.result.period : NaN;
  lines.push(`${t.name}: ${((tokens / ms) * 1000).toFixed(0)} tokens/s (${ms.toFixed(0)} ms per pass)`);
}
lines.push(
  `per CPU second (3 passes each): NER ${cpu.ner.toFixed(0)}, linking ${cpu.linking.toFixed(0)}, NER + linking ${cpu.both.toFixed(0)} tokens/s`,
  `load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`,
);
process.stdout.write(`${lines.join('\n')}\n`);
