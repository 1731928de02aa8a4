/**
 * Bring-your-own NER: a local Hugging Face token-classification model (ONNX
 * export) run with transformers.js in place of the shipped recognizer
 * (ner.ts). Its mentions go to the same layer, so linking, types, filters
 * and rules work unchanged.
 *
 * - `@huggingface/transformers` is an optional peer dependency, imported
 *   only when such a model is configured. The directory's files and the
 *   package come through the platform seam (#platform/transformer-ner.js),
 *   so this module runs on any platform and a browser refuses with a 400.
 * - Nothing is fetched: remote models are switched off and the directory is
 *   passed as an absolute local path with local_files_only.
 * - Subwords: each textlens token is encoded on its own (word-by-word
 *   encoding, cached per form) and the model's label for its first piece is
 *   the token's label, as Hugging Face token classifiers are trained. So
 *   labels land on textlens' own tokens exactly, with no character-offset
 *   alignment, whatever the tokenizer (WordPiece, BPE, SentencePiece).
 * - Sentences longer than the model's positions are cut into overlapping
 *   windows (transformer-windows.ts), never truncated.
 *
 * Mention score: the mean, over the mention's tokens, of the softmax
 * probability of each token's chosen label.
 */
import { importTransformers } from '#platform/transformer-ner.js';
import { AnalysisError } from '../errors.js';
import type { Annotator } from './annotator.js';
import { nerAnnotator, type MentionRecognizer, type SentenceMention } from './ner.js';
import { checkTransformerModelDir, type TransformerModelDir } from './transformer-model-dir.js';
import { labelSpans, type ParsedLabel } from './transformer-labels.js';
import { pieceWindows, type PieceWindow } from './transformer-windows.js';

type Transformers = typeof import('@huggingface/transformers');

export interface TransformerNerOptions {
  /** Intra-op threads of onnxruntime (default 1, like the shipped models). */
  threads?: number;
  /** Windows per model call (default 16). */
  batchRows?: number;
}

/** What a recognizer knows about its model, for reports. */
export interface TransformerRecognizer extends MentionRecognizer {
  readonly model: TransformerModelDir;
}

/** One model input row: a window of one sentence. */
interface Row {
  sentence: number;
  window: PieceWindow;
  ids: number[];
  /** Position in `ids` of the first piece of each word in [window.first, window.end). */
  firsts: number[];
}

const WORD_CACHE_LIMIT = 100_000;

