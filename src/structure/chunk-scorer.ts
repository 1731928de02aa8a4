/**
 * The chunker at inference: the same model and features as np-chunker.ts
 * (ChunkFeaturizer + viterbi, which training uses), computed for speed.
 *
 * The shipped emission weights are int8, so a word's emission score is an
 * exact integer sum over its 24 features, and any grouping of the sum gives
 * the same number. So the features that depend only on a few small values
 * are summed once and kept in tables instead of being hashed and looked up
 * per word: the word form's four (word, suffix, shape, fine cluster) in the
 * form's memo entry, the bias and the five rule-tag templates in a table of
 * the 4^5 rule-tag windows, and the templates over tags and relations
 * (XPOS −2; XPOS −1 × XPOS; relation × XPOS; relation × next relation;
 * links × rule tag × XPOS) in tables filled on first use; the word + XPOS
 * and cluster + XPOS templates with the form, for the tag it last had.
 * Four templates remain looked up per word. The form's entry itself is found
 * by the doc's word-type ids (Doc.wordTypes, which the tagger sets) where it
 * has them — an array index instead of hashing the word again, which cost
 * ~0.1 µs per word here — and by the form's string otherwise.
 * The result is the reference path's, bit for bit (test/structure/
 * chunk-scorer.test.ts); it differs only in speed.
 *
 * Tags and relations get small ids (0 is "outside the sentence"); a
 * sentence with a label beyond the tables' MAX_LABELS ids (which no tagger
 * here produces) is scored by the reference path.
 */
import type { WordTypeIds } from '../doc/doc.js';
import { fnv1a, shape } from '../models/features.js';
import { walkedNounPhrases } from './noun-phrases.js';
import { ChunkFeaturizer, PAD, decodeTags, headClass, spansOfTags, tagsOfPhrases, viterbi, type ChunkerWeights, type ClusterCoder } from './np-chunker.js';
import type { PhraseSpan } from '../doc/layers.js';
import type { TreeLayers } from './tree-layers.js';
import { pennConventions } from './penn-conventions.js';

const GOLDEN = 0x9e3779b1;
/** Ids per label kind (XPOS, relation); id 0 stands for PAD. */
const MAX_LABELS = 128;
/** Bound on the form memo (as the featurizer's): an open vocabulary must not grow it without end. */
const MEMO_LIMIT = 50_000;
/** Marks a table entry not yet summed (no sum of 24 int8 weights comes near it). */
const EMPTY = -0x40000000;

/** One step of the feature hash (np-chunker.ts wordFeatures writes it out inline). */
function mix(h: number, v: number): number {
  let x = Math.imul(h ^ v, GOLDEN);
  x ^= x >>> 15;
  return x;
}

/** What a word form contributes whatever its context: codes the context templates combine, and its form-only templates' summed weights. */
interface FormEntry {
  word: number;
  shape: number;
  coarse: number;
  /** Summed weights (O, B-NP, I-NP) of the word, suffix, shape and fine-cluster templates. */
  o: number;
  b: number;
  i: number;
  /** The XPOS id the form last had (-1: none yet), and the summed word + XPOS and coarse cluster + XPOS templates with it: most words keep their tag. */
  x: number;
  xo: number;
  xb: number;
  xi: number;
}

/** Whether the phrases are those noted (see ChunkScorer.note): the same count and (start, end, head), in order. */
function sameSpans(noted: Int32Array, phrases: readonly PhraseSpan[]): boolean {
  if (noted[0] !== phrases.length) return false;
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    if (p.start !== noted[3 * k + 1] || p.end !== noted[3 * k + 2] || p.head !== noted[3 * k + 3]) return false;
  }
  return true;
}

