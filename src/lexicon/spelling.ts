/**
 * British and American spellings of one word under one key, so that the
 * entailments do not spend two of their few slots on "utilize" and
 * "utilise", nor entail "apologise" from "apologized". Only the regular,
 * unambiguous patterns: -ise/-ize and -yse/-yze with their endings
 * (realise, realised, realisation; analyse), and -re/-er after b or t
 * (centre, fibre, theatre). Not -our/-or, which would also join four and
 * for, tour and tor.
 */
const ISE = /is(e|es|ed|ing|er|ers|ation|ations)$/;
const YSE = /ys(e|es|ed|ing|er|ers)$/;
const RE = /([bt])re(s?)$/;

/** The word in lower case with British spellings turned American ("utilise" → "utilize", "centres" → "centers"). */
export function spellingKey(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 5) return lower;
  if (ISE.test(lower)) return lower.replace(ISE, 'iz$1');
  if (YSE.test(lower)) return lower.replace(YSE, 'yz$1');
  if (RE.test(lower)) return lower.replace(RE, '$1er$2');
  return lower;
}
