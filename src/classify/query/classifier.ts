/**
 * A classifier defined by categories ({categoryId, label, query}) rather than
 * trained on examples: each category's query (parse.ts) is scored against the
 * analyzed Doc, 0–1, and the categories at or above MIN_CATEGORY_SCORE are
 * returned, best first.
 *
 * Leaves count evidence in the document and turn a count c into a score
 * 1 − exp(−c / τ), τ growing with the document's length (one mention in a
 * headline says more than one in a long article):
 *   concept('x')  tokens whose lemma (or lemma n-gram, up to 3 words) is one of
 *                 x's weighted WordNet lemmas (concepts.ts), each adding its weight,
 *                 the sum damped for a broad concept (BREADTH_MASS)
 *   word('x')     tokens whose form or lemma is x (case-insensitive; a phrase as a sequence)
 *   entity('T')   entity mentions linked to T (spaces or '_' alike, any case)
 *   type('C')     entity mentions with type C (DBpedia class, any case)
 *   topic('L')    the score of the topic labelled L, directly
 * and(…) is the smallest child score, or(…) a noisy-or (1 − Π(1 − s): more
 * evidence adds up), not(x) 1 − x.
 */
import type { Layer } from '../../doc/layers.js';
import type { Doc } from '../../doc/doc.js';
import type { CategoryRecord } from '../../doc/layers.js';
import { normalizePhrase, type ConceptExpander, type ConceptLemmas } from './concepts.js';
import { parseQuery, type QueryNode } from './parse.js';

/** A category as clients define it; `label` may be empty, `query` empty means "the label as plain text". */
export interface CategoryDefinition {
  categoryId: string;
  label: string;
  query: string;
}

/** A stored classifier as it reaches the analyzer: its definitions under a cache key and revision. */
export interface QueryClassifierSource {
  /** Unique per owner and id: compiled copies are cached under it. */
  cacheKey: string;
  revision: string;
  categories: readonly CategoryDefinition[];
}

/** Categories scoring less are not returned. */
export const MIN_CATEGORY_SCORE = 0.1;
/**
 * A concept whose lemmas weigh more than this in all is broad (concept('sport')
 * reaches 2,500 lemmas through hyponyms and its domain, concept('technology')
 * 50): its count is divided by √(mass / BREADTH_MASS), so that a broad concept
 * does not win every document by sheer reach. Chosen on the tune part of the
 * zero-shot split (training/classify/query-zero-shot.ts): BBC class names
 * 34 → 53 %, a few words per class 55 → 77 %.
 */
const BREADTH_MASS = 20;
/** Words per unit of τ: a document of 100 words needs one match for 0.63, one of 400 words four. */
const WORDS_PER_TAU = 100;

/** The query a category is scored by: its own, else its label as plain text. */
export function effectiveQuery(c: CategoryDefinition): string {
  return c.query.trim() !== '' ? c.query : c.label;
}

type Compiled =
  | { kind: 'concept'; lemmas: ConceptLemmas; breadth: number }
  | { kind: 'word'; words: string[] }
  | { kind: 'entity' | 'type' | 'topic'; value: string }
  | { kind: 'and' | 'or'; children: Compiled[] }
  | { kind: 'not'; child: Compiled };

/** What a doc offers the leaves, computed once per document. */
interface Evidence {
  tau: number;
  /** Lemma n-grams (1–3 words, lower case) and their counts. */
  lemmaGrams: Map<string, number>;
  forms: string[];
  lemmas: string[];
}

export class QueryClassifier {
  /** Layers the queries read beyond tokens: 'lemma' always, 'entities' / 'topics' when a leaf needs them. */
  readonly layers: readonly Layer[];
  private readonly compiled: Array<{ def: CategoryDefinition; node: Compiled }>;

  constructor(
    readonly id: string,
    categories: readonly CategoryDefinition[],
    concepts: ConceptExpander,
  ) {
    const layers = new Set<Layer>(['lemma']);
    this.compiled = categories.map((def) => {
      const node = compile(parseQuery(effectiveQuery(def), `classifier '${id}', category '${def.categoryId}'`), concepts, layers);
      return { def, node };
    });
    this.layers = [...layers];
  }

  /** Categories of the document at or above the floor, best first, at most `max`. */
  categorize(doc: Doc, max: number): CategoryRecord[] {
    const evidence = evidenceOf(doc);
    const out: CategoryRecord[] = [];
    for (const { def, node } of this.compiled) {
      const score = scoreNode(node, doc, evidence);
      if (score >= MIN_CATEGORY_SCORE) out.push({ classifierId: this.id, categoryId: def.categoryId, label: def.label, score: Math.round(score * 1e4) / 1e4 });
    }
    // Stable: equal scores keep the classifier's order.
    out.sort((a, b) => b.score - a.score);
    return out.slice(0, max);
  }
}

