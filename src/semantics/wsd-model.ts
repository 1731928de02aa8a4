/**
 * The word-sense disambiguation model: a naive-Bayes sense classifier over
 * the context features of wsd-features.ts, with one feature distribution per
 * WordNet synset (so every lemma of a synset shares what was learned about
 * it), estimated from SemCor's sense-tagged contexts plus pseudo-counts from
 * WordNet itself (the synset's gloss and examples, its other members, its
 * hypernyms' members and glosses). A synset SemCor never tagged still has a
 * distribution from WordNet; a context with no known feature leaves the prior,
 * which is SemCor's tag counts smoothed towards WordNet's sense order.
 *
 *   score(s) = log prior(s)
 *            + λ_bag · Σ_{f ∈ bag} log P(f | s) + λ_col · Σ_{f ∈ collocations} log P(f | s)
 *            + λ_doc · Σ_{f ∈ document bag − bag} log P(f | s)          (the other sentences' content lemmas)
 *            + λ_emb · cos(c, v(s))                                     (soft match by word vectors, below)
 *            + λ_sense · cos(c', e(s))                                  (sense embeddings, wsd-sense-vectors.ts)
 *   P(f | s) = (1 − α) · c(s, f) / N(s) + α · p(f)          (Jelinek-Mercer smoothing towards p(f))
 *   prior(s) ∝ tags(lemma, s) + μ / rank(s)
 *
 * and the senses' probabilities are the softmax of the scores.
 *
 * The naive-Bayes terms only reward context lemmas a sense has seen. The
 * last term matches softly through word vectors (wsd-vectors.ts): c is the
 * sum of the (idf-weighted) vectors of the sentence's bag, the target's own
 * lemma left out, plus β_emb times the sum over the document's bag; v(s) is
 * the sum of the vectors of the features the sense has seen, each weighted
 * by its gain (the log-ratio below: its gloss, members, neighbours and SemCor
 * contexts, the words most specific to it weighing most). Both are built
 * once: c per sentence and document (TargetContexts), v(s) with the lemma's
 * scoring table.
 *
 * Shipped files (models/senses/, built by training/senses/train.ts):
 *   wsd-vocab.txt.gz one feature per line: feature TAB background count (its line number is its id)
 *   wsd-weights.bin  per synset its total feature mass and its (feature, count) entries, sorted by
 *                    feature; delta-coded ids and one-byte log counts (see decodeWeights), read in
 *                    place (packedWeights)
 *   wsd-vectors.bin  word vectors (optional: without them λ_emb is ignored)
 *   wsd-sense-vectors.bin  sense embeddings in the shared GloVe space (optional: without them λ_sense is ignored)
 *   meta.json        the hyperparameters tuned on dev and the figures they gave
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { ResourceLoader } from '../resources/loader.js';
import { loadOnce, type LoadRegistry } from '../resources/loader.js';
import { gunzipBytes } from './gzip.js';
import { SENSES_DIR } from './synsets.js';
import { COLLOCATION_SLOTS, lemmaBagFeatures } from './wsd-features.js';
import { decodeVectors, WSD_VECTORS_FILE, type WordVectors } from './wsd-vectors.js';
import { ownTermVectors, sharedTermVectors, type TermVectors, type TermVectorsSource } from './wsd-term-vectors.js';
import { loadWordVectors, type WordVectors as SharedWordVectors } from '../models/word-vectors.js';
import { LocalClassifiers, WSD_LOCAL_FILE, type Classifier } from './wsd-local.js';
import { SenseDomains } from './wsd-domains.js';
import { SenseEmbeddings } from './wsd-sense-vectors.js';
import { BoundedTableCache } from './bounded-cache.js';
import { lemmaHashes, type LemmaHashes } from './wsd-local-features.js';
import {
  COUNT_SCALE,
  indexVocab,
  listVocabulary,
  packedWeights,
  weightsReader,
  type FeatureVocabulary,
  type SenseWeights,
  type WeightsReader,
  WSD_WEIGHTS_FILE,
} from './wsd-weights.js';

export const WSD_VOCAB_FILE = 'wsd-vocab.txt.gz';

export const WSD_META_FILE = 'meta.json';

export interface WsdParams {
  /** Jelinek-Mercer smoothing weight of the background distribution, 0..1. */
  alpha: number;
  /** Weight of the bag of words. */
  lambdaBag: number;
  /** Weight of the collocations. */
  lambdaCol: number;
  /** Pseudo-count of the WordNet sense order in the prior. */
  mu: number;
  /** Sentences either side in the bag of words. */
  window: number;
  /**
   * Weight of the bag of content lemmas of the document's other sentences
   * (scored by the same per-synset distributions as the sentence bag): nouns
   * are topical, so the rest of the document says which sense fits. 0 or
   * absent: the document is not read; a one-sentence text scores the same
   * either way.
   */
  lambdaDoc?: number;
  /** The most features a document's bag holds: a longer document keeps its most repeated content lemmas (speed; dev-tuned). */
  docFeatures?: number;
  /**
   * Weight of the cosine between the context's vector and the sense's
   * (word vectors; see the file comment). 0 or absent: not computed.
   */
  lambdaEmb?: number;
  /**
   * Weight of the document's bag in the context vector, relative to the sentence's (β_emb); read only
   * where the document's bag is built (some part of speech has lambdaDoc > 0). Tried, 0 on dev.
   */
  embDoc?: number;
  /**
   * How many leading dimensions of the own word vectors the sense term reads (absent: all). The vectors are an
   * SVD's, dimensions in the order of their singular values, so a prefix is the smaller SVD's space
   * (before the rows' unit scaling, which the cosines redo); the entailments read all of them. The shared
   * vectors' dimensions have no such order: the term reads all of them.
   */
  embDims?: number;
  /**
   * Which word vectors the term reads (wsd-term-vectors.ts; per part of speech in byPos): `own`, the lemma
   * vectors trained here (wsd-vectors.bin, the default), or `shared`, the pretrained GloVe vectors of
   * models/vectors/ that the tagger, parser and NER read (no copy: the senses read that table in place).
   */
  embVectors?: TermVectorsSource;
  /**
   * Weight of the cosine between the sentence's vector in the shared GloVe vectors (c', the target's own
   * lemma left out) and the sense's embedding e(s) (wsd-sense-vectors.ts: the mean of its SemCor-train
   * contexts' vectors and its gloss's). 0 or absent, or a model without the embeddings: not computed.
   */
  lambdaSense?: number;
  /** 1: context words weigh −log p(f) in the context vector (rare words say more); 0: all alike. */
  embIdf?: number;
  /**
   * Weight of the other occurrences of the target's lemma (same part of speech) in the document:
   * one sense per discourse (one-sense-per-discourse.ts). 0 or absent: off.
   */
  lambdaDiscourse?: number;
  /** ε in log(p_j(s) + ε) of the discourse term (default DEFAULT_DISCOURSE_EPSILON). */
  discourseEpsilon?: number;
  /**
   * Weight of the lemma's logistic regression (wsd-local.ts: log-probabilities over its senses, from
   * IMS-style local collocations, neighbours' parts of speech and the sentence's bag), where it has one.
   * 0 or absent: not read.
   */
  lambdaLocal?: number;
  /**
   * Weight of the document's domain (wsd-domains.ts: the log-ratio of a sense's WordNet Domains
   * domain's rate in the document to its rate in general English). 0 or absent: off.
   */
  lambdaDomain?: number;
  /** κ of the domain term: pseudo-targets at the background rate (default DEFAULT_DOMAIN_KAPPA). */
  domainKappa?: number;
  /** The least log-ratio the domain term gives a domain (default DEFAULT_DOMAIN_FLOOR, 0: a sense is only ever raised). */
  domainFloor?: number;
  /** τ of the domain term: the log-ratio it reads is taken τ down first, so only domains e^τ times likelier than in general English count (default 0). */
  domainMargin?: number;
  /**
   * θ of the out-of-domain test (wsd-domains.ts, allForeign): the senses layer gives a noun no senses
   * where the document is about a domain (log-ratio ≥ θ) and all its candidates lie in domains the
   * document does not lean to. Absent: never.
   */
  domainWithhold?: number;
  /** Per part of speech, weights and prior mass that replace the ones above (tuned on dev). */
  byPos?: Partial<Record<WordNetPos, PosParams>>;
  /**
   * Evaluation only (training/senses/tune-wsd.ts --fair-rank): rank(s) in the prior by the SemCor-train
   * counts (ties in WordNet's order) instead of WordNet's sense order, which was counted on all of SemCor
   * and so knows the senses of the SemCor dev files. Never in a shipped meta.json.
   */
  rankByCounts?: boolean;
}

