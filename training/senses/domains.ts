/**
 * Builds models/senses/wsd-domains.bin (src/semantics/wsd-domains.ts; the last step of `npm run train -- senses`): each synset's WordNet Domains
 * labels mapped to their level-1 ("basic") domain of the WordNet Domains hierarchy, and each domain's
 * background rate per sense-tagged word of SemCor-train (the gold senses). Reads the shipped synset
 * store (synsets.tsv.gz: the table is by the store's synset index) and
 * `../shared/data/wordnet-domains` (CC BY 3.0, FBK). Deterministic, ~5 s.
 *
 *   node --import tsx training/senses/domains.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetRelations } from '../../src/semantics/relations.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { SenseDomains, WSD_DOMAINS_FILE } from '../../src/semantics/wsd-domains.js';
import { readSemcorSplit, type SemcorDoc } from './semcor.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
const OUT = process.env.WSD_OUT ?? join(root, 'models/senses');
const DOMAINS_DIR = join(DATA, 'wordnet-domains');

/**
 * Label → basic domain, from the hierarchy's `basic_domain` column. The generic class (factotum and
 * its children: person, quality, time_period, …) and the five root classes (applied_science,
 * pure_science, social_science, humanities, free_time: too broad to say what a text is about) map to
 * no domain.
 */
export function basicDomains(hierarchyTsv: string): Map<string, string | undefined> {
  const lines = hierarchyTsv.trim().split('\n');
  const header = lines[0].split('\t');
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`wn-domains-hierarchy.tsv: no column ${name}`);
    return i;
  };
  const [domain, top, basic] = [col('domain'), col('top_class'), col('basic_domain')];
  const out = new Map<string, string | undefined>();
  for (const line of lines.slice(1)) {
    const f = line.split('\t');
    out.set(f[domain], f[top] === 'factotum' || f[basic] === '' ? undefined : f[basic]);
  }
  return out;
}

/**
 * Per synset index of the store, its basic domains in the order the labels come (at most two kept), by
 * name; an empty list for a synset labelled only with generic ones (person, quality, time_period, …).
 */
export function synsetDomains(store: SynsetStore, domainsTxt: string, basic: Map<string, string | undefined>): Map<number, string[]> {
  const index = new Map<string, number>();
  store.ids.forEach((id, i) => index.set(id, i));
  const out = new Map<number, string[]>();
  for (const line of domainsTxt.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 3) continue;
    const synset = index.get(f[0]);
    if (synset === undefined || out.has(synset)) continue; // one line per (synset, lemma): the labels repeat
    const names: string[] = [];
    for (const label of f.slice(2)) {
      if (!basic.has(label)) throw new Error(`wordnet-domains: label ${label} is not in the hierarchy`);
      const d = basic.get(label);
      if (d !== undefined && !names.includes(d)) names.push(d);
    }
    out.set(synset, names.slice(0, 2));
  }
  return out;
}

/** Each domain's rate per sense-tagged token of `docs` (gold senses; a sense with two domains gives half to each). */
export function backgroundRates(store: SynsetStore, docs: readonly SemcorDoc[], byName: Map<number, string[]>, names: readonly string[]): Float32Array {
  const at = new Map(names.map((n, i) => [n, i]));
  const sums = new Float64Array(names.length);
  const keySynset = new Map<string, number | undefined>();
  let tokens = 0;
  for (const doc of docs) {
    for (const sentence of doc.sentences) {
      for (const tok of sentence) {
        if (tok.keys.length === 0 || tok.pos === undefined) continue;
        const key = tok.keys[0];
        let synset = keySynset.get(key);
        if (!keySynset.has(key)) {
          synset = synsetOfKey(store, key, tok.pos);
          keySynset.set(key, synset);
        }
        if (synset === undefined) continue;
        tokens++;
        const ds = byName.get(synset) ?? [];
        for (const d of ds) sums[at.get(d)!] += 1 / ds.length;
      }
    }
  }
  return Float32Array.from(sums, (s) => s / Math.max(1, tokens));
}

