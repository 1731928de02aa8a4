/**
 * Word-level codes that the tagger (and, where trained with them, the
 * parser) embed directly, without hashing: WordNet's classes of the form
 * (src/lexicon/word-classes.ts) and the distributional cluster of its norm
 * (training/wordclusters → word-clusters.bin). They depend on the word alone.
 */
import { AnalysisError } from '../errors.js';
import { wordNetClasses } from '../lexicon/word-classes.js';
import { WordNetLexicon } from '../lexicon/wordnet.js';
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import { featureId } from './features.js';

export type LexicalTableName = 'wordnetParts' | 'wordnetDominant' | 'clusterCoarse' | 'clusterFine';

export interface LexicalSources {
  /** Whether WordNet codes are used (they read the lemmatizer's lexicon, models/lexicon). */
  wordnet: boolean;
  /** The cluster file (sorted uint32 norm ids, then uint16 fine cluster ids + 1) and fine clusters per coarse one. */
  clusters: { file: string; finePer: number } | null;
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

/** Cluster files already read, per loader and path: the tagger and the parser share one map. */
const CLUSTER_MAPS: LoadRegistry<Map<number, number>> = new WeakMap();

function clusterMap(loader: ResourceLoader, path: string): Promise<Map<number, number>> {
  return loadOnce(CLUSTER_MAPS, loader, path, () => readClusterMap(loader, path));
}

async function readClusterMap(loader: ResourceLoader, path: string): Promise<Map<number, number>> {
  const bytes = await loader.bytes(path);
  const n = bytes.byteLength / 6;
  if (!Number.isInteger(n)) throw new AnalysisError(500, `${path}: size ${bytes.byteLength} is not a multiple of 6`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const map = new Map<number, number>();
  for (let i = 0; i < n; i++) map.set(view.getUint32(4 * i, true), view.getUint16(4 * n + 2 * i, true));
  return map;
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
): Promise<LexicalCoder> {
  const wordnet = sources.wordnet ? await WordNetLexicon.load(loader) : undefined;
  const clusters = sources.clusters ? await clusterMap(loader, clusterPath ?? sources.clusters.file) : undefined;
  const finePer = sources.clusters?.finePer ?? 1;
  return (word) => {
    const classes = wordnet ? wordNetClasses(word, wordnet) : undefined;
    const fine = clusters?.get(clusterKey(word)) ?? 0;
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
  return name === 'wordnetParts' || name === 'wordnetDominant' || name === 'clusterCoarse' || name === 'clusterFine';
}