export type PosParams = Partial<
  Pick<WsdParams, 'lambdaBag' | 'lambdaCol' | 'mu' | 'lambdaDoc' | 'lambdaEmb' | 'embVectors' | 'lambdaSense' | 'lambdaDiscourse' | 'lambdaLocal' | 'lambdaDomain'>
>;

export interface WsdMeta {
  version: string;
  params: WsdParams;
  /** p(f)'s denominator over the unpruned vocabulary (see the constructor). */
  backgroundNorm: number;
  /** How the gloss pseudo-counts were weighted when the model was built. */
  build: Record<string, number | string>;
  dev: Record<string, number | string>;
}

/**
 * A target's context as feature ids: the bag of words and the collocations,
 * each sorted ascending and without repeats. The order fixes the order in
 * which a sense's log gains are summed, so every caller gets the same bits.
 */
export interface FeatureContext {
  /** The window's bag of words (shared by the targets of a sentence). */
  bag: Int32Array;
  /** A bag feature that does not count for this target (its own lemma), -1 for none. */
  exclude: number;
  collocations: readonly number[];
  /**
   * The document's bag of content lemmas (sorted, distinct), one array
   * shared by every target of the document: the model caches a lemma's
   * document sums per array. Either every content lemma of the document (the
   * sentence's own included) or, for a long one, its `docFeatures` most
   * repeated ones. Absent or empty: none.
   */
  doc?: Int32Array;
  /** Membership of `doc` by feature id, given when `doc` is the truncated kind (the sentence's bag need not be in it). */
  docSet?: Uint8Array;
  /**
   * The bag's context vector (WsdModel.contextVector of `bag`) in the table of
   * vectors the target's part of speech reads (WsdModel.vectorSourceFor), shared
   * by the sentence's targets; the target's own lemma is taken out at scoring.
   * Absent: no vector term.
   */
  bagVector?: Float64Array;
  /** The document bag's context vector (of `doc`) in the own vectors, shared by the document's targets. */
  docVector?: Float64Array;
  /**
   * The bag's context vector in the shared vectors, for the sense embeddings' term (λ_sense), shared by the
   * sentence's targets (the target's own lemma is taken out at scoring). Absent: no such term.
   */
  senseVector?: Float64Array;
  /**
   * The lemma's local classifier's log-probabilities over its senses (wsd-local.ts), where it has one and its
   * part of speech weighs it. Valid until the next target's context is built (the model reuses the array).
   */
  local?: Float64Array;
}

/** What one lemma contributes to a context, as feature ids (see lemmaFeatures). */
export interface LemmaFeatures {
  /** Its bag features when the token is a content word (wsd-features' lemmaBagFeatures), known ones only. */
  readonly bag: Int32Array;
  /** Its collocation feature in each of COLLOCATION_SLOTS, -1 where the model never saw it. */
  readonly collocations: Int32Array;
  /** The lemma itself as a feature (what a target of this lemma drops from its bag), -1 if unknown. */
  readonly self: number;
  /**
   * Its hashes for the local classifiers' features (wsd-local-features.ts), every bag string included, known
   * or not; only where the model reads the classifiers (off in the shipped model: not hashed for nothing).
   */
  readonly hashes?: LemmaHashes;
}

/**
 * One lemma's senses laid out for scoring (see senseTable): a (feature,
 * sense, count) triple for each feature each sense has seen, in ascending
 * feature order and, for one feature, in sense order — a feature's *row* is
 * its run of pairs. A context's features (ascending too) are found by a
 * galloping search that goes on from where the last one was found (see
 * addRows), and only the pairs that count are read.
 *
 * Compact because a document reads a few per cent of what it builds (53k of
 * the 1.46M pairs built for a 50 kB EWT document): a pair's gain is computed
 * when it is read (gainAt) rather than stored as a float64, the rows have no
 * start offsets (most features have one sense: rows were nearly as many as
 * pairs, at 8 bytes each) and a pair keeps its feature's low 16 bits (see
 * low). 5 bytes a pair, against 17 with stored gains and row offsets and
 * 30–50 with the hash table before that.
 */
interface SenseTable {
  /**
   * Per pair, its feature's low 16 bits: the pairs of features h·2^16 … h·2^16 + 65535 are
   * blockStart[h] … blockStart[h + 1] − 1 (a vocabulary of 165k features has three such blocks), so a
   * pair's feature is (h << 16) | low[e] — 2 bytes a pair where the feature itself took 4.
   */
  readonly low: Uint16Array;
  readonly blockStart: Int32Array;
  /** Per pair, the sense index and the feature's count under the sense. */
  readonly sense: Uint8Array;
  readonly count: Uint16Array;
  /** How many distinct features (rows): a long document's bag is summed by a scan when they are few (SCAN_ROWS_PER_FEATURE). */
  readonly rows: number;
  /** Per sense, (1 − α) / (COUNT_SCALE · its mass): a count's share of the sense's probability mass. */
  readonly scale: Float64Array;
  /** The model's background distribution (shared, not copied), which the gains read. */
  readonly smoothing: Smoothing;
  /** log prior(s) for the prior inputs last used (recomputed when they change). */
  logPrior: Float64Array;
  priorCounts: Float32Array | undefined;
  priorMu: number;
  /** Whether logPrior ranks by the counts (WsdParams.rankByCounts). */
  priorByCounts: boolean;
  /** Σ gains of the document bag per sense for the document (and excluded feature) last scored. */
  docSum: Float64Array;
  docOf: Int32Array | undefined;
  docExclude: number;
  /** Per sense, its unit vector (senses × dim; see the file comment), built at the first vector scoring. */
  senseVectors: Float32Array | undefined;
  /** The table of vectors senseVectors was built from (a lemma's list is one part of speech's, which reads one table). */
  senseVectorsTerm: TermVectors | undefined;
  /** Per sense, its embedding's unit vector (senses × dim; wsd-sense-vectors.ts), decoded at the first scoring that weighs them. */
  senseEmbeddings: Float32Array | undefined;
}

