/**
 * Builds models/senses/wsd-sense-vectors.bin (src/semantics/wsd-sense-vectors.ts): an embedding per noun
 * synset of a polysemous noun, in the shared GloVe vectors' space (models/vectors/, PDDL), for the sense
 * model's λ_sense term. Run by `npm run train -- senses` after the model's other files are written (it
 * reads them: the context vectors are the model's own, so a sense's vector and a sentence's at run time are
 * built by the same code), or alone:
 *
 *   node --import tsx training/senses/sense-vectors.ts        (WSD_OUT: another models/senses directory)
 *
 * Per synset s (LMMS-style, Loureiro & Jorge 2019, with static vectors):
 *   O(s)  the sum of the unit context vectors of its SemCor-train occurrences (the sentence's content
 *         lemmas, idf-weighted, the target's own lemma left out: WsdModel.contextVector, as at run time);
 *         a synset SemCor-train never tagged takes its hypernyms' and hyponyms' sums instead (their unit
 *         mean, weighted INHERIT_WEIGHT);
 *   G(s)  its gloss and examples, members and, at RELATED_WEIGHT, its hypernyms' glosses and members;
 *   e(s) = unit(OCCURRENCE_WEIGHT · unit(O(s)) + unit(G(s))), int8 with a scale per row.
 * WSD_SENSE_POS (default `n`) names the parts of speech built: verbs and adjectives were measured and lost on
 * SemEval-2007 (the card's "Sense embeddings for verbs and adjectives").
 * Only the synsets of noun lemmas with several senses ship: the term compares a lemma's senses, and a
 * one-sense lemma is never scored. Deterministic: sums in file and synset order.
 */
import { writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexicon } from '../../src/lexicon/lexicon.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { STOPWORDS } from '../../src/linking/stopwords.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { TargetContexts } from '../../src/semantics/disambiguate.js';
import { encodeSenseEmbeddings, WSD_SENSE_VECTORS_FILE } from '../../src/semantics/wsd-sense-vectors.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';
import { glossLemmas } from './gloss-lemmas.js';
import { readSemcorSplit, type SemcorDoc } from './semcor.js';
import { readWordNet30, type WordNet30 } from './wordnet30.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The occurrences' part against the gloss's (both unit vectors); tuned on dev (models/senses/MODEL_CARD.md, "Sense embeddings"). */
const OCCURRENCE_WEIGHT = Number(process.env.WSD_SENSE_OCCURRENCES ?? 2);
/** The neighbours' occurrences that stand in for a synset SemCor-train never tagged. */
const INHERIT_WEIGHT = Number(process.env.WSD_SENSE_INHERIT ?? 0.5);
/** The hypernyms' glosses and members in G(s), against the synset's own. */
const RELATED_WEIGHT = Number(process.env.WSD_SENSE_RELATED ?? 0.5);

/** The parts of speech whose synsets get embeddings (WSD_SENSE_POS, letters, e.g. `nv`; meta.json weighs each: byPos.<pos>.lambdaSense). */
const POS_LIST = [...(process.env.WSD_SENSE_POS ?? 'n')] as WordNetPos[];

/**
 * Writes the sense embeddings to `outDir` (a models/senses directory) and returns the file's path. `base`: the
 * model they are for, with the shared vectors (its vocabulary and background counts weigh the context words).
 */