export class ChunkScorer {
  private readonly mask: number;
  private readonly em: Int8Array;
  private readonly forms = new Map<string, FormEntry>();
  /** The form entries by word-type id, for the id space `typeSpace` (see sentence()). */
  private byType: (FormEntry | undefined)[] = [];
  private typeSpace: object | undefined;
  private readonly xposIds = new Map<string, number>();
  private readonly deprelIds = new Map<string, number>();
  /** Hash of each label id (index 0: PAD). */
  private readonly xposHash = new Int32Array(MAX_LABELS);
  private readonly deprelHash = new Int32Array(MAX_LABELS);
  /** bias + rule-tag templates, per window (rpp, rp, r0, rn, rnn), each 0..2 or 3 for PAD: 1024 × 3. */
  private readonly ruleTable = new Int32Array(1024 * 3);
  /** XPOS −2 template per id. */
  private readonly xppTable = new Int32Array(MAX_LABELS * 3).fill(EMPTY);
  /** XPOS −1, XPOS, XPOS bigram per (previous id, id). */
  private readonly xposPairTable = new Int32Array(MAX_LABELS * MAX_LABELS * 3).fill(EMPTY);
  /** relation, relation + XPOS per (relation id, XPOS id). */
  private readonly relXposTable = new Int32Array(MAX_LABELS * MAX_LABELS * 3).fill(EMPTY);
  /** relation + next relation per (relation id, next relation id). */
  private readonly relPairTable = new Int32Array(MAX_LABELS * MAX_LABELS * 3).fill(EMPTY);
  /** links + XPOS, rule tag + XPOS per (links 0..15, rule tag, XPOS id). */
  private readonly linksRuleXposTable = new Int32Array(16 * 3 * MAX_LABELS * 3).fill(EMPTY);
  // per-sentence buffers, grown as needed
  private capacity = 0;
  private formOf: FormEntry[] = [];
  private xposId = new Int32Array(0);
  private deprelId = new Int32Array(0);
  private emissions = new Float64Array(0);
  private tags = new Uint8Array(0);
  private back = new Uint8Array(0);
  private rule = new Uint8Array(0);
  /** The current sentence's word-type ids (doc-indexed), if any. */
  private typeIds: Int32Array | undefined;
  /** note()'s buffer: a count, then (start, end, head) per phrase. */
  private noted = new Int32Array(64);
  /** The reference path, for sentences beyond the label tables. */
  private readonly featurizer: ChunkFeaturizer;

  constructor(
    private readonly weights: ChunkerWeights & { emission: Int8Array },
    private readonly clusters?: ClusterCoder,
  ) {
    this.mask = weights.buckets - 1;
    this.em = weights.emission;
    this.featurizer = new ChunkFeaturizer(weights.buckets, clusters);
    this.xposHash[0] = PAD;
    this.deprelHash[0] = PAD;
    const r = (c: number): number => (c === 3 ? PAD : c);
    for (let code = 0; code < 1024; code++) {
      const rpp = r(code >> 8), rp = r((code >> 6) & 3), r0 = r((code >> 4) & 3), rn = r((code >> 2) & 3), rnn = r(code & 3);
      this.sum(this.ruleTable, code, [1, mix(32, r0), mix(mix(33, rp), r0), mix(mix(34, r0), rn), mix(mix(mix(36, rpp), rp), r0), mix(mix(mix(37, r0), rn), rnn)]);
    }
  }

  /**
   * The chunker's noun phrases of one sentence over tokens [first, last) (as chunkSentence in np-chunker.ts).
   * `types`: the doc's word-type ids (Doc.wordTypes) of t's tokens, when it has them: they only make it faster.
   */
  sentence(t: TreeLayers, first: number, last: number, types?: WordTypeIds): PhraseSpan[] {
    const n = last - first;
    if (n <= 0) return [];
    this.grow(n);
    if (types !== undefined && types.space !== this.typeSpace) {
      // another tagger's numbering: what was kept by id belongs to the old one
      this.typeSpace = types.space;
      this.byType = [];
    }
    this.typeIds = types?.ids;
    // The rule walk's phrases (the features' rule tags), noting them before the conventions run: those may
    // change them in place.
    const walked = walkedNounPhrases(t, first, last);
    const before = this.note(walked);
    const ruled = pennConventions(t, walked, first, last);
    const rule = tagsOfPhrases(ruled, first, n, this.rule);
    // the tags fill the first n entries of a buffer reused from sentence to sentence
    const tags = this.tagSentence(t, first, last, rule) ?? viterbi(this.weights, this.featurizer.sentence(t, first, last), n);
    // (the walk's phrase objects are not read again once their tags are taken: the spans the chunker keeps reuse them)
    const spans = spansOfTags(t, tags, first, n, ruled);
    // The conventions are a pure function of the layers and the phrases' (start, end, head). Where they left
    // the walk's phrases as they were (most sentences) and the chunker's phrases are those same phrases,
    // running them again would give those phrases once more: the second run is skipped, not approximated.
    if (sameSpans(before, ruled) && sameSpans(before, spans)) return spans;
    return pennConventions(t, spans, first, last);
  }