/**
 * The background distribution the senses are smoothed with: p(f) = (count(f) + 1) / norm, weighted α.
 * α·p(f) is computed when read (alphaP) — the same expression the model once kept per feature.
 */
interface Smoothing {
  readonly background: Float64Array;
  readonly alpha: number;
  readonly norm: number;
  /** log(α · p(f)) per feature: the log-probability of a feature a sense never saw, common to all senses. */
  readonly logAlphaP: Float64Array;
}

/** α·p(f). */
function alphaP(smoothing: Smoothing, f: number): number {
  return (smoothing.alpha * (smoothing.background[f] + 1)) / smoothing.norm;
}

/** A pair's sense index is a byte (WordNet's most senses for a lemma is 75). */
const SENSE_BITS = 8;

/** A scoring table's build sorts its pairs by feature · PAIR_SPAN + entry (entries < 2^31, features < MAX_FEATURES: exact in a float64). */
const PAIR_SPAN = 2 ** 31;
const MAX_FEATURES = 2 ** 22;

const LOADED: LoadRegistry<WsdModel> = new WeakMap();

/** The word vectors being read for a loaded model (loadWithVectors), so that concurrent callers read them once. */
const ATTACHED_VECTORS: WeakMap<WsdModel, Promise<WordVectors | undefined>> = new WeakMap();

/** Which tables of word vectors the parameters weigh in the sense score (λ_emb > 0 overall or for a part of speech). */
function vectorSources(params: WsdParams): Set<TermVectorsSource> {
  const out = new Set<TermVectorsSource>();
  const base = params.embVectors ?? 'own';
  if ((params.lambdaEmb ?? 0) > 0) out.add(base);
  for (const p of Object.values(params.byPos ?? {})) if ((p?.lambdaEmb ?? 0) > 0) out.add(p?.embVectors ?? base);
  // The sense embeddings live in the shared vectors' space: their term reads the sentence there.
  if (weighsSenseEmbeddings(params)) out.add('shared');
  return out;
}

/** Whether some part of speech weighs the sense embeddings (λ_sense > 0). */
function weighsSenseEmbeddings(params: WsdParams): boolean {
  return (params.lambdaSense ?? 0) > 0 || Object.values(params.byPos ?? {}).some((p) => (p?.lambdaSense ?? 0) > 0);
}

/** Whether some part of speech weighs the local classifiers (λ_local > 0). */
function weighsLocal(params: WsdParams): boolean {
  return (params.lambdaLocal ?? 0) > 0 || Object.values(params.byPos ?? {}).some((p) => (p?.lambdaLocal ?? 0) > 0);
}

/** The word vectors of `dir`; undefined where the file is absent (a model built before them). */
async function readVectors(loader: ResourceLoader, dir: string): Promise<WordVectors | undefined> {
  return (await loader.exists(`${dir}/${WSD_VECTORS_FILE}`)) ? decodeVectors(await loader.bytes(`${dir}/${WSD_VECTORS_FILE}`)) : undefined;
}

/** Memory the scoring tables may hold (a long-running server would otherwise end up with every lemma's). */
const MAX_TABLE_BYTES = 256 * 2 ** 20;

/** The per-lemma feature cache is dropped when it holds this many lemmas (a long-running server sees endless strings). */
const MAX_CACHED_LEMMAS = 100_000;

export class WsdModel {
  readonly params: WsdParams;
  private readonly ids: FeatureVocabulary;
  private readonly smoothing: Smoothing;
  private readonly weights: WeightsReader;
  /** A scoring table's entries while it is built (grown on demand). */
  private entryFeature = new Uint32Array(0);
  private entryCount = new Uint16Array(0);
  private entrySense = new Uint8Array(0);
  private entryKey = new Float64Array(0);
  private readonly posParams = new Map<WordNetPos | undefined, WsdParams>();
  /**
   * Per lemma's candidate list (the store's Int32Array, stable per lemma and
   * part of speech): its SenseTable, built the first time the lemma is
   * scored. Lemmas never scored cost nothing; the tables are held under
   * MAX_TABLE_BYTES, those not used for a while dropped (bounded-cache.ts) and rebuilt on demand.
   */
  private readonly tables = new BoundedTableCache<Int32Array, SenseTable>(MAX_TABLE_BYTES);
  private readonly lemmaCache = new Map<string, LemmaFeatures>();
  /** Per-sense sums of one scoring, reused (senses per lemma are few; grown on demand). */
  private bagSum = new Float64Array(64);
  private colSum = new Float64Array(64);
  private overlapSum = new Float64Array(64);
  /** One scoring's vector term per sense (kept apart: the plain scores leave it out). */
  private embSum = new Float64Array(64);
  /** The last scoring's scores without the layer's terms (the vector term, the local classifier's), when it had one (plainLast). */
  private plainScore = new Float64Array(64);
  private plainLast = false;
  /** The context vector of one scoring (reused). */
  private contextScratch = new Float64Array(0);
  /** The vectors the term reads, by feature id, per table; a table is absent where no part of speech weighs it or the model lacks it. */
  private readonly terms: Partial<Record<TermVectorsSource, TermVectors>> = {};
  /** log α where a context vector weighs its features by −log p(f) (embIdf), undefined where each weighs 1 (vectorWeight). */
  private readonly logAlpha: number | undefined;
  /** Whether the model has vectors and some part of speech weighs them (readsVectors). */
  private readonly vectorsOn: boolean;
  /** Whether the model has local classifiers and some part of speech weighs them (readsLocal). */
  private readonly localOn: boolean;
  /** Whether the model has sense embeddings and the shared vectors, and some part of speech weighs them (readsSenseEmbeddingsFor). */
  private readonly sensesOn: boolean;
  /** Each candidate list's local classifier, null for none (localLogProbabilities). */
  private readonly localOf = new Map<Int32Array, Classifier | null>();
  /** localLogProbabilities' output arrays, by sense count. */
  private readonly localScratch: Float64Array[] = [];

