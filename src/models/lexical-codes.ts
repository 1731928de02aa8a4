/**
 * Word-level codes that the tagger (and, where trained with them, the
 * parser) embed directly, without hashing: WordNet's classes of the form
 * (src/lexicon/word-classes.ts) and the distributional cluster of its norm
 * (training/wordclusters → word-clusters.bin), and for the language packs the
 * set of parts of speech a lexicon gives the form (training/tagger-ud/lexicon.py
 * → lexicon-pos.bin, the cluster file's layout). They depend on the word alone.
 */
import { AnalysisError } from '../errors.js';
import { wordNetClasses } from '../lexicon/word-classes.js';
import { WordNetLexicon } from '../lexicon/wordnet.js';
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import { featureId } from './features.js';

export type LexicalTableName = 'wordnetParts' | 'wordnetDominant' | 'clusterCoarse' | 'clusterFine' | 'lexiconPos';

export interface LexicalSources {
  /** Whether WordNet codes are used (they read the lemmatizer's lexicon, models/lexicon). */
  wordnet: boolean;
  /** The cluster file (sorted uint32 norm ids, then uint16 fine cluster ids + 1) and fine clusters per coarse one. */
  clusters: { file: string; finePer: number } | null;
  /**
   * The lexicon class file (the cluster file's layout: sorted uint32 norm keys, then a uint16 class code per key;
   * a form it does not list has code 0), and each code's parts of speech from code 1 on, for people reading meta.json.
   */
  lexicon?: { file: string; classes: string[][] } | null;
}

/** The codes of a word, one per requested table. */
export type LexicalCoder = (word: string) => number[];

/**
 * The key of a word in a cluster file: its norm's featurizer id + 1 over
 * 2^31 - 1 buckets (training/wordclusters writes the same ids).
 */
export function clusterKey(word: string): number {
  return featureId({ name: 'norm', buckets: 2147483647 }, word) + 1;
}

/** A cluster file's lookup: a norm key's fine cluster id + 1, 0 when the file does not list it. */
export type ClusterLookup = (key: number) => number;

/** Cluster files already read, per loader and path: the tagger and the parser share one table. */
const CLUSTER_TABLES: LoadRegistry<ClusterLookup> = new WeakMap();

function clusterTable(loader: ResourceLoader, path: string): Promise<ClusterLookup> {
  return loadOnce(CLUSTER_TABLES, loader, path, async () => clusterLookup(await loader.bytes(path), path));
}

/**
 * The file's two columns as typed arrays, searched by bisection: the keys are
 * sorted, so no Map of its ~38,000 entries is built (2.1 MB of JS heap and a
 * pass at load time). Lookups happen once per word type, before the tagger's
 * and the parser's caches.
 */
export function clusterLookup(bytes: Uint8Array, path: string): ClusterLookup {
  const n = bytes.byteLength / 6;
  if (!Number.isInteger(n)) throw new AnalysisError(500, `${path}: size ${bytes.byteLength} is not a multiple of 6`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keys = new Uint32Array(n);
  const fine = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = view.getUint32(4 * i, true);
    fine[i] = view.getUint16(4 * n + 2 * i, true);
    if (i > 0 && keys[i] <= keys[i - 1]) throw new AnalysisError(500, `${path}: keys are not sorted and distinct at entry ${i}`);
  }
  return (key) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < n && keys[lo] === key ? fine[lo]! : 0;
  };
}

/**
 * Loads what the codes need. `clusterPath` is the cluster file's path under
 * the models root; `rows` bounds each table's codes (a model/file mismatch
 * fails loudly instead of reading a wrong row).
 */
export async function loadLexicalCoder(
  loader: ResourceLoader,
  tables: readonly { name: LexicalTableName; rows: number }[],
  sources: LexicalSources,
  clusterPath?: string,
  lexiconPath?: string,
): Promise<LexicalCoder> {
  const wordnet = sources.wordnet ? await WordNetLexicon.load(loader) : undefined;
  const clusters = sources.clusters ? await clusterTable(loader, clusterPath ?? sources.clusters.file) : undefined;
  const finePer = sources.clusters?.finePer ?? 1;
  // the same reader as the cluster file's: the lexicon's keys and codes share its layout
  const lexicon = sources.lexicon ? await clusterTable(loader, lexiconPath ?? sources.lexicon.file) : undefined;
  return (word) => {
    const classes = wordnet ? wordNetClasses(word, wordnet) : undefined;
    const fine = clusters ? clusters(clusterKey(word)) : 0;
    return tables.map((t) => {
      let code: number;
      switch (t.name) {
        case 'wordnetParts':
          code = classes?.parts ?? 0;
          break;
        case 'wordnetDominant':
          code = classes?.dominant ?? 0;
          break;
        case 'clusterCoarse':
          code = fine === 0 ? 0 : Math.floor((fine - 1) / finePer) + 1;
          break;
        case 'clusterFine':
          code = fine;
          break;
        case 'lexiconPos':
          code = lexicon ? lexicon(clusterKey(word)) : 0;
          break;
        default:
          throw new AnalysisError(500, `unknown lexical table in a model's meta.json: ${String(t.name)}`);
      }
      if (code >= t.rows) throw new AnalysisError(500, `lexical code ${code} out of range for ${t.name} (${t.rows} rows)`);
      return code;
    });
  };
}

/** Whether a feature name in a meta.json is one of the lexical tables. */
export function isLexicalTable(name: string): name is LexicalTableName {
  return (
    name === 'wordnetParts' || name === 'wordnetDominant' || name === 'clusterCoarse' || name === 'clusterFine' || name === 'lexiconPos'
  );
}
