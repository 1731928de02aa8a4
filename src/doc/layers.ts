/**
 * The Doc's layer records: what each annotator stores on the Doc, one type per
 * layer, defined here so that the Doc names no producer. Producers import
 * these types (and the Doc); the Doc never imports a producer.
 */

/**
 * Layers a Doc can carry. Annotators declare which they need and which they
 * assign (like spaCy's requires/assigns); the analyzer runs only the closure
 * of what the requested extractors need.
 */
export type Layer =
  | 'tokens'
  | 'sentences'
  | 'xpos'
  | 'upos'
  | 'lemma'
  | 'stem'
  | 'deps'
  | 'mentions'
  | 'entities'
  | 'topics'
  | 'phrases'
  | 'relations'
  | 'properties'
  | 'entailments'
  | 'senses';

/** A named-entity or alias mention over tokens [start, end) of the doc. */
export interface Mention {
  start: number;
  end: number;
  /** Coarse NER label such as PER, ORG, LOC, MISC (or a finer one). */
  label: string;
  /** Model or matcher score in 0..1. */
  score: number;
  source: 'ner' | 'alias';
}

/**
 * An entity as the response reports it: a mention over tokens [start, end)
 * with its link (fields absent when unlinked), types and scores.
 */
export interface EntityRecord {
  start: number;
  end: number;
  entityId?: string;
  entityEnglishId?: string;
  wikidataId?: string;
  encyclopediaLink?: string;
  kbTwoId?: string;
  type: string[];
  kbTwoTypes: string[];
  /** 0.5 to 10, as the spec defines it. */
  confidenceScore: number;
  /** 0 to 1. */
  relevanceScore: number;
  data: Record<string, unknown>;
  /** The id of the custom dictionary entry that matched (entities.dictionaries). */
  customEntityId?: string;
}

/**
 * One WordNet sense of a word in context (the senses layer): the response's
 * Word.senses entries themselves, which the response hands out without a copy.
 */
export interface WordSense {
  /** Synset name, WordNet 3.0 ("bank.n.01"). */
  synset: string;
  /** Probability in context, to 4 decimals as the API returns it; a word's senses sum to 1 (up to that rounding). */
  score: number;
}

/** An entailed word of the word (or multiword expression) over tokens [start, end) (the entailments layer). */
export interface EntailmentRecord {
  start: number;
  end: number;
  word: string;
  priorScore: number;
  contextScore: number;
  score: number;
}

/** A noun phrase over doc tokens [start, end), with its head word. */
export interface PhraseSpan {
  start: number;
  end: number;
  head: number;
}

/**
 * A property: the word positions of the focus and of the property within their sentence, each ascending
 * (the doc token index of position p is `doc.sentStart[sentence] + p`), as the response gives them: it
 * hands these arrays out as they are (each record has arrays of its own), and the rules' facts, the CaRB
 * conversion and the properties eval read them so.
 */
export interface PropertyRecord {
  /** The sentence's index in the doc. */
  sentence: number;
  focus: number[];
  property: number[];
  kind: 'copula' | 'apposition' | 'title' | 'possessive' | 'of' | 'have' | 'adjective';
}

export type RelationRole = 'SUBJECT' | 'OBJECT' | 'OTHER';

export interface RelationArgumentRecord {
  role: RelationRole;
  /** Position of the argument's head in the sentence. */
  head: number;
  /** Positions of its words in the sentence, ascending (the preposition that introduces it: relations.ts's argumentMarkers). */
  words: number[];
}

/**
 * One relation, positions within its sentence. The relations split from one
 * predicate (coordinated subjects or objects) are consecutive in the layer
 * and share its predicate array and the arguments they have in common: read
 * them, do not change them.
 */
export interface RelationRecord {
  /** The sentence's index in the doc. */
  sentence: number;
  /** Position of the predicate's head word in the sentence. */
  head: number;
  /** Positions of the predicate's words in the sentence, ascending. */
  predicate: number[];
  /** SUBJECT first, then OBJECTs, then OTHERs. */
  args: RelationArgumentRecord[];
  /** 0..1, for ranking. */
  confidence: number;
  /** True for a copular predicate ("is a bank"), whose OBJECT is the predicate nominal. */
  copular: boolean;
}

/** A topic or a category as annotators store them on the Doc (response.ts turns them into JSON). */
export interface TopicRecord {
  /** Unique in its list: the IPTC qcode, or the entity's Wikidata id (else its page title). */
  id: string;
  label: string;
  /** Independent score in 0..1 (not a share of a softmax). */
  score: number;
  /** IPTC qcode, e.g. medtop:04000000, when the topic is an IPTC concept. */
  mediaTopicId?: string;
  wikidataId?: string;
  /** English Wikipedia page where known, else the Wikidata page. */
  encyclopediaLink?: string;
  /** English Wikipedia page, only where one is known. */
  wikiLink?: string;
}

export interface CategoryRecord {
  classifierId: string;
  categoryId: string;
  label: string;
  score: number;
}