function synsetOfKey(store: SynsetStore, key: string, pos: WordNetPos): number | undefined {
  const lemma = key.slice(0, key.indexOf('%'));
  const senses = store.senses(lemma, pos);
  if (senses === undefined) return undefined;
  for (const s of senses.synsets) if (store.senseKey(lemma, s) === key) return s;
  return undefined;
}

export async function buildDomains(modelsDir: string = OUT): Promise<SenseDomains> {
  const store = await SynsetStore.load(fileLoader(dirname(modelsDir)), 'senses');
  const basic = basicDomains(readFileSync(join(DOMAINS_DIR, 'hierarchy/wn-domains-hierarchy.tsv'), 'utf8'));
  const bySynset = synsetDomains(store, readFileSync(join(DOMAINS_DIR, 'wordnet-domains-3.2-wordnet-3.0.txt'), 'utf8'), basic);
  const names = [...new Set([...basic.values()].filter((d): d is string => d !== undefined))].sort();
  if (names.length > 255) throw new Error(`${names.length} domains do not fit a byte`);
  const at = new Map(names.map((n, i) => [n, i + 1]));
  const first = new Uint8Array(store.size);
  const second = new Uint8Array(store.size);
  // Labelled generic (person, quality, …) is an answer: such a synset inherits nothing (inheritedDomains).
  const generic = new Uint8Array(store.size);
  for (const [synset, ds] of bySynset) {
    if (ds.length === 0) {
      generic[synset] = 1;
      continue;
    }
    first[synset] = at.get(ds[0])!;
    if (ds.length > 1) second[synset] = at.get(ds[1])!;
  }
  const inherited = inheritedDomains(await SynsetRelations.load(fileLoader(dirname(modelsDir)), 'senses'), first, generic);
  const { train } = readSemcorSplit(DATA);
  return new SenseDomains(names, backgroundRates(store, train, bySynset, names), first, second, inherited);
}

/** How far up the hypernyms a synset without a domain looks for one. */
const INHERIT_DEPTH = 4;

/**
 * Per synset without a domain (absent from WordNet Domains: upstream dropped the label `factotum`),
 * its nearest hypernym's first domain (breadth first, up to INHERIT_DEPTH levels; the first found in
 * WordNet's order of hypernyms), 0 for none: devil.n.02 → evil_spirit → spirit → spiritual_being →
 * belief [religion]. Synsets labelled with generic domains only (`generic`) inherit nothing.
 */
export function inheritedDomains(relations: SynsetRelations, first: Uint8Array, generic: Uint8Array): Uint8Array {
  const out = new Uint8Array(first.length);
  for (let s = 0; s < first.length; s++) {
    if (first[s] > 0 || generic[s] > 0) continue;
    let level: readonly number[] = [s];
    for (let depth = 0; depth < INHERIT_DEPTH && out[s] === 0 && level.length > 0; depth++) {
      const up: number[] = [];
      for (const x of level) up.push(...relations.links(x).hypernyms);
      for (const h of up) {
        if (first[h] > 0) {
          out[s] = first[h];
          break;
        }
      }
      level = up;
    }
  }
  return out;
}

/** Builds the table for the store in `modelsDir` (its synsets.tsv.gz must be there) and writes it beside it. */
export async function writeDomains(modelsDir: string = OUT): Promise<void> {
  const t0 = Date.now();
  const domains = await buildDomains(modelsDir);
  const bytes = domains.encode();
  writeFileSync(join(modelsDir, WSD_DOMAINS_FILE), bytes);
  let labelled = 0;
  let two = 0;
  for (let s = 0; s < domains.first.length; s++) {
    if (domains.first[s] > 0) labelled++;
    if (domains.second[s] > 0) two++;
  }
  const top = domains.names
    .map((n, i) => [n, domains.background[i]] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([n, b]) => `${n} ${(100 * b).toFixed(2)}%`);
  process.stderr.write(
    `${WSD_DOMAINS_FILE}: ${bytes.length} bytes, ${domains.size} domains, ${labelled} of ${domains.first.length} synsets labelled (${two} with two); ` +
      `background (SemCor-train gold senses): ${top.join(', ')} (${Date.now() - t0} ms)\n`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await writeDomains();