  /** The phrases' (start, end, head) triples, in a buffer reused from sentence to sentence (valid until the next call). */
  private note(phrases: readonly PhraseSpan[]): Int32Array {
    if (this.noted.length < 3 * phrases.length + 1) this.noted = new Int32Array(Math.max(3 * phrases.length + 1, 2 * this.noted.length));
    const noted = this.noted;
    noted[0] = phrases.length;
    for (let k = 0; k < phrases.length; k++) {
      noted[3 * k + 1] = phrases[k].start;
      noted[3 * k + 2] = phrases[k].end;
      noted[3 * k + 3] = phrases[k].head;
    }
    return noted;
  }

  /** The Viterbi tags of the sentence, or undefined when a label has no id left (the caller takes the reference path). */
  private tagSentence(t: TreeLayers, first: number, last: number, rule: Uint8Array): Uint8Array | undefined {
    const n = last - first;
    const { formOf, xposId, deprelId, em, mask, typeIds } = this;
    for (let k = 0; k < n; k++) {
      const i = first + k;
      const id = typeIds === undefined ? -1 : typeIds[i];
      formOf[k] = id >= 0 && id < MEMO_LIMIT ? this.byType[id] ?? this.typedForm(id, t.tokens[i]) : this.form(t.tokens[i]);
      const x = this.labelId(this.xposIds, this.xposHash, t.xpos[i]);
      const d = this.labelId(this.deprelIds, this.deprelHash, t.deprel[i]);
      if (x < 0 || d < 0) return undefined;
      xposId[k] = x;
      deprelId[k] = d;
    }
    const e = this.emissions;
    // the tables and hashes in locals: the loop reads them for every word, and the lazy fills (this.sum) in it
    // are calls that would otherwise make the compiler reload them from `this` after each
    const { ruleTable: rt, xppTable: xt, xposPairTable: pt, relXposTable: dt, linksRuleXposTable: lt, relPairTable: rt2, xposHash, deprelHash } = this;
    const scale = this.weights.scale;
    const head = t.head;
    for (let k = 0; k < n; k++) {
      const i = first + k;
      const f = formOf[k];
      const x0 = xposId[k];
      const xp = k > 0 ? xposId[k - 1] : 0;
      const xpp = k > 1 ? xposId[k - 2] : 0;
      const r0 = rule[k];
      const rp = k > 0 ? rule[k - 1] : 3;
      const rpp = k > 1 ? rule[k - 2] : 3;
      const rn = k + 1 < n ? rule[k + 1] : 3;
      const rnn = k + 2 < n ? rule[k + 2] : 3;
      const h = head[i] >= first && head[i] < last ? head[i] : -1;
      const links = (h === i - 1 ? 1 : 0) | (k > 0 && head[i - 1] === i ? 2 : 0) | (h === i + 1 ? 4 : 0) | (k + 1 < n && head[i + 1] === i ? 8 : 0);
      let so = f.o, sb = f.b, si = f.i;
      // the tables of small keys
      let j = (((rpp * 4 + rp) * 4 + r0) * 4 + rn) * 4 + rnn;
      so += rt[j * 3]; sb += rt[j * 3 + 1]; si += rt[j * 3 + 2];
      if (xt[xpp * 3] === EMPTY) this.sum(xt, xpp, [mix(10, xposHash[xpp])]);
      so += xt[xpp * 3]; sb += xt[xpp * 3 + 1]; si += xt[xpp * 3 + 2];
      j = xp * MAX_LABELS + x0;
      if (pt[j * 3] === EMPTY) {
        const hp = xposHash[xp], h0 = xposHash[x0];
        this.sum(pt, j, [mix(11, hp), mix(12, h0), mix(mix(15, hp), h0)]);
      }
      so += pt[j * 3]; sb += pt[j * 3 + 1]; si += pt[j * 3 + 2];
      j = deprelId[k] * MAX_LABELS + x0;
      if (dt[j * 3] === EMPTY) {
        const d0 = deprelHash[deprelId[k]], h0 = xposHash[x0];
        this.sum(dt, j, [mix(23, d0), mix(mix(25, d0), h0)]);
      }
      so += dt[j * 3]; sb += dt[j * 3 + 1]; si += dt[j * 3 + 2];
      j = (links * 3 + r0) * MAX_LABELS + x0;
      if (lt[j * 3] === EMPTY) {
        const h0 = xposHash[x0];
        this.sum(lt, j, [mix(mix(30, links), h0), mix(mix(38, r0), h0)]);
      }
      so += lt[j * 3]; sb += lt[j * 3 + 1]; si += lt[j * 3 + 2];
      // the templates looked up per word
      const hx0 = xposHash[x0];
      const hd0 = deprelHash[deprelId[k]];
      const fp = k > 0 ? formOf[k - 1] : undefined;
      let b: number;
      b = (mix(mix(9, fp ? fp.shape : PAD), f.shape) & mask) * 3; // shape bigram
      so += em[b]; sb += em[b + 1]; si += em[b + 2];
      if (f.x !== x0) {
        // word + XPOS, coarse cluster + XPOS
        const w9 = (mix(mix(20, f.word), hx0) & mask) * 3;
        const w22 = (mix(mix(41, f.coarse), hx0) & mask) * 3;
        f.x = x0;
        f.xo = em[w9] + em[w22];
        f.xb = em[w9 + 1] + em[w22 + 1];
        f.xi = em[w9 + 2] + em[w22 + 2];
      }
      so += f.xo; sb += f.xb; si += f.xi;
      b = (mix(mix(21, fp ? fp.word : PAD), hx0) & mask) * 3; // previous word + XPOS
      so += em[b]; sb += em[b + 1]; si += em[b + 2];
      b = (mix(mix(mix(27, headClass(i, h)), hx0), h < 0 ? PAD : xposHash[xposId[h - first]]) & mask) * 3; // head direction + XPOS + head XPOS
      so += em[b]; sb += em[b + 1]; si += em[b + 2];
      j = deprelId[k] * MAX_LABELS + (k + 1 < n ? deprelId[k + 1] : 0);
      if (rt2[j * 3] === EMPTY) this.sum(rt2, j, [mix(mix(29, hd0), k + 1 < n ? deprelHash[deprelId[k + 1]] : PAD)]); // relation + next relation
      so += rt2[j * 3]; sb += rt2[j * 3 + 1]; si += rt2[j * 3 + 2];
      e[k * 3] = so * scale;
      e[k * 3 + 1] = sb * scale;
      e[k * 3 + 2] = si * scale;
    }
    return decodeTags(this.weights.transition, e, n, this.tags, this.back);
  }

