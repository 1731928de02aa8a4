/**
 * Titles and honorifics written before a person's name ("President", "Professor", "Sir", "Prime
 * Minister"). CoNLL, AIDA and OKE annotate the name without them ("President [Clinton]", "Professor
 * [Rutherford]"), and the knowledge base knows people by their names; a recognizer that takes the
 * title into the span ("Professor Rutherford" as one PER mention) then finds no alias and links
 * nothing. English only: the words are English titles.
 */

/**
 * Capitalized title words that may open a PER span; a run of them is the title ("Prime Minister", "Vice
 * President"). Not "Pope": a pope is named with it ("Pope Francis" is the page's title).
 */
export const PERSON_TITLE_WORDS: ReadonlySet<string> = new Set(
  [
    'President', 'Vice', 'Prime', 'Minister', 'Deputy', 'Foreign', 'Finance', 'Defence', 'Defense', 'Interior',
    'Professor', 'Prof', 'Prof.', 'Dr', 'Dr.', 'Mr', 'Mr.', 'Mrs', 'Mrs.', 'Ms', 'Ms.', 'Mx.', 'Sir', 'Dame',
    'Lord', 'Queen', 'King', 'Prince', 'Princess', 'Emperor', 'Empress', 'Duke', 'Duchess',
    'General', 'Gen.', 'Admiral', 'Adm.', 'Colonel', 'Col.', 'Captain', 'Capt.', 'Lieutenant', 'Lt.', 'Major',
    'Sergeant', 'Sgt.', 'Marshal', 'Commander', 'Senator', 'Sen.', 'Governor', 'Gov.', 'Mayor', 'Judge', 'Justice',
    'Chief', 'Chancellor', 'Secretary', 'Speaker', 'Ambassador', 'Commissioner', 'Chairman', 'Chairwoman',
    'Congressman', 'Congresswoman', 'Representative', 'Rep.', 'Premier', 'Bishop', 'Archbishop', 'Cardinal',
    'Reverend', 'Rev.', 'Rabbi', 'Imam', 'Sheikh', 'Ayatollah', 'Coach', 'Detective', 'Inspector', 'Former',
  ],
);

/**
 * How many leading tokens of `tokens` (a PER span's words) are a title before a name: the run of title
 * words, when a capitalized word that is no title follows it; 0 otherwise ("President" alone, "Prince").
 */
export function leadingTitleLength(tokens: readonly string[]): number {
  let k = 0;
  while (k < tokens.length && PERSON_TITLE_WORDS.has(tokens[k])) k++;
  if (k === 0 || k === tokens.length) return 0;
  return /^\p{Lu}/u.test(tokens[k]) ? k : 0;
}
