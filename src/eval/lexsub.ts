/**
 * The entailments model as lexical substitution (`textlens eval lexsub`,
 * src/cli/eval-lexsub.ts). The data file has one target per line,
 * `lemma.pos <TAB> id <TAB> 0-based token position <TAB> tokenized sentence`
 * (Melamud's preprocessed LS07 / CoInCo files); POS n/v/a/r or N/V/J/R.
 * Each sentence is tagged and lemmatized by the pipeline (its given tokens
 * kept), the target is disambiguated in its own sentence, and its entailed
 * words, best first, are the answer: single words, the target excluded, no
 * candidate list given. The ranking is entailedWords' full list with its tail's
 * vector neighbours taken from the shared GloVe vectors (substitute-glove.ts)
 * instead of the PPMI lemma vectors. Prints P@1 (the first word is a gold substitute) and
 * R@10 (share of the gold substitutes among the first ten), averaged over the
 * targets with gold; `--out` writes `lemma.pos id :: w1;w2;…`. The last line is `name=value …`.
 */
import { createAnalyzer } from '../analyzer.js';
import { Doc } from '../doc/doc.js';
import type { WordNetPos } from '../lexicon/penn.js';
import { loadWordVectors } from '../models/word-vectors.js';
import { fileLoader } from '../resources/file-loader.js';
import { disambiguate, type SenseTarget } from '../semantics/disambiguate.js';
import { contextVectorsOf, DEFAULT_ENTAILMENT_PARAMS, entailedWords, type EntailmentParams, type EntailmentSource } from '../semantics/entailments.js';
import { SynsetRelations } from '../semantics/relations.js';
import { GloveNeighbours, gloveNeighbourWords } from '../semantics/substitute-glove.js';
import { SynsetStore } from '../semantics/synsets.js';
import { contextTokens } from '../semantics/targets.js';
import { isBagLemma, type ContextToken } from '../semantics/wsd-features.js';
import { WsdModel } from '../semantics/wsd-model.js';

export interface LexsubInstance {
  item: string;
  id: string;
  lemma: string;
  pos: WordNetPos;
  position: number;
  tokens: string[];
}

const POS_OF: Record<string, WordNetPos> = { n: 'n', v: 'v', a: 'a', j: 'a', r: 'r' };

export function parseLexsubData(text: string, file = 'data file'): LexsubInstance[] {
  const out: LexsubInstance[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const f = line.split('\t');
    const dot = f[0].lastIndexOf('.');
    const pos = POS_OF[f[0].slice(dot + 1).toLowerCase()];
    const position = Number(f[2]);
    const tokens = (f[3] ?? '').split(' ');
    if (f.length < 4 || dot <= 0 || pos === undefined || !Number.isInteger(position) || position < 0 || position >= tokens.length) {
      throw new Error(`${file}:${i + 1}: expected "lemma.pos <TAB> id <TAB> position <TAB> tokenized sentence", got "${line.slice(0, 80)}"`);
    }
    out.push({ item: f[0], id: f[1], lemma: f[0].slice(0, dot).toLowerCase().replaceAll(' ', '_'), pos, position, tokens });
  });
  if (out.length === 0) throw new Error(`${file}: no targets`);
  return out;
}

/** Gold substitutes per target id: `lemma.pos id :: sub n;sub n;…`. */
export function parseLexsubGold(text: string, file = 'gold file'): Map<string, Map<string, number>> {
  const gold = new Map<string, Map<string, number>>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const sep = line.indexOf('::');
    const head = (sep >= 0 ? line.slice(0, sep) : '').trim().split(/\s+/);
    // The item may hold spaces ("fourth quarter.J 233 ::"); the id is the last field before "::".
    if (sep < 0 || head.length < 2) throw new Error(`${file}:${i + 1}: expected "lemma.pos id :: substitute count;…", got "${line.slice(0, 80)}"`);
    const subs = new Map<string, number>();
    for (const part of line.slice(sep + 2).split(';')) {
      const m = /^\s*(.*\S)\s+(\d+)\s*$/.exec(part);
      if (m) subs.set(m[1].toLowerCase(), Number(m[2]));
    }
    gold.set(head[head.length - 1], subs);
  });
  if (gold.size === 0) throw new Error(`${file}: no gold lines`);
  return gold;
}

export interface PreparedLexsub {
  store: SynsetStore;
  model: WsdModel;
  relations: SynsetRelations;
  /** Per instance, what the entailments model needs; undefined when WordNet does not know the target. */
  sources: (EntailmentSource | undefined)[];
  /** Per instance, its sentence's tokens as the senses read them (lower-case lemma, open-class part of speech). */
  sentences: ContextToken[][];
  /** The tail's vector neighbours (substitute-glove.ts); undefined where the models have no shared vectors. */
  glove: GloveNeighbours | undefined;
}