  /** Writes the summed weights of the given feature hashes at entry j of a table. */
  private sum(table: Int32Array, j: number, hashes: readonly number[]): void {
    let o = 0, b = 0, i = 0;
    for (const x of hashes) {
      const at = (x & this.mask) * 3;
      o += this.em[at];
      b += this.em[at + 1];
      i += this.em[at + 2];
    }
    table[j * 3] = o;
    table[j * 3 + 1] = b;
    table[j * 3 + 2] = i;
  }

  private labelId(ids: Map<string, number>, hashes: Int32Array, label: string): number {
    let id = ids.get(label);
    if (id === undefined) {
      if (ids.size + 1 >= MAX_LABELS) return -1;
      id = ids.size + 1;
      ids.set(label, id);
      hashes[id] = fnv1a(label) | 0;
    }
    return id;
  }

  /** The form entry of word-type `id` (first seen): found by its string, then kept by id. */
  private typedForm(id: number, w: string): FormEntry {
    const f = this.form(w);
    // filled up to the id (ids count up from 0 as the tagger meets words), so the array stays dense
    while (this.byType.length < id) this.byType.push(undefined);
    this.byType[id] = f;
    return f;
  }

  private form(w: string): FormEntry {
    let f = this.forms.get(w);
    if (f === undefined) {
      const lower = w.toLowerCase();
      const cl = this.clusters?.(w);
      const word = fnv1a(lower) | 0;
      const shapeCode = fnv1a(shape(w.length > 12 ? w.slice(0, 12) : w)) | 0;
      const suffix = fnv1a(lower.length > 3 ? lower.slice(-3) : lower) | 0;
      const sums = new Int32Array(3);
      this.sum(sums, 0, [mix(2, word), mix(7, suffix), mix(8, shapeCode), mix(42, cl?.fine ?? 0)]);
      f = { word, shape: shapeCode, coarse: cl?.coarse ?? 0, o: sums[0], b: sums[1], i: sums[2], x: -1, xo: 0, xb: 0, xi: 0 };
      if (this.forms.size >= MEMO_LIMIT) this.forms.clear();
      this.forms.set(w, f);
    }
    return f;
  }

  private grow(n: number): void {
    if (n <= this.capacity) return;
    this.capacity = Math.max(n, 2 * this.capacity, 64);
    this.formOf = new Array<FormEntry>(this.capacity);
    this.xposId = new Int32Array(this.capacity);
    this.deprelId = new Int32Array(this.capacity);
    this.emissions = new Float64Array(this.capacity * 3);
    this.tags = new Uint8Array(this.capacity);
    this.back = new Uint8Array(this.capacity * 3);
    this.rule = new Uint8Array(this.capacity);
  }
}
