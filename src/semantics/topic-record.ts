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