  /**
   * `backgroundNorm` is the denominator of p(f) = (count + 1) / norm; by
   * default total count + vocabulary size. A pruned model passes the norm of
   * the vocabulary it was estimated on, so that pruning does not shift p(f).
   */
  constructor(
    vocab: readonly string[] | FeatureVocabulary,
    private readonly background: Float64Array,
    weights: SenseWeights | WeightsReader,
    params: WsdParams,
    private readonly backgroundNorm?: number,
    private vectors?: WordVectors,
    /** The per-lemma logistic regressions (wsd-local.ts); read only where some part of speech weighs them. */
    private readonly local?: LocalClassifiers,
    /** The synsets' WordNet Domains (wsd-domains.ts); read only where some part of speech weighs them. */
    private readonly domains?: SenseDomains,
    /** The shared pretrained vectors (models/vectors/); read only where the vector term reads them (embVectors). */
    private readonly shared?: SharedWordVectors,
    /** The synsets' embeddings in the shared vectors' space (wsd-sense-vectors.ts); read only where some part of speech weighs them. */
    private readonly senseEmbeddings?: SenseEmbeddings,
  ) {
    this.params = params;
    this.ids = 'id' in vocab ? vocab : listVocabulary(vocab);
    let total = 0;
    for (const c of background) total += c;
    const v = this.ids.size;
    if (v > MAX_FEATURES) throw new Error(`WSD model: ${v} features is beyond the scoring tables' layout (at most ${MAX_FEATURES})`);
    const smoothing = { background, alpha: params.alpha, norm: backgroundNorm ?? total + v, logAlphaP: new Float64Array(v) };
    for (let i = 0; i < v; i++) smoothing.logAlphaP[i] = Math.log(alphaP(smoothing, i));
    this.smoothing = smoothing;
    this.weights = 'read' in weights ? weights : weightsReader(weights);
    const sources = vectorSources(params);
    if (sources.has('own') && vectors !== undefined) this.terms.own = ownTermVectors(vectors, this.ids);
    if (sources.has('shared') && shared !== undefined) this.terms.shared = sharedTermVectors(shared, this.ids);
    this.vectorsOn = this.terms.own !== undefined || this.terms.shared !== undefined;
    this.localOn = local !== undefined && weighsLocal(params);
    this.sensesOn = senseEmbeddings !== undefined && this.terms.shared !== undefined && weighsSenseEmbeddings(params);
    this.logAlpha = (params.embIdf ?? 1) > 0 ? Math.log(params.alpha) : undefined;
  }

  /**
   * The model of `dir`, once per loader. The word vectors are read only when meta.json weighs them in
   * the sense score (λ_emb; the shipped model weighs them for nouns), so that a model without the term
   * does not download and decode 3 MB it does not use; their other readers ask for them with loadWithVectors.
   */
  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<WsdModel> {
    return loadOnce(LOADED, loader, dir, async () => {
      const [vocabBytes, bytes, metaText] = await Promise.all([
        loader.bytes(`${dir}/${WSD_VOCAB_FILE}`).then(gunzipBytes),
        loader.bytes(`${dir}/${WSD_WEIGHTS_FILE}`),
        loader.text(`${dir}/${WSD_META_FILE}`),
      ]);
      const meta = JSON.parse(metaText) as WsdMeta;
      const { vocab, background } = indexVocab(vocabBytes);
      const sources = vectorSources(meta.params);
      const vectors = sources.has('own') ? await readVectors(loader, dir) : undefined;
      const shared = sources.has('shared') ? await loadWordVectors(loader) : undefined;
      const local = weighsLocal(meta.params) ? new LocalClassifiers(await loader.bytes(`${dir}/${WSD_LOCAL_FILE}`)) : undefined;
      const senseEmbeddings = weighsSenseEmbeddings(meta.params) ? await SenseEmbeddings.read(loader, dir) : undefined;
      // The domains table is small (two bytes a synset): read wherever the directory has it, so that sweeps can weigh it.
      const domains = await SenseDomains.read(loader, dir);
      return new WsdModel(vocab, background, packedWeights(bytes), meta.params, meta.backgroundNorm, vectors, local, domains, shared, senseEmbeddings);
    });
  }