/**
 * Tags and lemmatizes every sentence (given tokens kept), disambiguates each target in its own
 * sentence and builds its context vector (`rho`: the closeness exponent, tuning only).
 */
export async function prepareLexsub(instances: readonly LexsubInstance[], modelsDir: string | undefined, rho?: number): Promise<PreparedLexsub> {
  const loader = fileLoader(modelsDir);
  const [analyzer, store, model, relations, glove] = await Promise.all([
    createAnalyzer({ modelsDir }),
    SynsetStore.load(loader),
    WsdModel.loadWithVectors(loader),
    SynsetRelations.load(loader),
    loader.exists('vectors/meta.json').then(async (has) => (has ? new GloveNeighbours(await loadWordVectors(loader)) : undefined)),
  ]);
  // One doc holds every sentence (their given tokens, one sentence each), tagged in one pass.
  const spans: { start: number; end: number; form: string }[] = [];
  const ends: number[] = [];
  let text = '';
  for (const inst of instances) {
    for (const t of inst.tokens) {
      spans.push({ start: text.length, end: text.length + t.length, form: t });
      text += t + ' ';
    }
    ends.push(spans.length);
  }
  const doc = await analyzer.annotateDoc(new Doc(text, spans, ends), ['xpos', 'upos', 'lemma']);
  const sentences: ContextToken[][] = [];
  const sources = instances.map((inst, s): EntailmentSource | undefined => {
    const from = doc.sentStart[s];
    const to = doc.sentEnd[s];
    const sentence = contextTokens({
      forms: doc.tokens.slice(from, to),
      lemmas: doc.lemma!.slice(from, to),
      xpos: doc.xpos!.slice(from, to),
      upos: doc.upos?.slice(from, to),
    });
    sentences.push(sentence);
    const target: SenseTarget = { sentence: 0, first: inst.position, last: inst.position, lemma: inst.lemma, pos: inst.pos };
    const [dist] = disambiguate(store, model, [sentence], [target]);
    const senses = store.senses(inst.lemma, inst.pos);
    if (!dist || !senses) return undefined;
    const [context] = contextVectorsOf(model, sentence.map((t) => t.lemma), (j) => isBagLemma(sentence[j]), [target], rho);
    return { lemma: inst.lemma, pos: inst.pos, synsets: dist.synsets, posterior: dist.plain, tagCounts: senses.tagCounts, context };
  });
  return { store, model, relations, sources, sentences, glove };
}

/**
 * Ranked single-word substitutes for each prepared instance (the target itself excluded): the
 * entailments' full ranking, its PPMI vector neighbours replaced by GloVe's (substitute-glove.ts)
 * where the models have the shared vectors. `glove` false keeps the PPMI ones (tuning, the card's
 * before/after).
 */
export function rankSubstitutes(prepared: PreparedLexsub, params: EntailmentParams = DEFAULT_ENTAILMENT_PARAMS, limit = 10, glove = true): string[][] {
  const { store, model, relations } = prepared;
  const neighbours = glove ? prepared.glove : undefined;
  return prepared.sources.map((source) => {
    if (!source) return [];
    let ranked = entailedWords(store, relations, model, source, params);
    if (neighbours !== undefined) {
      ranked = ranked.filter((w) => w.relation !== 'neighbour');
      const known = new Set(ranked.map((w) => w.word.toLowerCase()));
      ranked.push(...gloveNeighbourWords(neighbours, store, model, source, known, params));
      ranked.sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : 1));
    }
    const out: string[] = [];
    for (const w of ranked) {
      const lower = w.word.toLowerCase();
      if (lower !== source.lemma && !out.includes(lower)) out.push(lower);
      if (out.length === limit) break;
    }
    return out;
  });
}

export function scoreLexsub(instances: readonly LexsubInstance[], answers: readonly string[][], gold: Map<string, Map<string, number>>) {
  let scored = 0;
  let p1 = 0;
  let r10 = 0;
  instances.forEach((inst, i) => {
    const g = gold.get(inst.id);
    if (!g || g.size === 0) return;
    scored++;
    if (answers[i].length > 0 && g.has(answers[i][0])) p1++;
    let found = 0;
    for (const w of answers[i].slice(0, 10)) if (g.has(w)) found++;
    r10 += found / g.size;
  });
  return { scored, p1: scored ? p1 / scored : 0, r10: scored ? r10 / scored : 0 };
}
