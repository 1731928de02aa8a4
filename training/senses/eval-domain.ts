/**
 * The senses extractor on the domain dev set (test/fixtures/wsd-domain/: computing, medical and legal
 * text with WordNet 3.0 sense keys; its README has the format). Each document goes through the whole
 * analyzer, as a user's text would (tokenizer, tagger, lemmatizer, target finder, senses), and each
 * marked word's best sense is compared with its gold keys. A word marked `none` (WordNet 3.0 has no
 * sense for what it means there: "daemon" the program, "Python" the language) is right when the layer
 * gives it no senses. Prints accuracy per domain and overall, WordNet's first sense beside it, and the
 * issue's example words with the sense given.
 *
 *   node --import tsx training/senses/eval-domain.ts [--extractors words,senses,entities,topics] [--params JSON] [--verbose]
 *
 * `--extractors` adds layers the senses may read (the linker's entities, the topics); the default is
 * `words,senses`, the cheapest request. `--params` merges scoring parameters over meta.json's, as
 * tune-wsd.ts does (`byPos` per part of speech), through a copy of the models directory made of links
 * but for that meta.json.
 */
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnalyzer } from '../../src/analyzer.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import type { Word } from '../../src/types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = join(root, 'test/fixtures/wsd-domain');

export interface DomainTarget {
  /** Character offset of the marked word in the plain text. */
  start: number;
  surface: string;
  /** Gold sense keys; empty for a word marked `none`. */
  keys: string[];
}

/** A fixture's plain text and its marked words: `[[surface|key;key]]` or `[[surface|none]]`. */
export function parseDomainDocument(marked: string): { text: string; targets: DomainTarget[] } {
  const targets: DomainTarget[] = [];
  let text = '';
  let last = 0;
  for (const m of marked.matchAll(/\[\[([^|\]]+)\|([^\]]+)\]\]/g)) {
    text += marked.slice(last, m.index);
    targets.push({ start: text.length, surface: m[1], keys: m[2] === 'none' ? [] : m[2].split(';') });
    text += m[1];
    last = m.index + m[0].length;
  }
  return { text: text + marked.slice(last), targets };
}

const POS_OF_KEY: Record<string, WordNetPos> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' };

/** The synset a sense key names, by its lemma's candidates. */
function synsetOfKey(store: SynsetStore, key: string): number | undefined {
  const [lemma, rest] = key.split('%');
  const senses = store.senses(lemma, POS_OF_KEY[rest[0]]);
  return senses === undefined ? undefined : [...senses.synsets].find((s) => store.senseKey(lemma, s) === key);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--extractors');
  const extractors = at >= 0 ? args[at + 1] : 'words,senses';
  const verbose = args.includes('--verbose');
  const p = args.indexOf('--params');
  const modelsDir = p >= 0 ? modelsWithParams(JSON.parse(args[p + 1]) as Record<string, unknown>) : undefined;
  const store = await SynsetStore.load(fileLoader());
  const analyzer = await createAnalyzer(modelsDir === undefined ? {} : { modelsDir });
  const tally = new Map<string, { right: number; first: number; total: number; none: number; withheld: number }>();
  const examples: string[] = [];
  const EXAMPLES = new Set(['daemon', 'daemons', 'bin', 'python', 'c', 'cd', 'trigger', 'triggers']);
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()) {
    const domain = file.slice(0, file.indexOf('-'));
    const { text, targets } = parseDomainDocument(readFileSync(join(DIR, file), 'utf8'));
    const r = await analyzer.analyze(text, { extractors, languageOverride: 'eng' });
    const words: Word[] = (r.response?.sentences ?? []).flatMap((s) => s.words);
    const t = tally.get(domain) ?? { right: 0, first: 0, total: 0, none: 0, withheld: 0 };
    tally.set(domain, t);
    for (const target of targets) {
      const word = words.find((w) => w.startingPos <= target.start && target.start < w.endingPos);
      const senses = word?.senses ?? [];
      const given = senses.length > 0 ? senses[0].synset : undefined;
      let ok: boolean;
      let firstOk = false;
      if (target.keys.length === 0) {
        t.none++;
        ok = given === undefined;
        if (ok) t.withheld++;
      } else {
        t.total++;
        const gold = target.keys.map((k) => synsetOfKey(store, k)).filter((s) => s !== undefined).map((s) => store.name(s));
        ok = given !== undefined && gold.includes(given);
        // WordNet's first sense of the gold key's lemma (the layer's candidates, before any context).
        const [lemma, rest] = target.keys[0].split('%');
        const first = store.senses(lemma, POS_OF_KEY[rest[0]])?.synsets[0];
        firstOk = first !== undefined && gold.includes(store.name(first));
        if (ok) t.right++;
        if (firstOk) t.first++;
      }
      if (EXAMPLES.has(target.surface.toLowerCase())) examples.push(`${file}: ${target.surface} -> ${given ?? '(no senses)'} ${ok ? 'ok' : 'WRONG'}`);
      else if (verbose && !ok) process.stdout.write(`${file}: ${target.surface} -> ${given ?? '(no senses)'}, gold ${target.keys.join(' ') || 'none'}\n`);
    }
  }
  const sum = { right: 0, first: 0, total: 0, none: 0, withheld: 0 };
  for (const [domain, t] of [...tally].sort()) {
    process.stdout.write(`${domain}: ${t.right}/${t.total} = ${pct(t.right, t.total)} (first sense ${pct(t.first, t.total)}); none withheld ${t.withheld}/${t.none}\n`);
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += t[k];
  }
  process.stdout.write(`${examples.join('\n')}\n`);
  process.stdout.write(
    `domain_acc=${pct(sum.right, sum.total)} first_sense=${pct(sum.first, sum.total)} instances=${sum.total} none_withheld=${sum.withheld}/${sum.none} extractors=${extractors}\n`,
  );
}

/** A models directory of links to the shipped one's files, with senses/meta.json's params merged with `over`. */
function modelsWithParams(over: Record<string, unknown>): string {
  const models = join(root, 'models');
  const dir = mkdtempSync(join(tmpdir(), 'textlens-models-'));
  for (const entry of readdirSync(models)) if (entry !== 'senses') symlinkSync(join(models, entry), join(dir, entry));
  mkdirSync(join(dir, 'senses'));
  for (const entry of readdirSync(join(models, 'senses'))) if (entry !== 'meta.json') symlinkSync(join(models, 'senses', entry), join(dir, 'senses', entry));
  const meta = JSON.parse(readFileSync(join(models, 'senses/meta.json'), 'utf8')) as { params: Record<string, unknown> & { byPos?: Record<string, object> } };
  const byPos: Record<string, object> = { ...meta.params.byPos };
  for (const [pos, q] of Object.entries((over.byPos ?? {}) as Record<string, object>)) byPos[pos] = { ...byPos[pos], ...q };
  meta.params = { ...meta.params, ...over, byPos };
  writeFileSync(join(dir, 'senses/meta.json'), JSON.stringify(meta));
  return dir;
}

function pct(a: number, b: number): string {
  return b === 0 ? '-' : ((100 * a) / b).toFixed(1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
