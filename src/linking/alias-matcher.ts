/**
 * Finds KB aliases in text that NER did not mark, so a known entity is found
 * even where the tagger misses it. Longest match first, at most 6 tokens,
 * inside a sentence. Casing rules keep common words out: every token of the
 * match starts with an upper-case letter or a digit (or the whole match is
 * upper case), is a joiner of names ("of", "di", "in": NAME_JOINERS, so
 * "Politecnico di Torino" and "Washington University in St. Louis" match
 * whole), or is camel-cased after a one- or two-letter lower-case prefix
 * ("eBay", "iPhone"); single-token matches of 3 letters or fewer must be all
 * upper case ("UN", "EU"); an organisation or building that Wikipedia titles in sentence case
 * ("Auschwitz concentration camp") matches in exactly that casing, not at a sentence start (sentenceCaseName);
 * a single capitalized token at a sentence start, or in a
 * Title Case line ("Selig Welcomes Government Help …"), must be an all-caps token
 * or unknown as a lower-case word elsewhere in the doc.
 * Sentences mostly in capitals (headlines) are skipped: casing says nothing there.
 * Names written in lower case, as tweets write them ("kings of leon", "miami
 * heat"), match when they are two words or more and the KB entity's own name
 * is those words capitalized (lowerCaseName). "The" and an acronym ("The WHO")
 * match only a name that writes the acronym in capitals (capitalsAgree).
 */
import type { Doc } from '../doc/doc.js';
import type { KnowledgeBase } from './knowledge-base.js';
import { isAcronym, normalizeAlias } from './normalize.js';
import { STOPWORDS } from './stopwords.js';
import { NAME_JOINERS } from './name-joiners.js';
import { lowerCaseWords, titleCasedSentences } from './title-case.js';

const MAX_TOKENS = 6;

function shouted(tokens: readonly string[], from: number, to: number): boolean {
  let words = 0;
  let upper = 0;
  for (let t = from; t < to; t++) {
    const w = tokens[t];
    if (!/\p{L}{2}/u.test(w)) continue;
    words++;
    if (w === w.toUpperCase()) upper++;
  }
  return words >= 2 && upper / words >= 0.6;
}

/** `titleLines`: the document's Title Case sentences (titleCasedSentences), when the caller has them already. */
export function matchAliases(doc: Doc, kb: KnowledgeBase, titleLines: ReadonlySet<number> = titleCasedSentences(doc)): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const lowerSeen = lowerCaseWords(doc);
  // A name starts with a capital or a digit — or is camel-cased after a lower-case prefix
  // ("eBay", "iPhone", "iOS"): brands written so are never common words.
  const capitalized = (t: string) => /^[\p{Lu}\p{N}]|^\p{Ll}{1,2}\p{Lu}/u.test(t);
  for (let s = 0; s < doc.sentenceCount; s++) {
    const end = doc.sentEnd[s];
    let i = doc.sentStart[s];
    // A headline in capitals ("ATHLETICS - GB TEAM NAMED") gives casing no say: leave it to NER.
    if (shouted(doc.tokens, i, end)) continue;
    // In a Title Case line every word is capitalized as a sentence's first word is (title-case.ts).
    const titleLine = titleLines.has(s);
    while (i < end) {
      let found = 0;
      if (capitalized(doc.tokens[i])) {
        // One prefix probe rules out every multi-token match that starts here.
        const first = normalizeAlias(doc.tokens[i]);
        const longest = first.length > 0 && kb.hasLongerAlias(first) ? Math.min(MAX_TOKENS, end - i) : 1;
        // A name in sentence case goes on in lower case: "Auschwitz concentration camp", "England national football team".
        // Not at a sentence's start or in a Title Case line, where the first word's capital says nothing ("Finance minister tells FT").
        const caseReach = longest > 1 && !titleLine && i !== doc.sentStart[s] ? sentenceCaseReach(doc.tokens, i, end, kb) : 0;
        for (let n = longest; n >= 1; n--) {
          const toks = doc.tokens.slice(i, i + n);
          // An eponym's name ends in a lower-case word after the possessive: "Alzheimer's disease", "Moore's law".
          const eponym = n >= 3 && POSSESSIVE.test(toks[n - 2]) && /^\p{Ll}+$/u.test(toks[n - 1]);
          const sentenceCase = !eponym && n >= 2 && n <= caseReach && !STOPWORDS.has(toks[n - 1]);
          if (!capitalized(toks[n - 1]) && !eponym && !sentenceCase) continue;
          const possessive = (k: number) => k > 0 && k < n - 1 && POSSESSIVE.test(toks[k]);
          const lowerWord = (t: string, k: number) => (eponym && k === n - 1) || (sentenceCase && k > 0 && /^\p{Ll}+$/u.test(t));
          if (!toks.every((t, k) => capitalized(t) || NAME_JOINERS.has(t.toLowerCase()) || t === '-' || t === "'" || possessive(k) || lowerWord(t, k))) continue;
          const text = toks.join(' ');
          const key = normalizeAlias(text);
          if (eponym && !ownNameKey(kb, key)) continue;
          if (sentenceCase && !sentenceCaseName(kb, key, text)) continue;
          if (key.length < 2 || (STOPWORDS.has(key) && !isAcronym(text))) continue;
          if (n === 1) {
            const t = toks[0];
            if (t.length <= 3 && t !== t.toUpperCase()) continue;
            if ((i === doc.sentStart[s] || titleLine) && t !== t.toUpperCase() && lowerSeen.has(t.toLowerCase())) continue;
          }
          if (kb.hasAlias(key) && (toks[0] !== 'The' || capitalsAgree(kb, key, toks))) {
            found = n;
            break;
          }
        }
      }
      if (found === 0 && /^\p{Ll}+$/u.test(doc.tokens[i]) && !STOPWORDS.has(doc.tokens[i])) found = lowerCaseName(doc.tokens, i, end, kb);
      if (found > 0) {
        out.push({ start: i, end: i + found });
        i += found;
      } else i++;
    }
  }
  return out;
}

