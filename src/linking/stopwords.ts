/**
 * English function words and very common capitalized sentence openers.
 * Used twice: aliases that are one of these words never match in text
 * ("The", "It", "May" at a sentence start), and these words carry no
 * signal for context similarity.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further had has have having he her here hers herself
him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or
other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
there these they this those through to too under until up very was we were what when where which while who whom why
will with would you your yours yourself yourselves said says say new one two three four five six seven eight nine ten
first last year years week month day today yesterday tomorrow monday tuesday wednesday thursday friday saturday sunday
january february march april may june july august september october november december mr mrs ms dr st per cent
percent told since back still may might must shall us get got make made take took well much many even like around
mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec`.split(/\s+/),
);

/** Content words of a text for context similarity: lower-case, alphabetic, 3+ letters, no stopwords. */
export function contentWords(tokens: Iterable<string>): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const w = t.toLowerCase();
    if (w.length >= 3 && /^[\p{L}][\p{L}'-]*$/u.test(w) && !STOPWORDS.has(w)) out.push(w);
  }
  return out;
}