  /**
   * The same shared model with its word vectors attached (read once), for the readers of the vectors
   * other than the sense score: the entailments (entailments.ts) and the tuning scripts. Attaching
   * does not change the sense scores: the λ_emb term is on only for a model loaded with vectors whose
   * parameters weigh them (withParams makes such a model).
   */
  static async loadWithVectors(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<WsdModel> {
    const model = await WsdModel.load(loader, dir);
    if (model.vectors !== undefined) return model;
    let pending = ATTACHED_VECTORS.get(model);
    if (pending === undefined) ATTACHED_VECTORS.set(model, (pending = readVectors(loader, dir)));
    model.vectors ??= await pending;
    return model;
  }

  /** The same counts scored with other parameters (dev sweeps: training/senses/tune-wsd.ts). */
  withParams(params: WsdParams): WsdModel {
    return new WsdModel(this.ids, this.background, this.weights, params, this.backgroundNorm, this.vectors, this.local, this.domains, this.shared, this.senseEmbeddings);
  }

  /**
   * The same counts and parameters with these per-lemma logistic regressions (wsd-local.ts): the shipped
   * model reads its own (wsd-local.bin); tests and sweeps attach others.
   */
  withLocal(local: LocalClassifiers): WsdModel {
    return new WsdModel(this.ids, this.background, this.weights, this.params, this.backgroundNorm, this.vectors, local, this.domains, this.shared, this.senseEmbeddings);
  }

  /** The same counts and parameters with this domains table (tests, the build). */
  withDomains(domains: SenseDomains | undefined): WsdModel {
    return new WsdModel(this.ids, this.background, this.weights, this.params, this.backgroundNorm, this.vectors, this.local, domains, this.shared, this.senseEmbeddings);
  }

  /** The same counts and parameters with the shared pretrained vectors at hand (sweeps that set embVectors 'shared'). */
  withSharedVectors(shared: SharedWordVectors): WsdModel {
    return new WsdModel(this.ids, this.background, this.weights, this.params, this.backgroundNorm, this.vectors, this.local, this.domains, shared, this.senseEmbeddings);
  }

  /** The same counts and parameters with these sense embeddings (sweeps, tests, the build). */
  withSenseEmbeddings(embeddings: SenseEmbeddings | undefined): WsdModel {
    return new WsdModel(this.ids, this.background, this.weights, this.params, this.backgroundNorm, this.vectors, this.local, this.domains, this.shared, embeddings);
  }

  /** The synsets' WordNet Domains, where the model was loaded with them. */
  get senseDomains(): SenseDomains | undefined {
    return this.domains;
  }

  /** The word vectors the model was loaded with, if any (the entailments model reads them too). */
  get wordVectors(): WordVectors | undefined {
    return this.vectors;
  }

  /** The id of a feature string, or -1 when the model never saw it. */
  featureId(feature: string): number {
    return this.ids.id(feature);
  }

  /** A context from feature strings (unknown features dropped, repeats kept once). */
  context(bag: Iterable<string>, collocations: Iterable<string>): FeatureContext {
    return { bag: sortedDistinct(this.idsOf(bag)), exclude: -1, collocations: Array.from(sortedDistinct(this.idsOf(collocations))) };
  }

  /** Ids of the known features among `features`, in their order. */
  idsOf(features: Iterable<string>): Int32Array {
    const out: number[] = [];
    for (const f of features) {
      const id = this.ids.id(f);
      if (id >= 0) out.push(id);
    }
    return Int32Array.from(out);
  }

  /**
   * A lemma's bag and collocation feature ids (lower case, '_' between
   * words, as ContextToken.lemma), cached: a document repeats its lemmas, so
   * the strings are looked up once rather than at every token.
   */
  lemmaFeatures(lemma: string): LemmaFeatures {
    let out = this.lemmaCache.get(lemma);
    if (out === undefined) {
      const bag = sortedDistinct(this.idsOf(lemmaBagFeatures(lemma)));
      const collocations = Int32Array.from(COLLOCATION_SLOTS, ({ prefix }) => this.featureId(prefix + lemma));
      const self = this.featureId(lemma);
      out = { bag, collocations, self, hashes: this.localOn ? lemmaHashes(lemma) : undefined };
      if (this.lemmaCache.size >= MAX_CACHED_LEMMAS) this.lemmaCache.clear();
      this.lemmaCache.set(lemma, out);
    }
    return out;
  }

  /**
   * Probabilities of the candidate synsets (indexes into the synset store,
   * in WordNet's sense order, with their SemCor tag counts) in a context.
   * The result is parallel to `synsets` and sums to 1. Pass the store's own
   * array for a lemma (SynsetStore.senses): the lemma's scoring table is kept
   * per array.
   */
  probabilities(synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos?: WordNetPos): Float64Array {
    const n = synsets.length;
    const out = new Float64Array(n);
    if (n === 1) {
      out[0] = 1;
      return out;
    }
    const z = this.score(synsets, tagCounts, ctx, pos);
    const expScore = this.bagSum;
    for (let k = 0; k < n; k++) out[k] = expScore[k] / z;
    return out;
  }

  /**
   * probabilities(…) written into out[at..at + synsets.length) (the same values), without an array of its own.
   * `plain`, when given, receives at the same place the probabilities without the local classifier's term
   * (the same as `out` where the lemma has none): what the entailments read (see senses.ts).
   */
  probabilitiesInto(synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos: WordNetPos | undefined, out: Float64Array, at: number, plain?: Float64Array): void {
    const n = synsets.length;
    if (n === 1) {
      out[at] = 1;
      if (plain !== undefined) plain[at] = 1;
      return;
    }
    const z = this.score(synsets, tagCounts, ctx, pos);
    const expScore = this.bagSum;
    for (let k = 0; k < n; k++) out[at + k] = expScore[k] / z;
    if (plain === undefined) return;
    if (!this.plainLast) {
      for (let k = 0; k < n; k++) plain[at + k] = out[at + k];
      return;
    }
    const scores = this.plainScore;
    let best = -Infinity;
    for (let k = 0; k < n; k++) if (scores[k] > best) best = scores[k];
    let sum = 0;
    for (let k = 0; k < n; k++) sum += plain[at + k] = Math.exp(scores[k] - best);
    for (let k = 0; k < n; k++) plain[at + k] /= sum;
  }

  /** probabilities(…)[k] alone (the same value), without the array. */
  probabilityOf(k: number, synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos?: WordNetPos): number {
    if (synsets.length === 1) return 1;
    const z = this.score(synsets, tagCounts, ctx, pos);
    return this.bagSum[k] / z;
  }

  /**
   * Leaves exp(score(s) − max score) of each sense in bagSum[0..n) and
   * returns their sum: the softmax's numerators and denominator.
   */
  private score(synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos: WordNetPos | undefined): number {
    const n = synsets.length;
    const { lambdaBag, lambdaCol, mu, lambdaDoc, lambdaEmb, lambdaLocal, lambdaSense } = this.paramsFor(pos);
    const table = this.senseTable(synsets);
    const logPrior = this.logPriorOf(table, tagCounts, mu);
    if (n > this.bagSum.length) {
      this.bagSum = new Float64Array(2 * n);
      this.colSum = new Float64Array(2 * n);
      this.overlapSum = new Float64Array(2 * n);
      this.embSum = new Float64Array(2 * n);
      this.plainScore = new Float64Array(2 * n);
    }
    const bag = this.bagSum;
    const col = this.colSum;
    bag.fill(0, 0, n);
    col.fill(0, 0, n);
    const readDoc = lambdaDoc !== undefined && lambdaDoc > 0 && ctx.doc !== undefined && ctx.doc.length > 0;
    // The sentence's bag features that are also in a truncated document bag, summed on the side (see below).
    const own = readDoc && ctx.docSet !== undefined ? this.overlapSum : undefined;
    // A feature a sense never saw scores log(α·p(f)) for every sense alike, so only seen ones count.
    if (own === undefined) addRows(table, ctx.bag, ctx.exclude, bag);
    else {
      own.fill(0, 0, n);
      addRows(table, ctx.bag, ctx.exclude, bag, ctx.docSet!, own);
    }
    addRows(table, ctx.collocations, -1, col);
    if (readDoc) {
      // The document's sums are the same for every occurrence of the lemma in it: computed once per document.
      if (table.docOf !== ctx.doc || table.docExclude !== ctx.exclude) {
        table.docSum.fill(0);
        // Either way each sense's gains are added in ascending feature order: the same sums, bit for bit.
        if (ctx.docSet !== undefined && table.rows <= SCAN_ROWS_PER_FEATURE * ctx.doc!.length) addMarkedRows(table, ctx.docSet, ctx.exclude, table.docSum);
        else addRows(table, ctx.doc!, ctx.exclude, table.docSum);
        table.docOf = ctx.doc;
        table.docExclude = ctx.exclude;
      }
      // The other sentences only: the sentence's own bag features are taken back out of the document's
      // (all of them, unless the document's bag was truncated: then those in it).
      const doc = table.docSum;
      const inDoc = own ?? bag;
      for (let k = 0; k < n; k++) col[k] = lambdaCol * col[k] + lambdaDoc * (doc[k] - inDoc[k]);
    } else {
      for (let k = 0; k < n; k++) col[k] = lambdaCol * col[k];
    }
    // The layer's terms: the vector term (ctx.bagVector is built only for the senses layer, when the model has
    // vectors and some part of speech weighs them) and the lemma's logistic regression (ctx.local, built only
    // where its part of speech weighs it). The scores without them are kept for the callers that read those
    // (probabilitiesInto's `plain`: the entailments, whose weights were tuned without either).
    const emb = this.embSum;
    const term = this.termFor(pos);
    const withVectors = lambdaEmb !== undefined && lambdaEmb > 0 && ctx.bagVector !== undefined && term !== undefined;
    const withSense = this.sensesOn && lambdaSense !== undefined && lambdaSense > 0 && ctx.senseVector !== undefined;
    const withEmb = withVectors || withSense;
    if (withEmb) emb.fill(0, 0, n);
    if (withVectors) this.addVectorScores(table, synsets, ctx, lambdaEmb, emb, term);
    if (withSense) this.addSenseEmbeddingScores(table, synsets, ctx, lambdaSense, emb);
    const local = ctx.local;
    const withLocal = local !== undefined && local.length === n && lambdaLocal !== undefined && lambdaLocal > 0;
    this.plainLast = withEmb || withLocal;
    let best = -Infinity;
    for (let k = 0; k < n; k++) {
      let score = logPrior[k] + lambdaBag * bag[k] + col[k];
      if (withEmb || withLocal) {
        this.plainScore[k] = score;
        if (withEmb) score += emb[k];
        if (withLocal) score += lambdaLocal * local[k];
      }
      bag[k] = score;
      if (score > best) best = score;
    }
    let z = 0;
    for (let k = 0; k < n; k++) z += bag[k] = Math.exp(bag[k] - best);
    return z;
  }

  /** The table of vectors a part of speech's term reads, where it weighs one the model has. */
  private termFor(pos: WordNetPos | undefined): TermVectors | undefined {
    return this.terms[this.paramsFor(pos).embVectors ?? 'own'];
  }

  /** How many of a table's leading dimensions the sense term reads (WsdParams.embDims, own vectors only; all by default). */
  private dimsOf(term: TermVectors): number {
    const dim = term.dim;
    const want = this.params.embDims;
    return term === this.terms.own && want !== undefined && want > 0 && want < dim ? want : dim;
  }

  /**
   * Adds λ_emb · cos(c, v(s)) to sums[k] for each sense: c the context's
   * vector (the sentence's bag and β_emb × the document's, each without the
   * target's own lemma), v(s) the sense's unit vector. A context or sense
   * with no vector adds 0.
   */
  private addVectorScores(table: SenseTable, synsets: Int32Array, ctx: FeatureContext, lambdaEmb: number, sums: Float64Array, term: TermVectors): void {
    const D = this.dimsOf(term);
    const senseVectors = table.senseVectors !== undefined && table.senseVectorsTerm === term ? table.senseVectors : this.senseVectorsOf(table, synsets, term);
    if (this.contextScratch.length !== D) this.contextScratch = new Float64Array(D);
    const c = this.contextScratch;
    c.set(ctx.bagVector!);
    const beta = this.params.embDoc ?? 0;
    const own = ctx.exclude >= 0 ? term.row(ctx.exclude) : -1;
    // The target's own vector leans towards its commonest sense: it leaves the context (where it was counted).
    if (own >= 0 && sortedHas(ctx.bag, ctx.exclude)) term.add(own, -this.vectorWeight(ctx.exclude), c, 0, D);
    if (beta > 0 && ctx.docVector !== undefined && term === this.terms.own) {
      const dv = ctx.docVector;
      for (let d = 0; d < D; d++) c[d] += beta * dv[d];
      if (own >= 0 && ctx.doc !== undefined && (ctx.docSet !== undefined ? ctx.docSet[ctx.exclude] === 1 : sortedHas(ctx.doc, ctx.exclude))) {
        term.add(own, -beta * this.vectorWeight(ctx.exclude), c, 0, D);
      }
    }
    addCosines(c, D, senseVectors, synsets.length, lambdaEmb, sums);
  }

  /**
   * Adds λ_sense · cos(c', e(s)) to sums[k] for each sense: c' the sentence's vector in the shared vectors
   * without the target's own lemma, e(s) the sense's embedding (a sense without one adds 0).
   */
  private addSenseEmbeddingScores(table: SenseTable, synsets: Int32Array, ctx: FeatureContext, lambdaSense: number, sums: Float64Array): void {
    const term = this.terms.shared!;
    const D = term.dim;
    let rows = table.senseEmbeddings;
    if (rows === undefined) {
      rows = table.senseEmbeddings = this.senseEmbeddings!.rowsOf(synsets);
      this.tables.grow(synsets, rows.byteLength);
    }
    if (this.contextScratch.length !== D) this.contextScratch = new Float64Array(D);
    const c = this.contextScratch;
    c.set(ctx.senseVector!);
    const own = ctx.exclude >= 0 ? term.row(ctx.exclude) : -1;
    if (own >= 0 && sortedHas(ctx.bag, ctx.exclude)) term.add(own, -this.vectorWeight(ctx.exclude), c, 0, D);
    addCosines(c, D, rows, synsets.length, lambdaSense, sums);
  }

  /**
   * The senses' unit vectors: Σ over the features each sense has seen of
   * gain × the feature's word vector (collocations have none), scaled to unit
   * length; zero for a sense none of whose features has a vector.
   */
  private senseVectorsOf(table: SenseTable, synsets: Int32Array, term: TermVectors): Float32Array {
    const D = this.dimsOf(term);
    const sum = new Float64Array(synsets.length * D);
    const { low, blockStart, sense } = table;
    for (let h = 0; h + 1 < blockStart.length; h++) {
      const end = blockStart[h + 1];
      for (let e = blockStart[h]; e < end; ) {
        const f = (h << 16) | low[e];
        const row = term.row(f);
        const to = rowEnd(low, e, end);
        if (row >= 0) for (; e < to; e++) term.add(row, gainAt(table, e, f), sum, sense[e] * D, D);
        e = to;
      }
    }
    const out = new Float32Array(synsets.length * D);
    for (let k = 0; k < synsets.length; k++) {
      let norm = 0;
      for (let d = 0; d < D; d++) norm += sum[k * D + d] ** 2;
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < D; d++) out[k * D + d] = sum[k * D + d] * inv;
    }
    table.senseVectors = out;
    table.senseVectorsTerm = term;
    this.tables.grow(synsets, out.byteLength);
    return out;
  }

