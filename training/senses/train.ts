/**
 * `npm run train -- senses`: builds models/senses/ from Princeton WordNet 3.0
 * (Debian's wordnet-base: `apt-get install wordnet-base`, or WORDNET30_DIR)
 * and SemCor 3.0 (../shared/data/semcor), tunes the WSD hyperparameters on
 * dev, and writes:
 *
 *   synsets.tsv, index.tsv           the synset store (src/semantics/synsets.ts)
 *   wsd-vocab.txt, wsd-weights.bin   the sense model (src/semantics/wsd-model.ts)
 *   wsd-vectors.bin                  lemma word vectors (vectors.ts, vectors.py: numpy and torch)
 *   wsd-local.bin                    per-lemma logistic regressions (local.ts, local.py: numpy and torch)
 *   wsd-sense-vectors.bin            noun sense embeddings in the shared GloVe space (sense-vectors.ts)
 *   meta.json                        hyperparameters and dev figures
 *
 * Dev: SemEval-2007 (../shared/data/wsd-dev) and every tenth of SemCor's
 * developer-visible files (sorted by name), which training never sees.
 * Flags: --no-tune keeps the parameters of the current meta.json (or the defaults).
 * WSD_TRAIN_FILES (semcor.ts, readSemcorSplit): a number of SemCor's 254 train files for a learning curve, or
 * `all` for every developer-visible file, the 29 dev files included (use with --no-tune: the parameters then
 * come from a 254-file build's meta.json, and the dev figures it measures mean nothing).
 * Single-threaded; ~4–6 min on one core, most of it the search.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { Lexicon } from '../../src/lexicon/lexicon.js';
import { loadWordVectors, type WordVectors as SharedWordVectors } from '../../src/models/word-vectors.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { STOPWORDS } from '../../src/linking/stopwords.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { parseFrameworkData, parseGoldKeys } from '../../src/eval/wsd-framework.js';
import { disambiguate, type SenseTarget } from '../../src/semantics/disambiguate.js';
import { formatProgressLine } from '../../src/progress/protocol.js';
import { RELATIONS_FILE } from '../../src/semantics/relations.js';
import { MULTIWORDS_APART_FILE, SENSE_INDEX_FILE, SYNSETS_FILE, SynsetStore } from '../../src/semantics/synsets.js';
import { decodeVectors, type WordVectors } from '../../src/semantics/wsd-vectors.js';
import { bagOfLemmas, collocationFeatures, DEFAULT_WINDOW, type ContextToken } from '../../src/semantics/wsd-features.js';
import { WSD_VOCAB_FILE, WsdModel, type PosParams, type WsdParams } from '../../src/semantics/wsd-model.js';
import { LocalClassifiers, WSD_LOCAL_FILE } from '../../src/semantics/wsd-local.js';
import { SenseEmbeddings } from '../../src/semantics/wsd-sense-vectors.js';
import { glossLemmas } from './gloss-lemmas.js';
import { LOCAL_POS, trainLocal } from './local.js';
import { writeDomains } from './domains.js';
import { multiwordsApartTsv } from './multiwords.js';
import { writeSenseEmbeddings } from './sense-vectors.js';
import { readSemcorSplit, toFramework, type SemcorDoc } from './semcor.js';
import { trainVectors } from './vectors.js';
import { readWordNet30, type WordNet30 } from './wordnet30.js';
import { COUNT_SCALE, decodeWeights, encodeWeights, WSD_WEIGHTS_FILE, type SenseWeights } from '../../src/semantics/wsd-weights.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared data sets: ../shared/data beside the repository, or TEXTLENS_DATA. */
const DATA = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
const OUT = process.env.WSD_OUT ?? join(root, 'models/senses');
const WN_DIR = process.env.WORDNET30_DIR ?? '/usr/share/wordnet';

/** WordNet pseudo-counts: a gloss/example word or another member counts GLOSS_WEIGHT, a neighbour's RELATED_WEIGHT. */
const GLOSS_WEIGHT = 1;
const RELATED_WEIGHT = 0.5;
/** Entries whose gain is below this are dropped from the shipped model (size; see prune()). */
const MIN_GAIN = Number(process.env.WSD_MIN_GAIN ?? 0);

const DEFAULT_PARAMS: WsdParams = {
  alpha: 0.95,
  lambdaBag: 0.35,
  lambdaCol: 1,
  mu: 3,
  window: Number(process.env.WSD_WINDOW ?? DEFAULT_WINDOW),
};

