/**
 * A correction after the POS tagger for names that open a sentence.
 *
 * At the start of a sentence a capital says nothing, and the tagger reads an
 * unknown capitalized word there as a common noun: "Barack Obama was born in
 * Hawaii." came out `Barack/NN` (lemma "barack"). When the word is unknown to
 * the tagger in any case (no norm row), has the shape of a name (Xxxx) and
 * the next word is a capitalized proper noun, it is a name: in the gold
 * EWT and GUM dev trees every one of the 84 such words is NNP. The tagger
 * already gets those right, so on EWT and GUM (train, dev and test) the rule
 * changes no tag at all; it is for text further from the treebanks, such as
 * names the training data never saw.
 */
const NAME_SHAPE = /^\p{Lu}\p{Ll}+$/u;
const CAPITALIZED = /^\p{Lu}/u;
// Nouns only: an unknown adjective before a name is often what it seems
// ("Imperial Hubris makes …" is JJ NNP in EWT test).
const COMMON_TAGS: ReadonlySet<string> = new Set(['NN', 'NNS']);

export interface TagPair {
  xpos: string[];
  upos: string[];
}

/**
 * Retags, in place, a sentence-initial unknown name before a proper noun as
 * NNP / PROPN. `isKnown` says whether the tagger has a norm for the word.
 */
export function retagSentenceInitialName(words: readonly string[], tags: TagPair, isKnown: (word: string) => boolean): void {
  if (words.length < 2) return;
  const first = words[0]!;
  if (!COMMON_TAGS.has(tags.xpos[0]!) || !NAME_SHAPE.test(first) || isKnown(first)) return;
  const next = tags.xpos[1];
  if ((next !== 'NNP' && next !== 'NNPS') || !CAPITALIZED.test(words[1]!)) return;
  tags.xpos[0] = 'NNP';
  tags.upos[0] = 'PROPN';
}