  /**
   * A feature's weight in a context vector: −log p(f), p(f) its background probability, as
   * log α − log(α·p(f)) (embIdf; 1 for every feature without it). Computed when read rather than
   * kept per feature (1.3 MB): a sentence's vector reads it for its few tens of features.
   */
  private vectorWeight(f: number): number {
    return this.logAlpha === undefined ? 1 : this.logAlpha - this.smoothing.logAlphaP[f];
  }

  /**
   * A context's vector: Σ weight(f) · vector(f) over the features that have
   * a vector (the target's own lemma is taken out at scoring). Undefined
   * without vectors or when no part of speech weighs them.
   */
  contextVector(features: ArrayLike<number>, source: TermVectorsSource = 'own'): Float64Array | undefined {
    const term = this.terms[source];
    if (term === undefined) return undefined;
    const D = this.dimsOf(term);
    const out = new Float64Array(D);
    for (let i = 0; i < features.length; i++) {
      const f = features[i];
      const row = term.row(f);
      if (row >= 0) term.add(row, this.vectorWeight(f), out, 0, D);
    }
    return out;
  }

  /** Whether the vector term is on for some part of speech (and the model has vectors). */
  readsVectors(): boolean {
    return this.vectorsOn;
  }

  /** Whether the vector term is on for this part of speech's words (and the model has vectors). */
  readsVectorsFor(pos: WordNetPos | undefined): boolean {
    return this.vectorSourceFor(pos) !== undefined;
  }

  /** The table of vectors this part of speech's term reads (the one its context vector is built from); undefined where it reads none. */
  vectorSourceFor(pos: WordNetPos | undefined): TermVectorsSource | undefined {
    const params = this.paramsFor(pos);
    const source = params.embVectors ?? 'own';
    return (params.lambdaEmb ?? 0) > 0 && this.terms[source] !== undefined ? source : undefined;
  }

  /** Whether the sense embeddings' term is on for this part of speech's words (then callers give senseVector). */
  readsSenseEmbeddingsFor(pos: WordNetPos | undefined): boolean {
    return this.sensesOn && (this.paramsFor(pos).lambdaSense ?? 0) > 0;
  }