/** The document stage of the search (tuneParams): weights of the other sentences' bag (0 = not read). */
const DOC_GRID = [0, 0.005, 0.01, 0.02, 0.03, 0.05];
/**
 * The word vectors' sense term for nouns (λ_emb), set after the search rather than searched: the search's
 * objective reads SemCor dev with WordNet's sense order, which was counted on those files and so makes any
 * departure from the prior look worse than it is. With the rank taken from SemCor-train counts instead
 * (`training/senses/tune-wsd.ts --fair-rank`) the term gives SemCor-dev nouns +0.7 (76.53 → 77.24) and
 * SE07 nothing either way; 2 and 3 score alike, 2 was the earlier search's pick (models/senses/MODEL_CARD.md,
 * "Word vectors"). It is a term of the senses layer only: the entailments read the posteriors without it,
 * and a `words,entailments` request does not compute it. It reads the vectors' first NOUN_EMB_DIMS
 * dimensions (the SVD's leading ones): half the work of all 100 for 0.07 of those nouns' F1 (77.17).
 */
const NOUN_LAMBDA_EMB = 2;
const NOUN_EMB_DIMS = 48;
/**
 * The last stage of the search: the nouns' document weight again, now with the vector term on and SemCor dev
 * scored with the sense rank from the train counts (tuneNounDocument). The biased objective had chosen 0.03;
 * the fair one reads the document as worth more to nouns (fair SemCor-dev nouns 77.17 at 0.03, 77.62 at 0.06)
 * while SE07 stays the same up to 0.06 and loses at 0.08.
 */
const FAIR_DOC_GRID = [0.03, 0.04, 0.05, 0.06, 0.08];
/**
 * The verbs' vector term (tuneVerbVectors, fair like the stages around it), over the shared GloVe vectors
 * (models/vectors/, read in place: WsdParams.embVectors 'shared'); 0 = off. On dev (with the local
 * classifiers, tune-wsd.ts): λ 1 / 1.5 / 2 / 3 gave SE07 verbs 61.49 → 62.16 / 62.16 / 62.16 / 61.49 and fair
 * SemCor-dev verbs 64.11 → 64.20 / 64.27 / 64.41 / 64.62. The own PPMI vectors at λ 2 gave fair SemCor-dev
 * verbs 64.60 but SE07 verbs 61.15 (a loss), GloVe for nouns in place of them lost (fair nouns 77.96 →
 * 77.49), and adjectives and adverbs moved by ≤ 0.07 (models/senses/MODEL_CARD.md, "Pretrained vectors").
 */
const VERB_EMB_GRID = [0, 1, 2, 3];
/**
 * The nouns' sense embeddings' weight (λ_sense; wsd-sense-vectors.ts, sense-vectors.ts), set after the search
 * rather than searched: the search's models leave out the document-domain term the shipped nouns read (its
 * table is written last), and without it the weights 0–4 scored within 0.1 of each other on the fair objective
 * (69.52 / 69.53 / 69.43 / 69.51 / 69.48). With it (tune-wsd.ts, the shipped model): λ 1 / 2 / 3 / 4 gave fair
 * SemCor-dev nouns 77.96 → 78.09 / 78.20 / 78.20 / 77.95, SE07 nouns 71.07 → 71.07 / 71.07 / 71.70 / 71.70
 * and the domain set 81.6 → 83.5 at 2–4 (models/senses/MODEL_CARD.md, "Sense embeddings").
 */
const NOUN_LAMBDA_SENSE = 3;
/**
 * The local classifiers' stage of the search (tuneLocal, fair like the nouns' document stage): their
 * weight per part of speech, tried against none (not read). Session 12's build chose verbs 0.5, adjectives 0.5, adverbs 1:
 * SE07 63.96, fair SemCor dev 72.18 (without them: 63.30 / 71.47); session 14's the same (fair 72.40 against 71.70).
 */
const LOCAL_GRID = [0.5, 1, 1.5, 2];
/**
 * The per-lemma logistic regressions are trained, searched and written (wsd-local.bin) unless
 * WSD_LOCAL=0. On since session 14: they gain SE07 +0.7 and fair SemCor dev +0.7; their ~1 µs per token
 * was until then ~20 % of the words' CPU beside `words,senses` (91–102 k tokens per CPU second, at or
 * under issue 10's 100 k), and session 14 took as much out of the senses layer and the response first
 * (models/senses/MODEL_CARD.md, "Local classifiers"). With WSD_LOCAL=0 the build writes no wsd-local.bin
 * and removes a stale one.
 */
const WITH_LOCAL = process.env.WSD_LOCAL !== '0';
/** WSD_TRAIN_FILES=all: the 29 dev files train too (readSemcorSplit); the dev figures then measure nothing. */
const ALL_FILES = process.env.WSD_TRAIN_FILES === 'all';
/**
 * A long document's bag keeps its 128 most repeated content lemmas: every document lemma costs each
 * distinct target lemma one probe, and with all of them (~3,000 in a 50 kB text) `words,senses` ran at
 * ~0.8× its speed (bench/cpu-ratio.ts). Dev F1, nouns reading 128 / 256 lemmas: SE07 63.3 / 63.5, SemCor dev
 * 72.54 / 72.49; nouns, verbs and adjectives reading the whole document: 64.2 / 72.51 (models/senses/MODEL_CARD.md).
 */
const DOC_FEATURES = 128;

