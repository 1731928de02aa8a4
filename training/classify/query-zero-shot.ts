/**
 * Zero-shot accuracy of query classifiers (src/classify/query/) on the shared
 * topic data (/work/shared/data/news-topics: BBC News, AG News), on a split
 * carved here from the developer files — never a held-out set:
 *   per class, in file order, item i goes to `tune` when i % 5 == 0 and to
 *   `test` when i % 5 == 1 (the rest unused); `--limit N` keeps the first N
 *   of each class in each part.
 * One category per class; each query set below is scored on both parts and
 * the top category is the prediction (no category above the floor counts as
 * wrong). Documents are segmented and lemmatized once. For comparison, the
 * trainable engine (src/classify/train.ts, what `textlens train classifier`
 * runs) trained on the tune part's texts and labels, scored on the test part:
 * what examples buy over a definition.
 *
 *   node --import tsx training/classify/query-zero-shot.ts [--data DIR] [--limit 60]
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createAnalyzer } from '../../src/analyzer.js';
import { fileLoader } from '#platform/resources.js';
import { ConceptExpander } from '../../src/classify/query/concepts.js';
import { QueryClassifier, type CategoryDefinition } from '../../src/classify/query/classifier.js';
import type { Doc } from '../../src/doc/doc.js';
import { trainClassifier } from '../../src/classify/train.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const DATA = opt('data', '/work/shared/data/news-topics');
const LIMIT = Number(opt('limit', '60'));

interface Item { label: string; text: string }

function read(file: string, text: (r: Record<string, string | null>) => string): Item[] {
  return gunzipSync(readFileSync(`${DATA}/${file}`))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, string | null>)
    .filter((r) => !r.duplicate_of)
    .map((r) => ({ label: r.label!, text: text(r) }));
}

function split(items: Item[]): { tune: Item[]; test: Item[] } {
  const seen = new Map<string, number>();
  const tune: Item[] = [];
  const test: Item[] = [];
  for (const it of items) {
    const i = seen.get(it.label) ?? 0;
    seen.set(it.label, i + 1);
    const k = Math.floor(i / 5);
    if (k >= LIMIT) continue;
    if (i % 5 === 0) tune.push(it);
    else if (i % 5 === 1) test.push(it);
  }
  return { tune, test };
}

// AG's escapes: '\' for a newline, entities without '&'.
const agText = (r: Record<string, string | null>) =>
  `${r.title}. ${r.description}`.replace(/\\/g, ' ').replace(/ ?#36;/g, '$').replace(/#39;/g, "'").replace(/quot;/g, '"');

const sets = {
  bbc: split(read('bbc-news.dev.jsonl.gz', (r) => r.text!)),
  ag: split(read('ag-news-test-subset.dev.jsonl.gz', agText)),
};

const QUERIES: Record<string, Record<string, Record<string, string>>> = {
  bbc: {
    'class name': { business: 'business', entertainment: 'entertainment', politics: 'politics', sport: 'sport', tech: 'technology' },
    'a few words': {
      business: 'business economy company market finance',
      entertainment: 'film music entertainment actor award',
      politics: 'politics government election party minister',
      sport: 'sport game player match team',
      tech: 'technology computer software internet phone',
    },
  },
  ag: {
    'class name': { World: 'world', Sports: 'sports', Business: 'business', 'Sci/Tech': 'science technology' },
    'a few words': {
      World: 'war government country president military',
      Sports: 'sport game player match team',
      Business: 'business economy company market finance',
      'Sci/Tech': 'science technology computer software internet',
    },
  },
};

const analyzer = await createAnalyzer();
const concepts = await ConceptExpander.load(fileLoader());

async function lemmatized(items: Item[]): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const it of items) docs.push(await analyzer.annotateDoc(await analyzer.segment(it.text), ['lemma']));
  return docs;
}

const lines: string[] = [];
for (const [name, { tune, test }] of Object.entries(sets)) {
  const t0 = performance.now();
  const parts = { tune: await lemmatized(tune), test: await lemmatized(test) };
  console.error(`${name}: ${tune.length} tune + ${test.length} test lemmatized in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  for (const [qname, queries] of Object.entries(QUERIES[name]!)) {
    const categories: CategoryDefinition[] = Object.entries(queries).map(([categoryId, query]) => ({ categoryId, label: categoryId, query }));
    const c = new QueryClassifier(name, categories, concepts);
    const row = [name, qname];
    for (const [part, docs] of Object.entries(parts)) {
      const items = part === 'tune' ? tune : test;
      let right = 0;
      let none = 0;
      const t1 = performance.now();
      docs.forEach((d, i) => {
        const top = c.categorize(d, 1)[0];
        if (!top) none++;
        else if (top.categoryId === items[i]!.label) right++;
      });
      const ms = (performance.now() - t1) / docs.length;
      row.push(`${part} ${(100 * right / docs.length).toFixed(1)} % of ${docs.length} (no category: ${none}; ${ms.toFixed(2)} ms/doc)`);
    }
    lines.push(row.join(' | '));
    console.log(row.join(' | '));
  }
  const t2 = performance.now();
  // As `textlens train classifier` trains by default: the shared word vectors' document vector beside the n-grams.
  const vectors = await loadWordVectors(fileLoader());
  const { classifier } = trainClassifier(
    tune.map((it) => ({ text: it.text, labels: [it.label] })),
    { minDf: tune.length < 200 ? 1 : 2, documentVectors: { vectors, pooling: 'mean', scale: 1 } },
  );
  const right = test.filter((it) => classifier.scores(it.text).reduce((b, x, i, a) => (x > a[b]! ? i : b), 0) === classifier.meta.labels.indexOf(it.label)).length;
  const row = `${name} | trained on the ${tune.length} tune texts | test ${((100 * right) / test.length).toFixed(1)} % of ${test.length} (trained in ${((performance.now() - t2) / 1000).toFixed(1)} s)`;
  console.log(row);
}
