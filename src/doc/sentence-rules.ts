/**
 * Rule-based sentence boundaries over tokens:
 *
 *   ruleBoundaries(text, tokens) → number[]   exclusive token indices where sentences end
 *
 * A sentence ends
 * - at a paragraph break (a blank line) or a line break that does not look like wrapped prose;
 * - after terminal punctuation (. ! ? … and runs of them), and any closing quotes or
 *   brackets right after it, when the next token can start a sentence;
 * - after an abbreviation that carries its period ("etc.", "U.S.") only when the next word is
 *   capitalized and the abbreviation is not one that precedes a name (Dr., Mr., initials);
 * - never after a title or an initial that leads into a name or a number, with its period or split
 *   from it by the tokenizer ("Dr.", "Dr|.", "J. K|. Rowling", "(c|. 1818": leadsOnAt).
 *
 * And datelineEnd finds a news dateline that opens the text ("WASHINGTON (Reuters) -"), which the
 * segmenters (sentences.ts) make a sentence of its own whichever way the rest is split.
 */
import type { TokenSpan } from './doc.js';

const TITLES = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'st.', 'prof.', 'rev.', 'gen.', 'lt.', 'col.', 'capt.', 'sgt.', 'gov.', 'sen.', 'rep.', 'ft.', 'mt.', 'no.', 'vs.', 'v.', 'p.o.', 'e.g.', 'i.e.', 'cf.', 'approx.', 'attn.', 'jan.', 'feb.', 'mar.', 'apr.', 'jun.', 'jul.', 'aug.', 'sep.', 'sept.', 'oct.', 'nov.', 'dec.']);

/**
 * Titles that only ever lead into a name or a number (case as written; "c." and "ca." are circa). Not
 * "No.", "St." or "Rep.", which end sentences too ("Hell no.", "21st St.", "a contract rep.").
 */
const NAME_TITLES = new Set(['Mr', 'Mrs', 'Ms', 'Dr', 'Drs', 'Prof', 'Rev', 'Gen', 'Lt', 'Col', 'Capt', 'Sgt', 'Gov', 'Sen', 'c', 'ca']);
/** Capitalized words that open sentences and never follow an initial inside a name ("… Charles V. This …"). */
const SENTENCE_OPENERS = new Set(['The', 'This', 'That', 'These', 'Those', 'It', 'Its', 'I', 'We', 'You', 'He', 'She', 'They', 'A', 'An', 'In', 'On', 'At', 'But', 'And', 'So', 'If', 'What', 'There', 'Here', 'My', 'Our', 'His', 'Her', 'Their', 'Thanks', 'Please']);
/** Punctuation a name that opens with an initial may follow ("Corporation: K. Michael Stevens"). */
const BEFORE_NAME = new Set([',', ':', '(']);
/** The longest form a title or an initial has with its period ("Capt."), in UTF-16 units. */
const LONGEST_LEADER = 5;

/**
 * Whether the gap after token k lies inside a name or a date because k is a title or an initial with its
 * period, glued ("Dr.", "K.") or split off by the tokenizer ("Dr|.", "K|.", which it does before a capital):
 * - a title of NAME_TITLES that is a word of its own (not "l/c.");
 * - an initial: one capital letter, not the pronoun "I" or the article "A", after a capitalized word,
 *   another initial or BEFORE_NAME ("J. K. Rowling", "George W. Bush", ": K. Michael"), before a
 *   capitalized word that is no common sentence opener ("Plan B. The …").
 * Of the 281 such gaps in UD English EWT and GUM (train, dev and test), one ends a sentence ("…, Prof.").
 * Asked at every plausible gap, so it looks at the period and the length before it builds a string.
 */