function main(): void {
  const tune = !process.argv.includes('--no-tune');
  if (ALL_FILES && tune) throw new Error('WSD_TRAIN_FILES=all trains on the dev files: tune on a 254-file build first, then rebuild with --no-tune');
  if (!existsSync(join(WN_DIR, 'data.noun'))) {
    throw new Error(`WordNet 3.0 database not found in ${WN_DIR}: run "apt-get install wordnet-base" or set WORDNET30_DIR`);
  }
  const t0 = Date.now();
  const wn = readWordNet30(WN_DIR);
  log(`WordNet 3.0: ${wn.synsets.length} synsets, ${wn.lemmaIndex.size} lemma/pos entries (${Date.now() - t0} ms)`);

  const { train, dev } = readSemcorSplit(DATA);
  log(`SemCor: ${train.length} training files, ${dev.length} dev files`);
  // The dev files in the framework's format, for `textlens eval wsd` (training/out is not committed).
  const devOut = join(root, 'training/out/senses');
  mkdirSync(devOut, { recursive: true });
  const framework = toFramework(dev, 'semcor-dev');
  writeFileSync(join(devOut, 'semcor-dev.data.xml'), framework.xml);
  writeFileSync(join(devOut, 'semcor-dev.gold.key.txt'), framework.gold);

  const tags = new Map<string, Map<number, number>>();
  const semcorCounts = countSemcor(wn, train, DEFAULT_PARAMS.window, tags);
  const glossCounts = countWordNet(wn, loadLexicon());
  const background = semcorCounts.background;

  mkdirSync(OUT, { recursive: true });
  const synsetsText = synsetsTsv(wn);
  const indexText = indexTsv(wn, tags);
  writeFileSync(join(OUT, SYNSETS_FILE), gzipSync(synsetsText, { level: 9 }));
  writeFileSync(join(OUT, SENSE_INDEX_FILE), gzipSync(indexText, { level: 9 }));
  writeFileSync(join(OUT, RELATIONS_FILE), gzipSync(relationsTsv(wn), { level: 9 }));
  const store = SynsetStore.fromText(synsetsText, indexText);
  // The two-word lemmas SemCor-train mostly reads as two words, which the target finder leaves apart (multiwords.ts).
  const apartText = multiwordsApartTsv(store, train);
  writeFileSync(join(OUT, MULTIWORDS_APART_FILE), apartText);
  log(`multiword lemmas read apart: ${apartText.split('\n').length - 1}`);
  // Word vectors for the soft context match (vectors.ts / vectors.py): SemCor-train, WordNet glosses, EWT train.
  const vectors = decodeVectors(readFileSync(trainVectors(wn, train, loadLexicon(), DATA, OUT)));
  // The per-lemma logistic regressions (local.ts / local.py), on SemCor-train's verbs, adjectives and adverbs.
  const local = WITH_LOCAL ? new LocalClassifiers(readFileSync(trainLocal(store, train, OUT))) : undefined;
  if (!WITH_LOCAL) rmSync(join(OUT, WSD_LOCAL_FILE), { force: true });

  // Vocabulary: features seen at least twice in SemCor contexts, and every WordNet-derived word.
  const vocab: string[] = [];
  const idOf = new Map<string, number>();
  const add = (f: string) => {
    if (!idOf.has(f)) {
      idOf.set(f, vocab.length);
      vocab.push(f);
    }
  };
  for (const [f, c] of background) if (c >= 2) add(f);
  for (const m of glossCounts.values()) for (const f of m.keys()) add(f);
  const backgroundArray = Float64Array.from(vocab, (f) => background.get(f) ?? 0);
  log(`vocabulary: ${vocab.length} features`);

  const needed = polysemousSynsets(wn);
  const weights = packWeights(wn.synsets.length, idOf, semcorCounts.bySynset, glossCounts, needed);
  log(`weights: ${weights.feature.length} entries over ${needed.size} synsets of polysemous lemmas`);

  const devSets = devInstances(wn, store, dev);
  const meta = existsSync(join(OUT, 'meta.json'))
    ? (JSON.parse(readFileSync(join(OUT, 'meta.json'), 'utf8')) as { params: WsdParams; build?: Record<string, number | string>; dev?: Record<string, number | string> })
    : undefined;
  // The window is fixed by the counts just built; the rest may come from the last build's meta.json.
  let params = { ...(meta?.params ?? DEFAULT_PARAMS), window: DEFAULT_PARAMS.window, docFeatures: DOC_FEATURES };
  const search: SearchData = { vocab, background: backgroundArray, weights, store, sets: devSets };
  if (tune) params = tuneParams(search, params);
  params = { ...params, embDims: NOUN_EMB_DIMS, byPos: { ...params.byPos, n: { ...params.byPos?.n, lambdaEmb: NOUN_LAMBDA_EMB } } };
  if (tune) params = tuneNounDocument(search, params, vectors);
  if (tune && local !== undefined) params = tuneLocal(search, params, vectors, local);
  if (tune) params = tuneVerbVectors(search, params, vectors, local);
  const unquantized = prune(vocab, backgroundArray, weights, params.alpha);
  // Measure what ships: the weights after their one-byte quantization.
  const encoded = encodeWeights(unquantized.weights);
  const pruned = { ...unquantized, weights: decodeWeights(encoded) };
  log(`pruned to ${pruned.weights.feature.length} entries, ${pruned.vocab.length} features (gain ≥ ${MIN_GAIN})`);
  // The nouns' sense embeddings (sense-vectors.ts), their contexts read by the shipped (pruned) model as at run time.
  const embeddingModel = new WsdModel(pruned.vocab, pruned.background, pruned.weights, params, pruned.norm, undefined, undefined, undefined, sharedVectors());
  const embeddings = SenseEmbeddings.decode(readFileSync(writeSenseEmbeddings(embeddingModel, OUT, wn, train, loadLexicon())));
  params = { ...params, byPos: { ...params.byPos, n: { ...params.byPos?.n, lambdaSense: NOUN_LAMBDA_SENSE } } };
  const figures: Record<string, number> = {};
  for (const set of devSets) {
    const model = new WsdModel(pruned.vocab, pruned.background, pruned.weights, params, pruned.norm, vectors, local, undefined, sharedVectors(), embeddings);
    figures[`${set.name}.f1`] = round(100 * accuracy(store, model, set));
    figures[`${set.name}.firstSense`] = round(100 * firstSenseAccuracy(store, set));
    figures[`${set.name}.instances`] = set.instances.length;
  }
  log(`dev: ${JSON.stringify(figures)} with ${JSON.stringify(params)}`);

  writeFileSync(join(OUT, WSD_VOCAB_FILE), gzipSync(pruned.vocab.map((f, i) => `${f}\t${pruned.background[i]}`).join('\n') + '\n', { level: 9 }));
  writeFileSync(join(OUT, WSD_WEIGHTS_FILE), encoded);
  writeFileSync(
    join(OUT, 'meta.json'),
    JSON.stringify(
      {
        version: 'wordnet-3.0+semcor-nb-2',
        params,
        backgroundNorm: pruned.norm,
        build: {
          wordnet: 'Princeton WordNet 3.0 (Debian wordnet-base)',
          semcorTrainFiles: train.length,
          ...(ALL_FILES ? { devFigures: meta?.build?.devFigures ?? `the ${meta?.build?.semcorTrainFiles ?? 254}-file build's: this one trained on the dev files too` } : {}),
          semcorDevFiles: dev.map((d) => d.name).join(' '),
          glossWeight: GLOSS_WEIGHT,
          relatedWeight: RELATED_WEIGHT,
          minGain: MIN_GAIN,
        },
        // A build on every file has no dev set left: it keeps the figures of the build its parameters came from.
        dev: ALL_FILES ? (meta?.dev ?? {}) : figures,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${OUT} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function log(s: string): void {
  process.stdout.write(`${s}\n`);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

function synsetsOfKeys(wn: WordNet30, keys: readonly string[]): number[] {
  const out: number[] = [];
  for (const k of keys) {
    const s = wn.synsetOfKey.get(k);
    if (s !== undefined && !out.includes(s)) out.push(s);
  }
  return out;
}

/** Context features of each sense-tagged SemCor token, counted per synset; tag counts per (pos, lemma, synset). */
function countSemcor(wn: WordNet30, docs: SemcorDoc[], window: number, tags: Map<string, Map<number, number>>) {
  const bySynset = new Map<number, Map<string, number>>();
  const background = new Map<string, number>();
  for (const doc of docs) {
    doc.sentences.forEach((sentence, s) => {
      const bag = bagOfLemmas(doc.sentences, s - window, s + window + 1);
      sentence.forEach((tok, i) => {
        if (tok.pos === undefined || tok.keys.length === 0) return;
        const synsets = synsetsOfKeys(wn, tok.keys);
        if (synsets.length === 0) return;
        const features = [...bag].filter((w) => w !== tok.lemma);
        features.push(...collocationFeatures(sentence, i, i));
        const share = 1 / synsets.length;
        const tagKey = `${tok.pos}:${tok.lemma}`;
        let t = tags.get(tagKey);
        if (!t) tags.set(tagKey, (t = new Map()));
        for (const syn of synsets) {
          t.set(syn, (t.get(syn) ?? 0) + share);
          let m = bySynset.get(syn);
          if (!m) bySynset.set(syn, (m = new Map()));
          for (const f of features) m.set(f, (m.get(f) ?? 0) + share);
        }
        for (const f of features) background.set(f, (background.get(f) ?? 0) + 1);
      });
    });
  }
  return { bySynset, background };
}

/** The project's lexicon (models/lexicon), loaded by run() before main(): its morphy lemmatizes glosses. */
let LEXICON: Lexicon | undefined;
/** The shared pretrained vectors (models/vectors/, built by `npm run train -- vectors`), read in run(). */
let SHARED_VECTORS: SharedWordVectors | undefined;
function sharedVectors(): SharedWordVectors {
  if (!SHARED_VECTORS) throw new Error('shared word vectors not loaded');
  return SHARED_VECTORS;
}
function loadLexicon(): Lexicon {
  if (!LEXICON) throw new Error('lexicon not loaded');
  return LEXICON;
}

/** WordNet pseudo-counts per synset: its gloss and examples, other members, and its neighbours' members and glosses. */
function countWordNet(wn: WordNet30, lexicon: Lexicon): Map<number, Map<string, number>> {
  const glossOf = wn.synsets.map((s) => glossLemmas(s.gloss, lexicon));
  const memberWords = wn.synsets.map((s) => {
    const words: string[] = [];
    for (const m of s.members) {
      const l = m.lemma.toLowerCase();
      words.push(l);
      if (l.includes('_')) for (const w of l.split('_')) if (w.length > 1 && !STOPWORDS.has(w)) words.push(w);
    }
    return words;
  });
  const out = new Map<number, Map<string, number>>();
  wn.synsets.forEach((s, i) => {
    const m = new Map<string, number>();
    const bump = (f: string, w: number) => m.set(f, (m.get(f) ?? 0) + w);
    for (const f of glossOf[i]) bump(f, GLOSS_WEIGHT);
    for (const f of memberWords[i]) bump(f, GLOSS_WEIGHT);
    for (const p of s.pointers) {
      if (!['@', '@i', '~', '~i', '&', '*', '>', '$', '%p', '%m', '%s', '#p', '#m', '#s'].includes(p.symbol)) continue;
      const j = wn.indexOfId.get(p.target);
      if (j === undefined) continue;
      for (const f of memberWords[j]) bump(f, RELATED_WEIGHT);
      if (p.symbol === '@' || p.symbol === '@i') for (const f of glossOf[j]) bump(f, RELATED_WEIGHT);
    }
    out.set(i, m);
  });
  return out;
}

/** Synsets that some lemma shares with another synset: the only ones the model ever has to score. */
function polysemousSynsets(wn: WordNet30): Set<number> {
  const out = new Set<number>();
  for (const list of wn.lemmaIndex.values()) if (list.length > 1) for (const s of list) out.add(s);
  return out;
}

function packWeights(
  n: number,
  idOf: Map<string, number>,
  semcor: Map<number, Map<string, number>>,
  gloss: Map<number, Map<string, number>>,
  needed: Set<number>,
): SenseWeights {
  const mass = new Float32Array(n);
  const start = new Uint32Array(n + 1);
  const feature: number[] = [];
  const count: number[] = [];
  for (let s = 0; s < n; s++) {
    start[s] = feature.length;
    const merged = new Map<number, number>();
    let total = 0;
    for (const source of [semcor.get(s), gloss.get(s)]) {
      if (!source) continue;
      for (const [f, c] of source) {
        total += c;
        const id = idOf.get(f);
        if (id !== undefined) merged.set(id, (merged.get(id) ?? 0) + c);
      }
    }
    mass[s] = total;
    if (!needed.has(s)) continue;
    for (const [id, c] of [...merged.entries()].sort((a, b) => a[0] - b[0])) {
      const q = Math.min(65535, Math.round(c * COUNT_SCALE));
      if (q === 0) continue;
      feature.push(id);
      count.push(q);
    }
  }
  start[n] = feature.length;
  return { mass, start, feature: Uint32Array.from(feature), count: Uint16Array.from(count) };
}

/**
 * Drops the entries that barely move a score — those whose gain
 * log(1 + (1−α)·c / (N·α·p(f))) is below MIN_GAIN — and the features no
 * entry uses any more. Keeps the shipped model small (see the model card);
 * the dev figures are measured after pruning.
 */
function prune(
  vocab: string[],
  background: Float64Array,
  w: SenseWeights,
  alpha: number,
): { norm: number; vocab: string[]; background: Float64Array; weights: SenseWeights } {
  let total = 0;
  for (const c of background) total += c;
  const p = (f: number) => (background[f] + 1) / (total + vocab.length);
  const keep = new Uint8Array(w.feature.length);
  const used = new Uint8Array(vocab.length);
  for (let s = 0; s < w.mass.length; s++) {
    for (let e = w.start[s]; e < w.start[s + 1]; e++) {
      const f = w.feature[e];
      const gain = Math.log1p(((1 - alpha) * w.count[e]) / COUNT_SCALE / (Math.max(w.mass[s], 1e-9) * alpha * p(f)));
      if (gain >= MIN_GAIN) {
        keep[e] = 1;
        used[f] = 1;
      }
    }
  }
  const newId = new Int32Array(vocab.length).fill(-1);
  const newVocab: string[] = [];
  const newBackground: number[] = [];
  vocab.forEach((f, i) => {
    if (!used[i]) return;
    newId[i] = newVocab.length;
    newVocab.push(f);
    newBackground.push(background[i]);
  });
  const start = new Uint32Array(w.mass.length + 1);
  const feature: number[] = [];
  const count: number[] = [];
  for (let s = 0; s < w.mass.length; s++) {
    start[s] = feature.length;
    for (let e = w.start[s]; e < w.start[s + 1]; e++) {
      if (!keep[e]) continue;
      feature.push(newId[w.feature[e]]);
      count.push(w.count[e]);
    }
  }
  start[w.mass.length] = feature.length;
  return {
    norm: total + vocab.length,
    vocab: newVocab,
    background: Float64Array.from(newBackground),
    weights: { mass: w.mass, start, feature: Uint32Array.from(feature), count: Uint16Array.from(count) },
  };
}

function synsetsTsv(wn: WordNet30): string {
  const lines: string[] = [];
  for (const s of wn.synsets) {
    let head = '';
    if (s.posLetter === 's') {
      const p = s.pointers.find((q) => q.symbol === '&');
      const h = p ? wn.indexOfId.get(p.target) : undefined;
      if (h !== undefined) head = `${wn.synsets[h].members[0].lemma}:${wn.synsets[h].members[0].lexId}`;
    }
    lines.push([s.id, s.lexfile, s.members.map((m) => `${m.lemma}:${m.lexId}`).join(' '), head].join('\t'));
  }
  return lines.join('\n') + '\n';
}

/**
 * One line per synset (same order as synsets.tsv): hypernyms TAB similar-to TAB verb entailments TAB
 * causes TAB also-see TAB verb group. The last two take semantic and lexical pointers alike, each as
 * the target synset (which member a lexical pointer names is not kept: the entailments read whole
 * synsets). Derivationally related forms and pertainyms were tried as a seventh column and left out:
 * they cross parts of speech, and as candidates they lowered dev R@10 (MODEL_CARD.md).
 */
function relationsTsv(wn: WordNet30): string {
  const lines = wn.synsets.map((s) => {
    const rel = (symbols: string[], lexical = false) => {
      const out: number[] = [];
      for (const p of lexical ? [...s.pointers, ...s.lexicalPointers] : s.pointers) {
        if (!symbols.includes(p.symbol)) continue;
        const j = wn.indexOfId.get(p.target);
        if (j !== undefined && !(lexical && out.includes(j))) out.push(j);
      }
      return out.join(' ');
    };
    return [rel(['@', '@i']), rel(['&']), rel(['*']), rel(['>']), rel(['^'], true), rel(['$'], true)].join('\t');
  });
  return lines.join('\n') + '\n';
}

function indexTsv(wn: WordNet30, tags: Map<string, Map<number, number>>): string {
  const lines: string[] = [];
  for (const [key, list] of [...wn.lemmaIndex.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (list.length === 0) continue;
    const colon = key.indexOf(':');
    const pos = key.slice(0, colon);
    const lemma = key.slice(colon + 1);
    const t = tags.get(key);
    const counts = list.map((s) => round(t?.get(s) ?? 0));
    const tail = counts.some((c) => c > 0) ? `\t${counts.join(' ')}` : '';
    lines.push(`${lemma}\t${pos}\t${list.join(' ')}${tail}`);
  }
  return lines.join('\n') + '\n';
}

interface DevSet {
  name: string;
  sentences: ContextToken[][][];
  instances: Array<{ doc: number; target: SenseTarget; gold: number[] }>;
}

function devInstances(wn: WordNet30, store: SynsetStore, semcorDev: SemcorDoc[]): DevSet[] {
  const se07: DevSet = { name: 'semeval2007', sentences: [], instances: [] };
  const base = join(DATA, 'wsd-dev/semeval2007/semeval2007');
  const gold = parseGoldKeys(readFileSync(`${base}.gold.key.txt`, 'utf8'));
  for (const doc of parseFrameworkData(readFileSync(`${base}.data.xml`, 'utf8'))) {
    const d = se07.sentences.push(doc.sentences) - 1;
    doc.sentences.forEach((sentence, s) =>
      sentence.forEach((tok, i) => {
        if (tok.instanceId === undefined || tok.pos === undefined) return;
        se07.instances.push({
          doc: d,
          target: { sentence: s, first: i, last: i, lemma: tok.lemma.replaceAll(' ', '_'), pos: tok.pos },
          gold: synsetsOfKeys(wn, gold.get(tok.instanceId) ?? []),
        });
      }),
    );
  }
  const semcor: DevSet = { name: 'semcorDev', sentences: [], instances: [] };
  for (const doc of semcorDev) {
    const d = semcor.sentences.push(doc.sentences) - 1;
    doc.sentences.forEach((sentence, s) =>
      sentence.forEach((tok, i) => {
        if (tok.pos === undefined || tok.keys.length === 0) return;
        const g = synsetsOfKeys(wn, tok.keys);
        if (g.length > 0 && store.senses(tok.lemma, tok.pos)) {
          semcor.instances.push({ doc: d, target: { sentence: s, first: i, last: i, lemma: tok.lemma, pos: tok.pos }, gold: g });
        }
      }),
    );
  }
  return [se07, semcor];
}

function accuracy(store: SynsetStore, model: WsdModel, set: DevSet, limit = Infinity): number {
  let right = 0;
  let total = 0;
  let k = 0;
  while (k < set.instances.length && total < limit) {
    const doc = set.instances[k].doc;
    const batch: DevSet['instances'] = [];
    while (k < set.instances.length && set.instances[k].doc === doc) batch.push(set.instances[k++]);
    const dists = disambiguate(store, model, set.sentences[doc], batch.map((b) => b.target));
    batch.forEach((b, j) => {
      total++;
      const d = dists[j];
      if (!d) return;
      let best = 0;
      for (let c = 1; c < d.probabilities.length; c++) if (d.probabilities[c] > d.probabilities[best]) best = c;
      if (b.gold.includes(d.synsets[best])) right++;
    });
  }
  return right / total;
}

function firstSenseAccuracy(store: SynsetStore, set: DevSet): number {
  let right = 0;
  for (const b of set.instances) {
    const senses = store.senses(b.target.lemma, b.target.pos);
    if (senses && b.gold.includes(senses.synsets[0])) right++;
  }
  return right / set.instances.length;
}

/** The parameters with no local classifiers' weight anywhere. */
function withoutLocal(params: WsdParams): WsdParams {
  const byPos: WsdParams['byPos'] = {};
  for (const [pos, p] of Object.entries(params.byPos ?? {})) {
    const { lambdaLocal: _, ...rest } = p ?? {};
    if (Object.keys(rest).length > 0) byPos[pos as WordNetPos] = rest;
  }
  const { lambdaLocal: __, ...rest } = params;
  return { ...rest, byPos };
}

/**
 * The nouns' document weight (FAIR_DOC_GRID), with the word vectors on, on the mean of SE07 (WordNet's sense
 * order) and the whole of SemCor dev scored with the sense rank from the SemCor-train counts
 * (WsdParams.rankByCounts: WordNet's order was counted on those files); the lowest of equally good weights.
 */
function tuneNounDocument(search: SearchData, start: WsdParams, vectors: WordVectors): WsdParams {
  const objective = fairObjective(search, vectors, undefined);
  let best = start;
  let bestScore = -1;
  for (const v of FAIR_DOC_GRID) {
    const p: WsdParams = { ...start, byPos: { ...start.byPos, n: { ...start.byPos?.n, lambdaDoc: v } } };
    const score = objective(p);
    log(`  fair document stage: nouns λ_doc ${v} → ${(100 * score).toFixed(2)}`);
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The verbs' vector term over the shared GloVe vectors (VERB_EMB_GRID), on the fair objective, the lowest of
 * equally good weights; searched last, with the local classifiers weighed: without them the term loses
 * (the build's objective 68.62 at 0, 68.59 / 68.42 / 68.14 at 1 / 2 / 3), beside them it gains.
 */
function tuneVerbVectors(search: SearchData, start: WsdParams, vectors: WordVectors, local: LocalClassifiers | undefined): WsdParams {
  const objective = fairObjective(search, vectors, local);
  let best = start;
  let bestScore = -1;
  for (const v of VERB_EMB_GRID) {
    const { lambdaEmb: _, embVectors: __, ...verbs } = start.byPos?.v ?? {};
    const p: WsdParams = { ...start, byPos: { ...start.byPos, v: v > 0 ? { ...verbs, lambdaEmb: v, embVectors: 'shared' } : verbs } };
    const score = objective(p);
    log(`  verb vector stage: λ_emb ${v} (shared vectors) → ${(100 * score).toFixed(2)}`);
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The fair stages' objective: the mean of SE07 (WordNet's sense order) and the whole of SemCor dev scored
 * with the sense rank from the SemCor-train counts (WsdParams.rankByCounts).
 */
function fairObjective({ vocab, background, weights, store, sets }: SearchData, vectors: WordVectors, local: LocalClassifiers | undefined): (p: WsdParams) => number {
  return (p) => {
    const model = new WsdModel(vocab, background, weights, p, undefined, vectors, local, undefined, sharedVectors());
    const fair = new WsdModel(vocab, background, weights, { ...p, rankByCounts: true }, undefined, vectors, local, undefined, sharedVectors());
    return (accuracy(store, model, sets[0]) + accuracy(store, fair, sets[1])) / 2;
  };
}

/**
 * The last stage: the local classifiers' weight (LOCAL_GRID) per part of speech that has them, one after
 * the other, on the fair objective, the lowest of equally good weights. They are searched after the naive
 * Bayes's own parameters, which the entailments read without them (disambiguate.ts,
 * SenseDistribution.plain), so that those stay what the search gives the naive Bayes alone.
 */
function tuneLocal(search: SearchData, start: WsdParams, vectors: WordVectors, local: LocalClassifiers): WsdParams {
  const objective = fairObjective(search, vectors, local);
  let best = withoutLocal(start);
  let bestScore = objective(best);
  for (const pos of LOCAL_POS) {
    for (const v of LOCAL_GRID) {
      const p: WsdParams = { ...best, byPos: { ...best.byPos, [pos]: { ...best.byPos?.[pos], lambdaLocal: v } } };
      const score = objective(p);
      log(`  local stage: ${pos} λ_local ${v} → ${(100 * score).toFixed(2)}`);
      if (score > bestScore) {
        best = p;
        bestScore = score;
      }
    }
  }
  return best;
}

/** What the parameter searches score: the counts before pruning, the synsets and the dev sets (SE07, SemCor dev). */
interface SearchData {
  vocab: string[];
  background: Float64Array;
  weights: SenseWeights;
  store: SynsetStore;
  sets: DevSet[];
}

/** Coordinate search, two passes, on the mean of SE07 and (the first 6000 instances of) SemCor dev. */
function tuneParams({ vocab, background, weights, store, sets }: SearchData, start: WsdParams): WsdParams {
  const grid: Record<'alpha' | 'lambdaBag' | 'lambdaCol' | 'mu' | 'window', number[]> = {
    alpha: [0.5, 0.7, 0.8, 0.9, 0.95, 0.99],
    lambdaBag: [0.1, 0.2, 0.35, 0.5, 0.75, 1],
    lambdaCol: [0.1, 0.25, 0.5, 1, 1.5],
    mu: [0.3, 1, 3, 10, 30],
    window: [start.window],
  };
  const objective = (p: WsdParams) => {
    const model = new WsdModel(vocab, background, weights, p);
    return (accuracy(store, model, sets[0]) + accuracy(store, model, sets[1], 6000)) / 2;
  };
  // Progress for `npm run train` (src/progress/protocol.ts): one line per grid point, the skipped ones included.
  const perPos = grid.lambdaBag.length + grid.lambdaCol.length + grid.mu.length;
  const total = 1 + 2 * Object.values(grid).reduce((n, values) => n + values.length, 0) + 4 * perPos + DOC_GRID.length + grid.mu.length;
  let trials = 0;
  const trial = () => log(formatProgressLine({ done: ++trials, total, unit: 'trial', fields: [['dev', (100 * bestScore).toFixed(2)]] }));
  // The naive Bayes's own parameters are searched without the local classifiers (tuneLocal weighs them
  // last), so the search ends where it started when run again (a build rebuilds its files byte for byte).
  let best = withoutLocal(start);
  let bestScore = objective(best);
  trial();
  for (let pass = 0; pass < 2; pass++) {
    for (const key of Object.keys(grid) as (keyof typeof grid)[]) {
      for (const v of grid[key]) {
        trial();
        if (v === best[key]) continue;
        const p = { ...best, [key]: v };
        const score = objective(p);
        if (score > bestScore) {
          best = p;
          bestScore = score;
          log(`  tune: ${JSON.stringify(best)} → ${(100 * score).toFixed(2)}`);
        }
      }
    }
  }
  /** Tries each value of one parameter for one part of speech's words, keeping the best (`what` names it in the log). */
  const searchPos = (pos: WordNetPos, key: keyof PosParams, values: readonly number[], what: string) => {
    for (const v of values) {
      trial();
      if (v === (best.byPos?.[pos]?.[key] ?? best[key] ?? 0)) continue;
      const p: WsdParams = { ...best, byPos: { ...best.byPos, [pos]: { ...best.byPos?.[pos], [key]: v } } };
      const score = objective(p);
      if (score > bestScore) {
        best = p;
        bestScore = score;
        log(`  tune ${pos}${what}: ${JSON.stringify(best.byPos)} → ${(100 * score).toFixed(2)}`);
      }
    }
  };
  // Then per part of speech: the same search over the weights and the prior mass, for that POS's words only.
  for (const pos of ['n', 'v', 'a', 'r'] as WordNetPos[]) {
    for (const key of ['lambdaBag', 'lambdaCol', 'mu'] as const) searchPos(pos, key, grid[key], '');
  }
  // Then the document, for nouns (the topical words; for verbs and adjectives it gained ≤ 0.15 on dev and
  // cost ~10 % of the senses' speed): the other sentences' bag, and the prior mass it may now need.
  searchPos('n', 'lambdaDoc', DOC_GRID, ' document');
  searchPos('n', 'mu', grid.mu, ' mu');
  return best;
}

async function run(): Promise<void> {
  LEXICON = await Lexicon.load(fileLoader(join(root, 'models')));
  SHARED_VECTORS = await loadWordVectors(fileLoader(join(root, 'models')));
  main();
  // The domains table is by the store's synset index: built from the synsets just written
  // (meta.json's dev figures are measured without it: training/senses/tune-wsd.ts measures with it).
  await writeDomains(OUT);
}

run().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