/** The longest name in sentence case matched (words). */
const SENTENCE_CASE_TOKENS = 4;

/**
 * How many words from `i` (a capitalized word that starts some KB name) a name in sentence case may span: the
 * words after it in lower case, as long as the words so far start a KB name. Most capitalized words stop at
 * the first probe ("Smith said"), so the longer probes are rarely paid.
 */
function sentenceCaseReach(tokens: readonly string[], i: number, end: number, kb: KnowledgeBase): number {
  let reach = 0;
  for (let t = i + 1; t < Math.min(end, i + SENTENCE_CASE_TOKENS); t++) {
    if (!/^\p{Ll}+$/u.test(tokens[t])) break;
    const key = normalizeAlias(tokens.slice(i, t + 1).join(' '));
    if (kb.hasAlias(key)) reach = t - i + 1;
    if (!kb.hasLongerAlias(key)) break;
  }
  return reach;
}

/**
 * Whether the alias key's best candidate is named exactly `text`, as written (label, or title without its
 * disambiguator): Wikipedia titles a concentration camp or a national team in sentence case, and a text that
 * writes those words so names it. "Iraq war" is no "Iraq War": a name is matched only in its own casing.
 */
function sentenceCaseName(kb: KnowledgeBase, key: string, text: string): boolean {
  if (!/^\p{Lu}/u.test(text) || !kb.hasAlias(key)) return false;
  const e = kb.entity(kb.candidatesForKey(key)[0].entity);
  if (!e || !e.dbpediaTypes.some((t) => SENTENCE_CASE_CLASSES.has(t))) return false;
  return e.label === text || (e.title ?? '').replace(/_\([^)]*\)$/, '').replace(/_/g, ' ') === text;
}

/**
 * Classes of the names matched in sentence case: organisations and buildings. Concepts ("Western world",
 * "YouTube channel", "New England town"), currencies and languages ("Japanese yen", "English language": AIDA
 * annotates the country's adjective) and genres are titled so too, and are not.
 */
const SENTENCE_CASE_CLASSES: ReadonlySet<string> = new Set(['Organisation', 'ArchitecturalStructure']);

/** The possessive token the tokenizer splits off a name ("Alzheimer", "'s"), with a straight or curly apostrophe. */
const POSSESSIVE = /^['’]s$/;

/** Whether some candidate of the alias key is that key by its own name (label, or title without its disambiguator). */
function ownNameKey(kb: KnowledgeBase, key: string): boolean {
  return kb.candidatesForKey(key).some((c) => {
    const e = kb.entity(c.entity);
    return !!e && (normalizeAlias(e.label) === key || normalizeAlias((e.title ?? '').replace(/_\([^)]*\)$/, '').replace(/_/g, ' ')) === key);
  });
}

/**
 * Whether "The" and a name in capitals ("The WHO") is a KB name that writes those words in capitals too: "The Who"
 * (the band) is no "The WHO" (the World Health Organization, matched then as "WHO" alone). Other matches agree.
 */
function capitalsAgree(kb: KnowledgeBase, key: string, toks: readonly string[]): boolean {
  const caps = toks.slice(1).filter((t) => /^\p{Lu}{2,}$/u.test(t));
  if (caps.length === 0 || caps.length < toks.length - 1) return true;
  return kb.candidatesForKey(key).some((c) => {
    const e = kb.entity(c.entity);
    if (!e) return false;
    const words = new Set(`${e.label} ${(e.title ?? '').replace(/_/g, ' ')}`.split(/[\s(),]+/));
    return caps.every((t) => words.has(t));
  });
}

/**
 * A name written in lower case, as tweets and chat write them ("kings of leon", "miami heat", "sega genesis"): two
 * to six lower-case words (joiners of names inside) that are the KB name of an entity whose own name is capitalized
 * — its label or title, lower-cased, is the text. Returns the match's length in tokens, or 0.
 */
function lowerCaseName(tokens: readonly string[], i: number, end: number, kb: KnowledgeBase): number {
  let best = 0;
  let prefix = normalizeAlias(tokens[i]);
  // Grown word by word while some alias goes on: most lower-case words start none.
  for (let n = 2; n <= MAX_TOKENS && i + n <= end; n++) {
    if (!kb.hasLongerAlias(prefix)) break;
    const last = tokens[i + n - 1];
    if (!/^\p{Ll}[\p{Ll}']*$/u.test(last)) break;
    const text = tokens.slice(i, i + n).join(' ');
    prefix = normalizeAlias(text);
    if (STOPWORDS.has(last) || NAME_JOINERS.has(last)) continue;
    if (ownName(kb, prefix, text)) best = n;
  }
  return best;
}

/**
 * Whether some candidate of the alias key is named `text` in its own name (label or title), capitalized: a name of
 * capitalized words ("Kings of Leon", "Miami Heat"), not a Wikipedia title's capitalized concept ("Rugby league") or a
 * work titled with a phrase ("Ordinary People").
 */
function ownName(kb: KnowledgeBase, key: string, text: string): boolean {
  if (!kb.hasAlias(key)) return false;
  return kb.candidatesForKey(key).some((c) => {
    const e = kb.entity(c.entity);
    if (!e || e.dbpediaTypes.includes('Work')) return false;
    const names = [e.label, (e.title ?? '').replace(/_/g, ' ')];
    return names.some((x) => x.toLowerCase() === text && x.split(' ').every((w) => /^[\p{Lu}\p{N}]/u.test(w) || NAME_JOINERS.has(w)));
  });
}