export function leadsOnAt(text: string, tokens: readonly TokenSpan[], k: number): boolean {
  const { start, end } = tokens[k];
  if (text.charCodeAt(end - 1) !== 46 || end - start > LONGEST_LEADER) return false;
  // w: the token that holds the word; the period is its last character or the whole of token k.
  let w = k;
  if (end - start === 1) {
    if (k === 0 || tokens[k - 1].end !== start || tokens[k - 1].end - tokens[k - 1].start >= LONGEST_LEADER) return false;
    w = k - 1;
  }
  const word = text.slice(tokens[w].start, w === k ? end - 1 : tokens[w].end);
  if (word === '' || (w > 0 && tokens[w - 1].end === tokens[w].start && !/[([{"“'‘]/.test(text[tokens[w].start - 1]))) return false;
  if (NAME_TITLES.has(word)) return true;
  if (!/^\p{Lu}$/u.test(word) || word === 'I' || word === 'A' || w === 0 || k + 1 >= tokens.length) return false;
  const before = text.slice(tokens[w - 1].start, tokens[w - 1].end);
  const after = text.slice(tokens[k + 1].start, tokens[k + 1].end);
  return (/^\p{Lu}/u.test(before) || BEFORE_NAME.has(before)) && /^\p{Lu}/u.test(after) && !SENTENCE_OPENERS.has(after);
}

const CLOSERS = new Set(['"', "'", '”', '’', "''", ')', ']', '}', '»', '>>']);

export type BreakKind = 0 | 1 | 2;

/** Line breaks between token i-1 and token i: 0 none, 1 a single newline, 2 a blank line. */
export function breakBefore(text: string, tokens: readonly TokenSpan[], i: number): BreakKind {
  if (i === 0) return 0;
  const a = tokens[i - 1].end;
  const b = tokens[i].start;
  let newlines = 0;
  for (let k = a; k < b; k++) if (text.charCodeAt(k) === 10) newlines++;
  return newlines >= 2 ? 2 : newlines === 1 ? 1 : 0;
}

/** Token i's form: its own (`form`, where the tokenizer normalized it) or its text. */
function formAt(text: string, tokens: readonly TokenSpan[], i: number): string {
  return tokens[i].form ?? text.slice(tokens[i].start, tokens[i].end);
}

export function isTerminal(form: string): boolean {
  const c = form.charCodeAt(form.length - 1);
  if (form.length === 1) return c === 46 || c === 33 || c === 63 || c === 0x2026;
  // Runs such as "...", "?!", "!!!"; a word ending in a period is an abbreviation, handled apart.
  for (let i = 0; i < form.length; i++) {
    const d = form.charCodeAt(i);
    if (d !== 46 && d !== 33 && d !== 63 && d !== 0x2026) return false;
  }
  return true;
}

function startsUpperOrNonLetter(form: string): boolean {
  const ch = form[0];
  if (ch.toLowerCase() !== ch) return true;
  return ch.toUpperCase() === ch.toLowerCase() && !/[,;:)\]}%]/.test(ch);
}

/** A single line break inside running prose: the line ends mid-sentence and the next goes on in lower case. */
export function wrappedLine(prev: string, next: string): boolean {
  const a = prev[prev.length - 1];
  const b = next[0];
  const prevOpen = /[\p{Ll},;:\-–—]/u.test(a) || /^(the|a|an|and|or|of|to|in|for|with)$/i.test(prev);
  return prevOpen && /[\p{Ll}\d(]/u.test(b);
}

const DASHES = new Set(['-', '--', '–', '—', '―']);
/** A dateline's words: all capitals ("WASHINGTON", "ST."), capitalized ("Calif.", "Oct"), numbers, commas. */
const ALL_CAPS = /^[A-Z][A-Z.'&-]+$/;
const DATELINE_WORD = /^([A-Z][\w.'&-]*|\d{1,4}|,)$/;
/** The most words a dateline has before its dash. */
const DATELINE_WORDS = 12;

/**
 * The token index just after a news dateline that opens the text ("WASHINGTON (Reuters) -", "NEW YORK, Oct 5
 * (AP) —", "LONDON —"): its own sentence, so that "WASHINGTON" is not taken for the subject of the first
 * sentence. A dateline begins with a word in capitals, runs on one line through capitalized words, numbers,
 * commas and one parenthesis of up to four words (the agency), and ends at a dash that a capitalized word
 * follows. -1 when the text opens otherwise.
 */
export function datelineEnd(text: string, tokens: readonly TokenSpan[]): number {
  const form = (i: number): string => formAt(text, tokens, i);
  if (tokens.length < 3 || !ALL_CAPS.test(form(0))) return -1;
  let parenthesis = false;
  for (let i = 1; i < tokens.length && i <= DATELINE_WORDS; i++) {
    if (breakBefore(text, tokens, i) !== 0) return -1;
    const w = form(i);
    if (DASHES.has(w)) {
      const next = i + 1 < tokens.length ? form(i + 1) : '';
      return /^[A-Z"“']/.test(next) && breakBefore(text, tokens, i + 1) === 0 ? i + 1 : -1;
    }
    if (w === '(' && !parenthesis) {
      let j = i + 1;
      while (j < tokens.length && j <= i + 4 && form(j) !== ')') j++;
      if (j >= tokens.length || form(j) !== ')' || j === i + 1) return -1;
      parenthesis = true;
      i = j;
      continue;
    }
    if (!DATELINE_WORD.test(w)) return -1;
  }
  return -1;
}

export function ruleBoundaries(text: string, tokens: readonly TokenSpan[]): number[] {
  const n = tokens.length;
  const ends: number[] = [];
  const form = (i: number): string => formAt(text, tokens, i);
  // The token before a run of closing quotes/brackets glued to each other and to it ("?)'" → "?"), kept
  // up to date as i moves on: walking the run back from every gap would be quadratic on a long run.
  let j = 0;
  for (let i = 1; i < n; i++) {
    const k = i - 1;
    if (!(k > 0 && CLOSERS.has(form(k)) && tokens[k].start === tokens[k - 1].end)) j = k;
    const br = breakBefore(text, tokens, i);
    const prev = form(i - 1);
    const next = form(i);
    if (br === 2 || (br === 1 && !wrappedLine(prev, next))) {
      ends.push(i);
      continue;
    }
    const p = form(j);
    if (CLOSERS.has(next) && tokens[i].start === tokens[i - 1].end) continue;
    if (leadsOnAt(text, tokens, j)) continue;
    if (isTerminal(p)) {
      if (prev === '.' && i >= 2 && /^\d+$/.test(form(i - 2)) && /^\d/.test(next)) continue;
      if (startsUpperOrNonLetter(next) || p !== '.') ends.push(i);
      continue;
    }
    if (p.length > 1 && p.endsWith('.') && !TITLES.has(p.toLowerCase()) && !/^[A-Z]\.$/.test(p)) {
      if (/^[A-Z]/.test(next)) ends.push(i);
    }
  }
  return ends;
}