export async function loadTransformerRecognizer(dirOption: string, opts: TransformerNerOptions = {}): Promise<TransformerRecognizer> {
  const model = checkTransformerModelDir(dirOption);
  const tf = await importTransformers();
  // Offline by construction: never ask the Hub, never write a cache.
  tf.env.allowRemoteModels = false;
  tf.env.allowLocalModels = true;
  tf.env.useFSCache = false;
  tf.env.useBrowserCache = false;
  const path = model.dir;
  let tokenizer: Awaited<ReturnType<Transformers['AutoTokenizer']['from_pretrained']>>;
  let net: Awaited<ReturnType<Transformers['AutoModelForTokenClassification']['from_pretrained']>>;
  try {
    tokenizer = await tf.AutoTokenizer.from_pretrained(path, { local_files_only: true });
    net = await tf.AutoModelForTokenClassification.from_pretrained(path, {
      local_files_only: true,
      device: 'cpu',
      dtype: 'fp32',
      session_options: { intraOpNumThreads: opts.threads ?? 1, interOpNumThreads: 1 },
    });
  } catch (e) {
    throw new AnalysisError(500, `transformer NER model in ${path} could not be loaded by transformers.js: ${(e as Error).message}`, 'ner.transformers');
  }

  // The special tokens around one sequence ([CLS] … [SEP], <s> … </s>), found by encoding one word both ways.
  const bare = tokenizer.encode('a', { add_special_tokens: false });
  const full = tokenizer.encode('a', { add_special_tokens: true });
  let at = -1;
  for (let i = 0; i + bare.length <= full.length && at < 0; i++) if (bare.every((id, k) => full[i + k] === id)) at = i;
  if (at < 0) throw new AnalysisError(500, `transformer NER model in ${path}: the tokenizer's special tokens could not be located`, 'ner.transformers');
  const prefix = full.slice(0, at);
  const suffix = full.slice(at + bare.length);
  const budget = model.maxLength - prefix.length - suffix.length;
  if (budget < 1) throw new AnalysisError(500, `transformer NER model in ${path}: model_max_length ${model.maxLength} leaves no room for text`, 'ner.transformers');
  const unk = tokenizer.unk_token_id ?? tokenizer.pad_token_id ?? 0;
  const pad = tokenizer.pad_token_id ?? 0;
  const rowsPerCall = Math.max(1, opts.batchRows ?? 16);
  const L = model.labels.length;

  const cache = new Map<string, number[]>();
  function pieces(word: string): number[] {
    let ids = cache.get(word);
    if (!ids) {
      ids = tokenizer.encode(word, { add_special_tokens: false });
      // A token the normalizer erases entirely (a control character) still needs a slot.
      if (ids.length === 0) ids = [unk];
      // Only the first piece is read; a word longer than a window keeps its first pieces.
      if (ids.length > budget) ids = ids.slice(0, budget);
      if (cache.size >= WORD_CACHE_LIMIT) cache.clear();
      cache.set(word, ids);
    }
    return ids;
  }

  function rowsOf(sentences: readonly (readonly string[])[]): Row[] {
    const rows: Row[] = [];
    sentences.forEach((words, sentence) => {
      const ids = words.map(pieces);
      for (const window of pieceWindows(ids.map((p) => p.length), budget)) {
        const row: number[] = [...prefix];
        const firsts: number[] = [];
        for (let w = window.first; w < window.end; w++) {
          firsts.push(row.length);
          row.push(...ids[w]);
        }
        row.push(...suffix);
        rows.push({ sentence, window, ids: row, firsts });
      }
    });
    return rows;
  }

  /** Logits of each row, [piece][label] flattened. Rows of similar length share a call. */
  async function logits(rows: readonly Row[]): Promise<Float32Array[]> {
    const out: Float32Array[] = new Array(rows.length);
    const order = rows.map((_, i) => i).sort((a, b) => rows[a].ids.length - rows[b].ids.length);
    for (let k = 0; k < order.length; k += rowsPerCall) {
      const batch = order.slice(k, k + rowsPerCall);
      const width = rows[batch[batch.length - 1]].ids.length;
      const ids = new BigInt64Array(batch.length * width).fill(BigInt(pad));
      const mask = new BigInt64Array(batch.length * width);
      batch.forEach((r, b) => {
        rows[r].ids.forEach((id, t) => {
          ids[b * width + t] = BigInt(id);
          mask[b * width + t] = 1n;
        });
      });
      const result = (await net({
        input_ids: new tf.Tensor('int64', ids, [batch.length, width]),
        attention_mask: new tf.Tensor('int64', mask, [batch.length, width]),
      })) as { logits?: { data: unknown; dims: number[] } };
      const data = result.logits?.data;
      if (!(data instanceof Float32Array) || result.logits?.dims.at(-1) !== L) {
        throw new AnalysisError(500, `transformer NER model in ${path}: the model gave no float logits over its ${L} labels`, 'ner.transformers');
      }
      batch.forEach((r, b) => {
        out[r] = data.subarray(b * width * L, (b + 1) * width * L);
      });
    }
    return out;
  }

  return {
    model,
    async recognize(sentences) {
      const rows = rowsOf(sentences);
      const scores = await logits(rows);
      const chosen: ParsedLabel[][] = sentences.map((s) => new Array<ParsedLabel>(s.length));
      const probs: Float64Array[] = sentences.map((s) => new Float64Array(s.length));
      rows.forEach((row, r) => {
        const { window } = row;
        for (let w = window.ownFirst; w < window.ownEnd; w++) {
          const at = row.firsts[w - window.first] * L;
          const [best, p] = argmaxSoftmax(scores[r], at, L);
          chosen[row.sentence][w] = model.labels[best];
          probs[row.sentence][w] = p;
        }
      });
      return chosen.map((labels, s): SentenceMention[] =>
        labelSpans(labels).map(({ start, end, type }) => {
          let sum = 0;
          for (let t = start; t < end; t++) sum += probs[s][t];
          return { start, end, label: type, score: sum / (end - start) };
        }),
      );
    },
  };
}

/** Index and softmax probability of the largest of x[at .. at+n). */
function argmaxSoftmax(x: Float32Array, at: number, n: number): [number, number] {
  let best = 0;
  for (let i = 1; i < n; i++) if (x[at + i] > x[at + best]) best = i;
  let z = 0;
  for (let i = 0; i < n; i++) z += Math.exp(x[at + i] - x[at + best]);
  return [best, 1 / z];
}

/** The recognizer as the pipeline's `ner` annotator, in place of the shipped one (registry.ts). */
export async function createTransformerNer(dir: string, opts: TransformerNerOptions = {}): Promise<Annotator> {
  return nerAnnotator(await loadTransformerRecognizer(dir, opts));
}