  /** The sense embeddings the model was given, if any (the build and sweeps pass them on). */
  get embeddingsOfSenses(): SenseEmbeddings | undefined {
    return this.senseEmbeddings;
  }

  /** Whether the document's bag feeds the context vector (then callers build docVector). */
  readsDocumentVector(): boolean {
    return this.terms.own !== undefined && (this.params.embDoc ?? 0) > 0;
  }

  /** The prior alone (no context): SemCor tag counts smoothed towards WordNet's sense order; sums to 1. */
  prior(tagCounts: Float32Array, pos?: WordNetPos): Float64Array {
    const { mu } = this.paramsFor(pos);
    return priorMasses(tagCounts, mu, this.params.rankByCounts === true, new Float64Array(tagCounts.length));
  }

  /** How many features the model knows (feature ids are below it). */
  get vocabularySize(): number {
    return this.ids.size;
  }

  /** Whether any part of speech gives the document's bag a weight (else callers need not build it). */
  readsDocument(): boolean {
    const { lambdaDoc, byPos } = this.params;
    return (lambdaDoc ?? 0) > 0 || Object.values(byPos ?? {}).some((p) => (p?.lambdaDoc ?? 0) > 0);
  }

  /**
   * The lemma's local classifier's log-probabilities over its `senses` senses for these features
   * (wsd-local-features.ts), or undefined where its part of speech does not weigh them or it has none.
   */
  localLogProbabilities(synsets: Int32Array, lemma: string, pos: WordNetPos, features: () => Int32Array): Float64Array | undefined {
    if (!this.localOn || !(this.paramsFor(pos).lambdaLocal! > 0)) return undefined;
    // Per candidate list (the store's array, one per lemma and part of speech): one map read with an object key.
    let c = this.localOf.get(synsets);
    if (c === undefined) {
      const found = this.local!.find(lemma, pos);
      // A classifier over another number of senses belongs to another WordNet: not read.
      c = found !== undefined && found.senses === synsets.length ? found : null;
      this.localOf.set(synsets, c);
    }
    if (c === null) return undefined;
    // One array per sense count, reused (FeatureContext.local is read before the next target's is built),
    // so that no typed array is allocated per target.
    const out = (this.localScratch[c.senses] ??= new Float64Array(c.senses));
    this.local!.logProbabilities(c, features(), out);
    return out;
  }

  /** Whether some part of speech weighs the local classifiers and the model has them. */
  readsLocal(): boolean {
    return this.localOn;
  }

  /** Whether any part of speech weighs the lemma's other occurrences in the document (one-sense-per-discourse.ts). */
  readsDiscourse(): boolean {
    const { lambdaDiscourse, byPos } = this.params;
    return (lambdaDiscourse ?? 0) > 0 || Object.values(byPos ?? {}).some((p) => (p?.lambdaDiscourse ?? 0) > 0);
  }

  /** Whether the model has a domains table and some part of speech weighs the document's domain (wsd-domains.ts). */
  readsDomains(): boolean {
    if (this.domains === undefined) return false;
    const { lambdaDomain, byPos } = this.params;
    return (lambdaDomain ?? 0) > 0 || Object.values(byPos ?? {}).some((p) => (p?.lambdaDomain ?? 0) > 0);
  }

  /** The weights for a part of speech: its overrides over the shared ones. */
  paramsFor(pos: WordNetPos | undefined): WsdParams {
    let params = this.posParams.get(pos);
    if (params === undefined) {
      const own = pos === undefined ? undefined : this.params.byPos?.[pos];
      params = own === undefined ? this.params : { ...this.params, ...own };
      this.posParams.set(pos, params);
    }
    return params;
  }

  /** log prior(s) = log((tags(s) + μ/rank(s)) / Σ), cached in the table for these counts and μ. */
  private logPriorOf(table: SenseTable, tagCounts: Float32Array, mu: number): Float64Array {
    const byCounts = this.params.rankByCounts === true;
    if (table.priorCounts === tagCounts && table.priorMu === mu && table.priorByCounts === byCounts) return table.logPrior;
    const prior = priorMasses(tagCounts, mu, byCounts, table.logPrior);
    for (let k = 0; k < prior.length; k++) prior[k] = Math.log(prior[k]);
    table.priorCounts = tagCounts;
    table.priorMu = mu;
    table.priorByCounts = byCounts;
    return table.logPrior;
  }

  /**
   * The lemma's SenseTable. Each entry's gain (gainAt, computed when read) is
   * log((1−α)·c/N + αp(f)) − log(αp(f)): the log-probability of the feature
   * under the sense, relative to one the sense never saw.
   */
  private senseTable(synsets: Int32Array): SenseTable {
    const cached = this.tables.get(synsets);
    if (cached !== undefined) return cached;
    const { start, mass } = this.weights;
    let entries = 0;
    for (const s of synsets) entries += start[s + 1] - start[s];
    if (synsets.length >= 1 << SENSE_BITS || entries >= 2 ** 31) {
      throw new Error(`WSD model: a lemma with ${synsets.length} senses and ${entries} weights is beyond the scoring table's layout`);
    }
    // The senses' entries, decoded once for both passes: sense k's are from[k]..from[k + 1) of feature and count.
    if (this.entryFeature.length < entries) {
      this.entryFeature = new Uint32Array(2 * entries);
      this.entryCount = new Uint16Array(2 * entries);
    }
    const feature = this.entryFeature;
    const count = this.entryCount;
    const from = new Int32Array(synsets.length + 1);
    for (let k = 0; k < synsets.length; k++) {
      this.weights.read(synsets[k], feature, count, from[k]);
      from[k + 1] = from[k] + start[synsets[k] + 1] - start[synsets[k]];
    }
    // The pairs in ascending feature order, and within a feature in entry order (so in sense order): sorted
    // by feature · 2^31 + entry, which a float64 holds exactly (features < 2^22, checked at load).
    if (this.entryKey.length < entries) this.entryKey = new Float64Array(2 * entries);
    const keys = this.entryKey.subarray(0, entries);
    if (this.entrySense.length < entries) this.entrySense = new Uint8Array(2 * entries);
    const entrySense = this.entrySense;
    for (let k = 0; k < synsets.length; k++) entrySense.fill(k, from[k], from[k + 1]);
    for (let e = 0; e < entries; e++) keys[e] = feature[e] * PAIR_SPAN + e;
    keys.sort();
    const low = new Uint16Array(entries);
    const blocks = entries === 0 ? 0 : (Math.floor(keys[entries - 1] / PAIR_SPAN) >>> 16) + 1;
    const blockStart = new Int32Array(blocks + 1);
    const sense = new Uint8Array(entries);
    const counts = new Uint16Array(entries);
    let rows = 0;
    let previous = -1;
    for (let at = 0, h = 0; at < entries; at++) {
      const f = Math.floor(keys[at] / PAIR_SPAN);
      const e = keys[at] - f * PAIR_SPAN;
      if (f !== previous) rows++;
      previous = f;
      // Blocks up to this feature's (empty ones included) start at this pair.
      while (h <= f >>> 16) blockStart[h++] = at;
      low[at] = f & 0xffff;
      sense[at] = entrySense[e];
      counts[at] = count[e];
    }
    blockStart[blocks] = entries;
    const scale = new Float64Array(synsets.length);
    for (let k = 0; k < synsets.length; k++) scale[k] = (1 - this.params.alpha) / (COUNT_SCALE * Math.max(mass[synsets[k]], 1e-9));
    const table: SenseTable = {
      sense,
      count: counts,
      scale,
      smoothing: this.smoothing,
      logPrior: new Float64Array(synsets.length),
      priorCounts: undefined,
      priorMu: NaN,
      priorByCounts: false,
      low,
      blockStart,
      rows,
      docSum: new Float64Array(synsets.length),
      docOf: undefined,
      docExclude: -1,
      senseVectors: undefined,
      senseVectorsTerm: undefined,
      senseEmbeddings: undefined,
    };
    const bytes = low.byteLength + blockStart.byteLength + sense.byteLength + counts.byteLength + scale.byteLength;
    this.tables.set(synsets, table, bytes);
    return table;
  }
}

