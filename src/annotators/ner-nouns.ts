/**
 * The common-noun columns of a NER model that declares them (meta.json
 * `commonNouns`: the German pack's). German capitalizes every noun, so a
 * capital letter mid-sentence is no evidence of a name there; two dense
 * columns after the shared ones (ner-features.ts, DENSE_DIM) tell the model
 * which capitalized words are the language's common nouns:
 *
 *   known  a capitalized word (upper-case first letter, some lower-case
 *          letter) that is one of the listed noun forms
 *   head   else, one that ends in a listed noun (its first letter upper-
 *          cased) after a modifier of at least `minModifier` characters, the
 *          head at least `minHead` long: Bundes|regierung, EU-|Kommission
 *
 * Models without the declaration get no extra columns: their inputs stay as
 * they are. Twin of noun_columns in training/ner-ud/train.py; the pack's
 * parity fixture (test/fixtures/ner-ud/deu-parity.json) checks both agree.
 */
import type { ResourceLoader } from '../resources/loader.js';
import { gunzipText } from '../semantics/gzip.js';

/** meta.json `commonNouns`. */
export interface CommonNounsMeta {
  /** Noun forms beside meta.json, one per line, gzip. */
  file: string;
  /** The column names, in order (documentation: 'known', 'head'). */
  columns: string[];
  minModifier: number;
  minHead: number;
  /** Where the list comes from, and its licence. */
  source?: string;
}

/** Dense columns the declaration adds. */
export const NOUN_COLUMNS = 2;

/** Word forms whose columns are remembered (running text repeats its words). */
const CACHE_LIMIT = 200_000;

const FIRST_UPPER = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;

/** A word's two columns as a bit mask: 1 known, 2 head. */
export type NounColumns = (word: string) => number;

/** The columns over a set of noun forms (exported for tests; the runtime loads them with loadCommonNouns). */
export function nounColumns(nouns: ReadonlySet<string>, meta: Pick<CommonNounsMeta, 'minModifier' | 'minHead'>): NounColumns {
  const cache = new Map<string, number>();
  return (word) => {
    let mask = cache.get(word);
    if (mask !== undefined) return mask;
    mask = 0;
    if (FIRST_UPPER.test(word) && HAS_LOWER.test(word)) {
      if (nouns.has(word)) mask = 1;
      else {
        // Code points, as the trainer (Python) indexes the word.
        const chars = Array.from(word);
        for (let i = meta.minModifier; i <= chars.length - meta.minHead; i++) {
          if (nouns.has(chars[i].toUpperCase() + chars.slice(i + 1).join(''))) {
            mask = 2;
            break;
          }
        }
      }
    }
    if (cache.size < CACHE_LIMIT) cache.set(word, mask);
    return mask;
  };
}

export async function loadCommonNouns(loader: ResourceLoader, dir: string, meta: CommonNounsMeta): Promise<NounColumns> {
  const text = await gunzipText(await loader.bytes(`${dir}/${meta.file}`));
  return nounColumns(new Set(text.split('\n').filter((w) => w.length > 0)), meta);
}

/**
 * The noun columns of a document's sentences, written into `out` (row-major, `dim` floats per token slot)
 * at columns `base` and `base + 1` of the given token offsets.
 */
export function writeNounColumns(
  sentences: readonly (readonly string[])[],
  columns: NounColumns,
  out: Float32Array,
  offsets: readonly number[],
  dim: number,
  base: number,
): void {
  sentences.forEach((words, s) => {
    words.forEach((w, i) => {
      const mask = columns(w);
      if (mask === 0) return;
      const at = (offsets[s] + i) * dim + base;
      if (mask & 1) out[at] = 1;
      if (mask & 2) out[at + 1] = 1;
    });
  });
}