export function writeSenseEmbeddings(base: WsdModel, outDir: string, wn: WordNet30, semcorTrain: readonly SemcorDoc[], lexicon: Lexicon): string {
  const t0 = Date.now();
  // A model that weighs the term, so that it reads the shared vectors and weighs their rows as at run time.
  const byPos = { ...base.params.byPos };
  for (const pos of POS_LIST) byPos[pos] = { ...byPos[pos], lambdaSense: 1 };
  const model = base.withParams({ ...base.params, byPos });
  const probe = model.contextVector([], 'shared');
  if (probe === undefined) throw new Error('sense embeddings: the model does not read the shared vectors');
  const dim = probe.length;

  const needed = new Set<number>();
  const wanted = new Set<string>(POS_LIST);
  for (const [key, list] of wn.lemmaIndex) if (wanted.has(key.slice(0, key.indexOf(':'))) && list.length > 1) for (const s of list) needed.add(s);
  const synsets = Int32Array.from([...needed]).sort();
  const rowOf = new Map<number, number>();
  synsets.forEach((s, r) => rowOf.set(s, r));
  const rows = synsets.length;

  // O(s): the occurrences' unit context vectors.
  const occurrences = new Float64Array(rows * dim);
  const seen = new Float64Array(rows);
  let tagged = 0;
  for (const doc of semcorTrain) {
    const contexts = new TargetContexts(model, doc.sentences);
    doc.sentences.forEach((sentence, s) =>
      sentence.forEach((tok, i) => {
        if (tok.pos === undefined || !wanted.has(tok.pos) || tok.keys.length === 0) return;
        const targets = [...new Set(tok.keys.map((k) => wn.synsetOfKey.get(k)).filter((x): x is number => x !== undefined && rowOf.has(x)))];
        if (targets.length === 0) return;
        const ctx = contexts.of({ sentence: s, first: i, last: i, lemma: tok.lemma, pos: tok.pos });
        const c = model.contextVector(ctx.bag.filter((f) => f !== ctx.exclude), 'shared')!;
        if (!scaleToUnit(c)) return;
        tagged++;
        for (const t of targets) {
          const r = rowOf.get(t)!;
          addUnit(c, 1 / targets.length, occurrences, r * dim, dim);
          seen[r] += 1 / targets.length;
        }
      }),
    );
  }

  // G(s): the synset's own words, and its hypernyms' at RELATED_WEIGHT.
  const ownWords = (j: number): string[] => {
    const words = glossLemmas(wn.synsets[j].gloss, lexicon);
    for (const m of wn.synsets[j].members) {
      const l = m.lemma.toLowerCase();
      words.push(l);
      if (l.includes('_')) for (const w of l.split('_')) if (w.length > 1 && !STOPWORDS.has(w)) words.push(w);
    }
    return words;
  };
  const hypernyms = (j: number) => wn.synsets[j].pointers.filter((p) => p.symbol === '@' || p.symbol === '@i').map((p) => wn.indexOfId.get(p.target)!);
  const hyponyms = (j: number) => wn.synsets[j].pointers.filter((p) => p.symbol === '~' || p.symbol === '~i').map((p) => wn.indexOfId.get(p.target)!);
  // Every synset's occurrence sum (needed or not: a needed synset may inherit from any neighbour).
  const occurrenceOf = new Map<number, Float64Array>();
  for (let r = 0; r < rows; r++) if (seen[r] > 0) occurrenceOf.set(synsets[r], occurrences.subarray(r * dim, (r + 1) * dim));

  const out = new Float64Array(rows * dim);
  const part = new Float64Array(dim);
  let inherited = 0;
  for (let r = 0; r < rows; r++) {
    const s = synsets[r];
    const at = r * dim;
    if (seen[r] > 0) addUnit(occurrences.subarray(at, at + dim), OCCURRENCE_WEIGHT, out, at, dim);
    else if (INHERIT_WEIGHT > 0) {
      part.fill(0);
      let any = false;
      for (const j of [...hypernyms(s), ...hyponyms(s)]) {
        const o = occurrenceOf.get(j);
        if (o !== undefined) any = addUnit(o, 1, part, 0, dim) || any;
      }
      if (any && addUnit(part, OCCURRENCE_WEIGHT * INHERIT_WEIGHT, out, at, dim)) inherited++;
    }
    part.fill(0);
    addInto(model.contextVector(model.idsOf(ownWords(s)), 'shared')!, 1, part);
    for (const h of hypernyms(s)) addInto(model.contextVector(model.idsOf(ownWords(h)), 'shared')!, RELATED_WEIGHT, part);
    addUnit(part, 1, out, at, dim);
  }
  const path = join(outDir, WSD_SENSE_VECTORS_FILE);
  writeFileSync(path, encodeSenseEmbeddings(synsets, dim, out));
  let withOccurrences = 0;
  for (let r = 0; r < rows; r++) if (seen[r] > 0) withOccurrences++;
  process.stdout.write(
    `sense embeddings: ${rows} synsets (${POS_LIST.join('')}) (${withOccurrences} with SemCor-train occurrences, ${tagged} occurrences; ${inherited} from their neighbours'), ${dim} dims (${Date.now() - t0} ms)\n`,
  );
  return path;
}

/** out[at..] += weight × v / |v|; false (nothing added) for a zero vector. */
function addUnit(v: ArrayLike<number>, weight: number, out: Float64Array, at: number, dim: number): boolean {
  let norm = 0;
  for (let d = 0; d < dim; d++) norm += v[d] * v[d];
  if (!(norm > 1e-24)) return false;
  const w = weight / Math.sqrt(norm);
  for (let d = 0; d < dim; d++) out[at + d] += w * v[d];
  return true;
}

/** v scaled to unit length in place; false for a zero vector. */
function scaleToUnit(v: Float64Array): boolean {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
  if (!(norm > 1e-24)) return false;
  const inv = 1 / Math.sqrt(norm);
  for (let d = 0; d < v.length; d++) v[d] *= inv;
  return true;
}

function addInto(v: ArrayLike<number>, weight: number, out: Float64Array): void {
  for (let d = 0; d < out.length; d++) out[d] += weight * v[d];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const data = resolve(process.env.TEXTLENS_DATA ?? join(root, '../shared/data'));
  const wn = readWordNet30(process.env.WORDNET30_DIR ?? '/usr/share/wordnet');
  const lexicon = await Lexicon.load(fileLoader(join(root, 'models')));
  const { train } = readSemcorSplit(data);
  const out = process.env.WSD_OUT ?? join(root, 'models/senses');
  const loader = fileLoader(dirname(out));
  const model = (await WsdModel.load(loader, basename(out))).withSharedVectors(await loadWordVectors(loader));
  writeSenseEmbeddings(model, out, wn, train, lexicon);
}