/**
 * Adds each feature's row of gains to the per-sense sums (`exclude` and
 * negative ids left out), and the rows of the features `member` marks into
 * `marked` as well. Features in ascending order are found by one forward
 * pass over the rows; a feature below the one before restarts the search,
 * so any order gives the right rows (the sums' order is the features').
 */
function addRows(
  table: SenseTable,
  features: ArrayLike<number>,
  exclude: number,
  sums: Float64Array,
  member?: Uint8Array,
  marked?: Float64Array,
): void {
  const { low, blockStart, sense } = table;
  let at = 0;
  let previous = -1;
  for (let i = 0; i < features.length; i++) {
    const f = features[i];
    if (f === exclude || f < 0) continue;
    if (f < previous) at = 0;
    previous = f;
    const h = f >>> 16;
    if (h + 1 >= blockStart.length) continue;
    // Within f's block, by its low bits (pairs before the block are lower features, past it higher ones).
    const end = blockStart[h + 1];
    const lowBits = f & 0xffff;
    at = lowerBound(low, lowBits, Math.max(at, blockStart[h]), end);
    if (at === end || low[at] !== lowBits) continue;
    const to = rowEnd(low, at, end);
    if (member && marked && member[f] === 1) {
      for (let e = at; e < to; e++) {
        const g = gainAt(table, e, f);
        sums[sense[e]] += g;
        marked[sense[e]] += g;
      }
    } else for (let e = at; e < to; e++) sums[sense[e]] += gainAt(table, e, f);
  }
}

/** The end of the row that starts at pair e (of a block that ends at `end`): the first pair past it of another feature. */
function rowEnd(low: Uint16Array, e: number, end: number): number {
  const bits = low[e];
  let to = e + 1;
  while (to < end && low[to] === bits) to++;
  return to;
}

/**
 * Pair e's gain (in feature f's row): log((1−α)·c/N + α·p(f)) − log(α·p(f)),
 * the expression the tables once stored, so every sum is the same to the bit.
 */
function gainAt(table: SenseTable, e: number, f: number): number {
  return Math.log(table.count[e] * table.scale[table.sense[e]] + alphaP(table.smoothing, f)) - table.smoothing.logAlphaP[f];
}

/**
 * The first index in from … n − 1 of the ascending run sorted[0 … n) whose
 * value is ≥ `value` (n if none): steps of 1, 2, 4 … from `from`, then
 * bisection of the last step, so a nearby row costs a few reads and a far
 * one about 2·log2 of the distance.
 */
function lowerBound(sorted: Uint16Array, value: number, from: number, n: number): number {
  if (from >= n || sorted[from] >= value) return from;
  let lo = from;
  let step = 1;
  let hi = lo + step;
  while (hi < n && sorted[hi] < value) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > n) hi = n;
  // sorted[lo] < value; hi is n or sorted[hi] ≥ value.
  lo++;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A long document's bag (its most repeated lemmas, marked in `member`) is
 * summed by a scan of the lemma's rows when they are at most this many per
 * bag feature, else by a search per bag feature (addRows): the scan reads the
 * rows' features front to back and a membership table the document's targets
 * share, with no search (the median noun's table has ~400 rows; the bag is
 * 128 features).
 */
const SCAN_ROWS_PER_FEATURE = 16;

/**
 * addRows over the features `member` marks (all of them, `exclude` left out),
 * visiting the table's rows in ascending feature order: the same sums as
 * addRows over those features in ascending order.
 */
function addMarkedRows(table: SenseTable, member: Uint8Array, exclude: number, sums: Float64Array): void {
  const { low, blockStart, sense } = table;
  for (let h = 0; h + 1 < blockStart.length; h++) {
    for (let e = blockStart[h], end = blockStart[h + 1]; e < end; e++) {
      const f = (h << 16) | low[e];
      if (member[f] !== 1 || f === exclude) continue;
      sums[sense[e]] += gainAt(table, e, f);
    }
  }
}

/** Whether the ascending array holds `value` (bisection). */
function sortedHas(sorted: ArrayLike<number>, value: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] === value;
}

/** The values sorted ascending, each once. */
export function sortedDistinct(ids: Int32Array): Int32Array {
  if (ids.length < 2) return ids;
  const sorted = ids.slice().sort();
  let n = 1;
  for (let i = 1; i < sorted.length; i++) if (sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i];
  return n === sorted.length ? sorted : sorted.slice(0, n);
}

/** prior(s) = (tags(s) + μ/rank(s)) / Σ for each sense, written to `out` (as long as tagCounts) and returned. */
function priorMasses(tagCounts: Float32Array, mu: number, byCounts: boolean, out: Float64Array): Float64Array {
  let total = 0;
  for (let k = 0; k < out.length; k++) total += out[k] = tagCounts[k] + mu / (byCounts ? rankByCounts(tagCounts, k) : k + 1);
  for (let k = 0; k < out.length; k++) out[k] /= total;
  return out;
}

/** The rank (1 = first) of sense k by its tag count, ties in WordNet's order (WsdParams.rankByCounts). */
function rankByCounts(tagCounts: Float32Array, k: number): number {
  let rank = 1;
  for (let j = 0; j < tagCounts.length; j++) if (tagCounts[j] > tagCounts[k] || (tagCounts[j] === tagCounts[k] && j < k)) rank++;
  return rank;
}

/**
 * Adds λ · (c · rows[k]) / |c| to sums[k] for each of `count` rows of width D: λ times the cosine of the
 * context c with each sense's unit vector (a zero row adds 0); nothing when c is (nearly) zero.
 */
function addCosines(c: Float64Array, D: number, rows: Float32Array, count: number, lambda: number, sums: Float64Array): void {
  let norm = 0;
  for (let d = 0; d < D; d++) norm += c[d] * c[d];
  if (!(norm > 1e-12)) return;
  const scale = lambda / Math.sqrt(norm);
  for (let k = 0; k < count; k++) {
    let dot = 0;
    const at = k * D;
    for (let d = 0; d < D; d++) dot += rows[at + d] * c[d];
    sums[k] += scale * dot;
  }
}