function compile(node: QueryNode, concepts: ConceptExpander, layers: Set<Layer>): Compiled {
  switch (node.kind) {
    case 'concept': {
      const lemmas = concepts.expand(node.value);
      let mass = 0;
      for (const w of lemmas.values()) mass += w;
      return { kind: 'concept', lemmas, breadth: Math.sqrt(Math.max(1, mass / BREADTH_MASS)) };
    }
    case 'word':
      return { kind: 'word', words: normalizePhrase(node.value).split(' ') };
    case 'entity':
    case 'type':
      layers.add('entities');
      return { kind: node.kind, value: normalizePhrase(node.value) };
    case 'topic':
      layers.add('topics');
      return { kind: 'topic', value: normalizePhrase(node.value) };
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map((c) => compile(c, concepts, layers)) };
    case 'not':
      return { kind: 'not', child: compile(node.child, concepts, layers) };
  }
}

function isWordToken(form: string): boolean {
  for (const c of form) if (/\p{L}|\p{N}/u.test(c)) return true;
  return false;
}

function evidenceOf(doc: Doc): Evidence {
  const forms = doc.tokens.map((t) => t.toLowerCase());
  const lemmas = forms.map((f, i) => doc.lemma?.[i]?.toLowerCase() ?? f);
  let words = 0;
  const lemmaGrams = new Map<string, number>();
  for (let i = 0; i < lemmas.length; i++) {
    if (!isWordToken(forms[i]!)) continue;
    words++;
    let gram = '';
    for (let n = 0; n < 3 && i + n < lemmas.length; n++) {
      if (n > 0 && !isWordToken(forms[i + n]!)) break;
      gram = n === 0 ? lemmas[i]! : `${gram} ${lemmas[i + n]!}`;
      lemmaGrams.set(gram, (lemmaGrams.get(gram) ?? 0) + 1);
    }
  }
  return { tau: Math.max(1, words / WORDS_PER_TAU), lemmaGrams, forms, lemmas };
}

function fromCount(count: number, tau: number): number {
  return 1 - Math.exp(-count / tau);
}

function scoreNode(node: Compiled, doc: Doc, ev: Evidence): number {
  switch (node.kind) {
    case 'concept': {
      let count = 0;
      // The smaller side drives the loop: a concept may hold thousands of lemmas, a headline ten words.
      if (node.lemmas.size < ev.lemmaGrams.size) {
        for (const [lemma, w] of node.lemmas) count += (ev.lemmaGrams.get(lemma) ?? 0) * w;
      } else for (const [gram, n] of ev.lemmaGrams) count += n * (node.lemmas.get(gram) ?? 0);
      return fromCount(count / node.breadth, ev.tau);
    }
    case 'word': {
      let count = 0;
      const w = node.words;
      for (let i = 0; i + w.length <= ev.forms.length; i++) {
        let form = true;
        let lemma = true;
        for (let k = 0; k < w.length && (form || lemma); k++) {
          form &&= ev.forms[i + k] === w[k];
          lemma &&= ev.lemmas[i + k] === w[k];
        }
        if (form || lemma) count++;
      }
      return fromCount(count, ev.tau);
    }
    case 'entity': {
      let count = 0;
      for (const e of doc.entities ?? []) {
        const ids = [e.entityId, e.entityEnglishId].filter((x): x is string => x !== undefined).map(normalizePhrase);
        if (ids.includes(node.value)) count++;
      }
      return fromCount(count, ev.tau);
    }
    case 'type': {
      let count = 0;
      for (const e of doc.entities ?? []) if (e.type.some((t) => t.toLowerCase() === node.value)) count++;
      return fromCount(count, ev.tau);
    }
    case 'topic': {
      let best = 0;
      for (const t of [...(doc.topics ?? []), ...(doc.coarseTopics ?? [])]) if (normalizePhrase(t.label) === node.value) best = Math.max(best, t.score);
      return best;
    }
    case 'and': {
      let min = 1;
      for (const c of node.children) min = Math.min(min, scoreNode(c, doc, ev));
      return min;
    }
    case 'or': {
      let none = 1;
      for (const c of node.children) none *= 1 - scoreNode(c, doc, ev);
      return 1 - none;
    }
    case 'not':
      return 1 - scoreNode(node.child, doc, ev);
  }
}
