/**
 * Rule-based tokenizer following UD English EWT conventions.
 *
 *   tokenize(text) → WordSpan[]   exact UTF-16 spans of the syntactic words
 *
 * The tokens are syntactic words, the units the tagger tags: "don't" gives
 * "do" + "n't", "John's" gives "John" + "'s", "cannot" gives "can" + "not",
 * "gonna" gives "gon" + "na". EWT writes each of these as one surface token
 * (a multi-word token); the second word carries `joinsPrevious` so that
 * CoNLL-U output can rebuild that grouping.
 *
 * Conventions read off en_ewt-ud-train.conllu:
 * - punctuation is split off; runs such as "...", "!!!", "?!", "--" stay one token;
 * - hyphenated words are split ("15-year" → 15 - year) except after common
 *   prefixes (non-, pre-, anti-, co-, e-mail …) and between digits (phone numbers);
 * - numbers keep their inner commas, periods, colons and slashes (1,000.50, 5:30, 10/23/2000);
 * - URLs, e-mail addresses, file names, file paths (/etc/apt/sources.list, ~/.profile, doc/FAQ.md),
 *   `code spans` without a blank inside, and emoticons are single tokens;
 * - abbreviations keep their period (U.S., e.g., Dr., initials such as "W.").
 *
 * Hand-written scanner: one pass over the text, sticky regexes only at chunk
 * starts for URLs and e-mail addresses.
 */
import type { TokenSpan } from './doc.js';

/** A token span; `joinsPrevious` marks a word split from the same surface token as the one before it. */
export interface WordSpan extends TokenSpan {
  joinsPrevious?: true;
}

// ---------------------------------------------------------------- character classes

const enum C {
  Space = 1,
  Letter = 2,
  Digit = 4,
  Other = 8,
}

const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  let k = C.Other;
  if (c === 32 || (c >= 9 && c <= 13)) k = C.Space;
  else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) k = C.Letter;
  else if (c >= 48 && c <= 57) k = C.Digit;
  ASCII_CLASS[c] = k;
}

const LETTER_RE = /[\p{L}\p{M}]/u;
const DIGIT_RE = /\p{N}/u;
const SPACE_RE = /[\s\u200b\ufeff]/u;

/** Class of the code point at i (astral code points read as one). */
function classAt(text: string, i: number): C {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII_CLASS[c] as C;
  if (c === 0x2019 || c === 0x2018) return C.Other;
  const ch = String.fromCodePoint(text.codePointAt(i) ?? c);
  if (SPACE_RE.test(ch)) return C.Space;
  if (LETTER_RE.test(ch)) return C.Letter;
  if (DIGIT_RE.test(ch)) return C.Digit;
  return C.Other;
}

function width(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

const isAlnum = (k: C): boolean => k === C.Letter || k === C.Digit;
const isApostrophe = (c: number): boolean => c === 39 || c === 0x2019 || c === 96;

// ---------------------------------------------------------------- lexicons

/** Words written with a period that EWT keeps on the word. Lower-cased, without the period. */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr st jr sr prof rev gen lt col capt sgt gov sen rep reps pres ft mt ave blvd rd hwy ' +
    'inc corp co ltd llc bros dept univ assn no nos vol vols pp fig figs est approx attn arrv ' +
    'vs etc al cf ca ext tel fax apt ste ph ed eds' +
    ' jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun ' +
    'a.m p.m e.g i.e a.k.a u.s u.k u.n d.c p.s p.o m.d ph.d'
  ).split(/\s+/),
);

/** Prefixes EWT keeps attached through a hyphen ("non-stop", "e-mail"). */
const HYPHEN_PREFIXES = new Set(
  (
    'e non pre post anti pro re co ex multi mid neo socio psycho arch over counter cross semi sub intra un'
  ).split(/\s+/),
);

/** Contractions written without an apostrophe that EWT splits, with the split point. */
const BARE_CONTRACTIONS = new Map<string, number>([
  ['cannot', 3], ['gonna', 3], ['wanna', 3], ['gotta', 3], ['outta', 3], ['sorta', 4],
  ['dont', 2], ['wont', 2], ['cant', 2], ['aint', 2], ['didnt', 3], ['doesnt', 4], ['isnt', 2],
  ['wasnt', 3], ['arent', 3], ['arnt', 2], ['werent', 4], ['havent', 4], ['hasnt', 3], ['hadnt', 3],
  ['couldnt', 5], ['wouldnt', 5], ['shouldnt', 6], ['im', 1], ['ive', 1], ['youre', 3],
  ['theyre', 4], ['thats', 4], ['whats', 4], ['theres', 5], ['heres', 4], ['hes', 2], ['itll', 2],
  ['elses', 4],
]);

/**
 * BARE_CONTRACTIONS keyed by a hash of the lower-cased form, so that the
 * lookup every 2–8 letter word makes allocates no string (a hit is then
 * checked against the form itself).
 */
const BARE_BY_HASH = new Map<number, [string, number]>(
  [...BARE_CONTRACTIONS].map(([form, cut]) => [lowerHash(form, 0, form.length), [form, cut]]),
);

function lowerHash(text: string, p: number, q: number): number {
  let h = 0;
  for (let i = p; i < q; i++) h = (Math.imul(h, 31) + (text.charCodeAt(i) | 32)) | 0;
  return h;
}

/** Clitics split off the end of a word after an apostrophe (lower-cased, apostrophe excluded). */
const APOSTROPHE_CLITICS = new Set(['s', 'm', 're', 've', 'll', 'd']);

const EMOTICONS = [
  ':-)', ':-(', ':-D', ':-P', ':-p', ';-)', ':-/', ':-|', ":'(", ':)', ':(', ':D', ':P', ':p', ';)', ':/', ':|',
  ':o', ':O', '=)', '=(', '(:', '):', '<3', '^_^', '^^', 'XD', 'xD', ':]', ':[', '8)', ';D', ':*',
].sort((a, b) => b.length - a.length);

/** Phone numbers EWT keeps whole: 713-853-3989, 1-800-991-9019, 345-9945, 888.916.7184. */
const PHONE_RE = /(?:1-)?(?:\d{3}-)?\d{3}-\d{4}(?!\d)|\d{3}\.\d{3}\.\d{4}(?!\d)/y;
const URL_RE = /(?:https?:\/\/|ftp:\/\/|mailto:|www\.)[^\s<>"]+/iy;
/** An e-mail address is a local part, '@' and a domain; '@' is not a local-part character. */
const EMAIL_LOCAL_RE = /[\p{L}\p{N}._%+-]+/uy;
const EMAIL_DOMAIN_RE = /[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*/uy;

/** A URL of any other scheme (svn://, irc://, ssh://), tried only where the chunk has "://". */
const SCHEME_URL_RE = /[a-z][a-z0-9+.-]{1,15}:\/\/[^\s<>"]+/iy;
/** An absolute, home or dot-relative path: /usr/share/doc, ~/.config/x, ./configure, ../lib. */
const ROOTED_PATH_RE = /(?:~|\.{1,2})?\/[\p{L}\p{N}._~%+@-]+(?:\/[\p{L}\p{N}._~%+@-]*)*/uy;
/** A relative path (doc/bashref.texi): only taken when its last part has a file extension. */
const RELATIVE_PATH_RE = /[\p{L}\p{N}_][\p{L}\p{N}._-]*(?:\/[\p{L}\p{N}._-]+)+/uy;
/** File extensions a relative path may end with (besides EXTENSIONS). */
const PATH_EXTENSIONS = new Set('c h cc cpp hpp py rb go rs sh js mjs cjs ts tsx jsx md json yml yaml toml ini conf cfg list texi tex gz xz bz2 tgz so o a py'.split(' '));

/** Punctuation that may end a URL in running text but is rarely part of it. */
const URL_TRAILING = new Set([46, 44, 59, 58, 33, 63, 41, 93, 34, 39, 0x201d, 0x2019]);

// ---------------------------------------------------------------- scanner

export function tokenize(text: string): WordSpan[] {
  const out: WordSpan[] = [];
  const n = text.length;
  let i = 0;
  const state = { openSingleQuote: false };
  while (i < n) {
    const k = classAt(text, i);
    if (k === C.Space) {
      i += width(text, i);
      continue;
    }
    let e = i;
    while (e < n && classAt(text, e) !== C.Space) e += width(text, e);
    scanChunk(text, i, e, out, state);
    i = e;
  }
  return out;
}

function scanChunk(text: string, s: number, e: number, out: WordSpan[], state: { openSingleQuote: boolean }): void {
  let p = s;
  // The chunk's last '@' (-1 if none): an e-mail address starting at p contains one at or after p.
  // Scans stay inside the chunk: indexOf/lastIndexOf would run on through the whole text,
  // quadratic on text without '@'.
  // Likewise the chunk's last '/' and last "://": paths and URLs of other schemes are tried only before
  // them. One backward walk finds both characters.
  let at = -1;
  let slash = -1;
  for (let i = e - 1; i >= s && (at < 0 || slash < 0); i--) {
    const c = text.charCodeAt(i);
    if (c === 64) {
      if (at < 0) at = i;
    } else if (c === 47 && slash < 0) slash = i;
  }
  let scheme = -1;
  if (slash > s) for (let i = slash - 2; i > s && scheme < 0; i--) if (text.charCodeAt(i) === 58 && text.charCodeAt(i + 1) === 47 && text.charCodeAt(i + 2) === 47) scheme = i;
  // An address starting at p has for local part the whole run of local-part characters from p, so every
  // word start inside one run ("a-b-c@x") shares that run's end and the verdict on the domain after it:
  // both are found once per run, where a regex tried from each word start would be quadratic on
  // "a-a-a-…-a@!". localEnd is the end of the last run measured; emailEnd the address's end, or -1.
  let localEnd = -1;
  let emailEnd = -1;
  const matchEmail = (p: number): number => {
    if (p >= localEnd) {
      localEnd = matchSticky(EMAIL_LOCAL_RE, text, p, e);
      emailEnd = localEnd > p && text.charCodeAt(localEnd) === 64 ? matchSticky(EMAIL_DOMAIN_RE, text, localEnd + 1, e) : -1;
      if (emailEnd === localEnd + 1) emailEnd = -1;
    }
    return emailEnd > p ? emailEnd : p;
  };
  while (p < e) {
    // URLs and e-mail addresses, from a word start.
    if (p === s || !isAlnum(classAt(text, p - 1))) {
      // Cheap tests first: each regex can only match from certain characters
      // (a URL from h/f/m/w in either case, a phone number from a digit, an address where
      // the chunk has an '@'), and most word starts are none of these.
      const c = text.charCodeAt(p);
      const lower = c | 32;
      let m = lower === 104 || lower === 102 || lower === 109 || lower === 119 ? matchSticky(URL_RE, text, p, e) : p;
      if (m === p && at >= p) m = matchEmail(p);
      if (m === p && c >= 48 && c <= 57) m = matchSticky(PHONE_RE, text, p, e);
      if (m === p && slash >= p) m = matchPath(text, p, e, s, scheme);
      if (m > p) {
        let end = m;
        // Parenthesis depth of text[p, end), kept as the end moves back (no '(' is ever trimmed):
        // counting it afresh for every trimmed ')' would be quadratic on "http://a)))))…".
        let depth = parenDepth(text, p, end);
        while (end > p + 1 && URL_TRAILING.has(text.charCodeAt(end - 1))) {
          // A closing parenthesis stays when it balances one inside the URL (wiki/Foo_(bar)).
          if (text.charCodeAt(end - 1) === 41) {
            if (depth >= 0) break;
            depth++;
          }
          end--;
        }
        // A bare "www." or so (w…, five characters or fewer) is no address unless it holds an '@'.
        if ((text.charCodeAt(p) | 32) !== 119 || end - p > 5 || (at >= p && hasChar(text, 64, p, end))) {
          out.push({ start: p, end });
          p = end;
          continue;
        }
      }
      const code = matchCodeSpan(text, p, e);
      if (code > p) {
        out.push({ start: p, end: code });
        p = code;
        continue;
      }
      const emo = matchEmoticon(text, p, e);
      if (emo > p) {
        out.push({ start: p, end: emo });
        p = emo;
        continue;
      }
    }
    const k = classAt(text, p);
    if (isAlnum(k)) {
      p = scanWord(text, p, e, at, out, state);
      continue;
    }
    p = scanPunct(text, p, e, s, out, state);
  }
}

/** Whether the code unit `code` occurs in text[from, to). */
function hasChar(text: string, code: number, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === code) return true;
  return false;
}

/** Opening minus closing parentheses in text[p, end). */
function parenDepth(text: string, p: number, end: number): number {
  let depth = 0;
  for (let i = p; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
  }
  return depth;
}

function matchSticky(re: RegExp, text: string, p: number, e: number): number {
  re.lastIndex = p;
  if (!re.test(text)) return p;
  return Math.min(re.lastIndex, e);
}

/**
 * A path or a URL of a scheme URL_RE does not know, starting at p (p when none); `scheme` is the chunk's
 * last "://" (-1 if none). A rooted path needs two slashes or a ~ . .. prefix ("/etc" alone may be a
 * slash and a word); a relative one must start the chunk or follow a bracket or quote, and end in a
 * file extension. Each match consumes its run, and a failed one stops at the first character outside
 * its class, so the scan stays linear.
 */
function matchPath(text: string, p: number, e: number, s: number, scheme: number): number {
  const c = text.charCodeAt(p);
  if (scheme > p && classAt(text, p) === C.Letter) {
    const m = matchSticky(SCHEME_URL_RE, text, p, e);
    if (m > p) return m;
  }
  if (c === 47 || c === 126 || c === 46) {
    if (c !== 47 && !(text.charCodeAt(p + 1) === 47 || (c === 46 && text.charCodeAt(p + 1) === 46 && text.charCodeAt(p + 2) === 47))) return p;
    let m = matchSticky(ROOTED_PATH_RE, text, p, e);
    while (m > p && URL_TRAILING.has(text.charCodeAt(m - 1))) m--;
    if (m <= p + 1) return p;
    if (c === 47) {
      let slashes = 0;
      for (let i = p; i < m && slashes < 2; i++) if (text.charCodeAt(i) === 47) slashes++;
      if (slashes < 2) return p;
    }
    return m;
  }
  const before = p === s ? 32 : text.charCodeAt(p - 1);
  if (!(p === s || before === 40 || before === 91 || before === 60 || before === 34 || before === 39 || before === 96)) return p;
  let m = matchSticky(RELATIVE_PATH_RE, text, p, e);
  while (m > p && URL_TRAILING.has(text.charCodeAt(m - 1))) m--;
  let dot = m - 1;
  while (dot > p && classAt(text, dot) === C.Letter) dot--;
  if (m <= p || text.charCodeAt(dot) !== 46 || dot === m - 1) return p;
  // The extension must be in the last part, after its last slash.
  const ext = text.slice(dot + 1, m).toLowerCase();
  if (text.lastIndexOf('/', m) > dot || !(EXTENSIONS.has(ext) || PATH_EXTENSIONS.has(ext))) return p;
  return m;
}

/**
 * A `code span` without a blank inside, starting at p (p when none): a backtick, at least one
 * character, the next backtick, then no letter or digit. The search stops at the next backtick,
 * so every backtick of a chunk is passed over at most twice.
 */
function matchCodeSpan(text: string, p: number, e: number): number {
  if (text.charCodeAt(p) !== 96 || text.charCodeAt(p + 1) === 96) return p;
  let q = p + 1;
  while (q < e && text.charCodeAt(q) !== 96) q++;
  if (q >= e || q === p + 1) return p;
  if (q + 1 < e && isAlnum(classAt(text, q + 1))) return p;
  return q + 1;
}

function matchEmoticon(text: string, p: number, e: number): number {
  const c = text.charCodeAt(p);
  // Every emoticon starts with one of : ; = ( ) < ^ X x 8
  if (c !== 58 && c !== 59 && c !== 61 && c !== 40 && c !== 41 && c !== 60 && c !== 94 && c !== 88 && c !== 120 && c !== 56) {
    return p;
  }
  for (const emo of EMOTICONS) {
    if (p + emo.length > e || !text.startsWith(emo, p)) continue;
    const after = p + emo.length;
    // Must stand alone: not glued to a following letter or digit ("XDR", ":Dear", "8)" inside "(8)").
    if (after < e && isAlnum(classAt(text, after))) continue;
    const first = emo.charCodeAt(0);
    if ((first === 88 || first === 120 || first === 56 || first === 40) && p > 0 && classAt(text, p - 1) !== C.Space) continue;
    if (first === 41 && p > 0 && classAt(text, p - 1) !== C.Space) continue;
    return after;
  }
  return p;
}

/**
 * A word starting at p: letters and digits with the connectors that EWT keeps
 * inside a token. Pushes the word (split into clitics) and returns its end.
 * `at` is the chunk's last '@' (-1 if none).
 *
 * What the rules ask about the word so far (a letter in it? a digit?) is kept in flags as q moves on:
 * looking back from every connector or unit would be quadratic on a long word.
 */
function scanWord(text: string, p: number, e: number, at: number, out: WordSpan[], state: { openSingleQuote: boolean }): number {
  let q = p;
  let hasPeriod = false;
  let hasDigit = false;
  let hasLetter = false;
  while (q < e) {
    const k = classAt(text, q);
    if (isAlnum(k)) {
      if (k === C.Letter && !hasLetter && q > p && classAt(text, q - 1) === C.Digit && unitFollows(text, q, e)) break;
      if (k === C.Digit) hasDigit = true;
      else hasLetter = true;
      q += width(text, q);
      continue;
    }
    if (q + 1 >= e) break;
    const c = text.charCodeAt(q);
    const prev = classAt(text, q - 1);
    const next = classAt(text, q + 1);
    if (!isAlnum(next)) break;
    if (c === 46) {
      // Inner period: numbers, abbreviations (U.S), domains and file names (enron.com, ENRON.XLS);
      // but two words with a missing space ("country.They") split.
      if (missingSpace(text, p, q, e, at, hasPeriod)) break;
      hasPeriod = true;
      q++;
      continue;
    }
    if ((c === 44 && prev === C.Digit && next === C.Digit && threeDigits(text, q + 1, e)) || (c === 58 && prev === C.Digit && next === C.Digit)) {
      q++;
      continue;
    }
    if (c === 47 && keepSlash(text, p, q, e)) {
      q++;
      continue;
    }
    if (c === 45 && keepHyphen(text, p, q, e, hasDigit, hasLetter)) {
      q++;
      continue;
    }
    if (c === 38 && next === C.Letter && prev === C.Letter && q - p <= 3) {
      q++; // AT&T, PG&E, P&L
      continue;
    }
    if (isApostrophe(c) && prev === C.Letter && next === C.Letter) {
      q++; // don't, O'Neil: the clitic split happens below
      continue;
    }
    if (c === 95) {
      q++;
      continue;
    }
    break;
  }
  // A final period belongs to abbreviations and initials.
  if (
    q < e &&
    text.charCodeAt(q) === 46 &&
    !(q + 1 < e && text.charCodeAt(q + 1) === 46) &&
    isAbbreviation(text, p, q, hasPeriod, hasDigit) &&
    // "k" (thousand) ends a sentence; "K." is an initial ("J. K. Rowling").
    !(ENDS_SENTENCE_ABBREVIATIONS.has(text.slice(p, q).toLowerCase()) && !(q - p === 1 && isUpperAscii(text.charCodeAt(p))) && sentenceStartsAfter(text, q + 1))
  ) {
    q++;
  }
  return pushWord(text, p, q, out, state);
}

const isUpperAscii = (c: number): boolean => c >= 65 && c <= 90;

function threeDigits(text: string, i: number, e: number): boolean {
  return i + 3 <= e && classAt(text, i + 1) === C.Digit && classAt(text, i + 2) === C.Digit && !(i + 3 < e && classAt(text, i + 3) === C.Digit);
}

function runBefore(text: string, p: number, q: number): [number, boolean] {
  let a = q;
  let digits = false;
  while (a > p && isAlnum(classAt(text, a - 1))) {
    if (classAt(text, a - 1) === C.Digit) digits = true;
    a--;
  }
  return [a, digits];
}

function runAfter(text: string, q: number, e: number): [number, boolean] {
  let b = q + 1;
  let digits = false;
  while (b < e && isAlnum(classAt(text, b))) {
    if (classAt(text, b) === C.Digit) digits = true;
    b += width(text, b);
  }
  return [b, digits];
}

/** EWT keeps dates (10/23/2000, 9/11) whole and splits fractions and "and/or", "c/o". */
function keepSlash(text: string, p: number, q: number, e: number): boolean {
  const [a, dl] = runBefore(text, p, q);
  const [b, dr] = runAfter(text, q, e);
  if (!dl || !dr) return false;
  if (a > p && text.charCodeAt(a - 1) === 47) return true; // the second slash of a date
  if (b < e && text.charCodeAt(b) === 47 && b + 1 < e && classAt(text, b + 1) === C.Digit) return true;
  return text.slice(a, b) === '9/11';
}

/** hasDigit and hasLetter: whether text[p, q) has a digit, a letter. */
function keepHyphen(text: string, p: number, q: number, e: number, hasDigit: boolean, hasLetter: boolean): boolean {
  const [a, dl] = runBefore(text, p, q);
  const [, dr] = runAfter(text, q, e);
  // Codes that mix letters and digits stay whole (x3-9890); number ranges split (5-10, 1969-1970).
  if (hasDigit && dr && hasLetter) return true;
  if (dl || dr) return false;
  if (a !== p && text.charCodeAt(a - 1) === 45) return false;
  return HYPHEN_PREFIXES.has(text.slice(a, q).toLowerCase());
}

/** Letters after a number that EWT writes as a separate word: 7:30PM → 7:30 PM, 35mm → 35 mm, 3x5 → 3 x 5. */
const UNITS = new Set(
  'am pm a p k m mm cm km kg g mg lb lbs oz ft yd mi mph kph gb mb kb tb ghz mhz hz hr hrs h min mins sec secs yr yrs x ml l'.split(' '),
);

/** Whether a unit starts at q, right after a plain number (the caller checks that: "x3" or "ld2d" are codes). */
function unitFollows(text: string, q: number, e: number): boolean {
  let r = q;
  while (r < e && classAt(text, r) === C.Letter) r++;
  const unit = text.slice(q, r).toLowerCase();
  if (!UNITS.has(unit)) return false;
  if (r < e && classAt(text, r) === C.Digit) return unit === 'x';
  return true;
}

/** File extensions and top-level domains: after a period they make one token with what precedes. */
const EXTENSIONS = new Set(
  (
    'com net org edu gov mil int info biz us uk ca au de fr ru jp cn in it nl es se ch at be dk nz za br mx co io tv ac ' +
    'doc docx xls xlsx pdf htm html txt jpg jpeg gif png zip ppt pptx exe url csv xml asp aspx php cgi js css mp3 wav avi mov dat log msg rtf wpd'
  ).split(' '),
);

/**
 * Whether a file extension starts at q, after a period; `alone` when the period starts its chunk
 * ("the extension .gz"), where the short extensions of PATH_EXTENSIONS count too.
 */
function fileExtensionAt(text: string, q: number, e: number, alone = false): boolean {
  let r = q;
  while (r < e && classAt(text, r) === C.Letter) r++;
  if (r < e && isAlnum(classAt(text, r))) return false;
  const ext = text.slice(q, r);
  return (r - q >= 3 && EXTENSIONS.has(ext.toLowerCase())) || (alone && r - q >= 2 && PATH_EXTENSIONS.has(ext));
}

/** Whether the period at q joins two words with a missing space; `at` is the chunk's last '@' (-1 if none). */
function missingSpace(text: string, p: number, q: number, e: number, at: number, hasPeriod: boolean): boolean {
  if (hasPeriod) return false;
  let a = q;
  while (a > p && classAt(text, a - 1) === C.Letter) a--;
  if (a === q || (a > p && classAt(text, a - 1) === C.Digit)) return false;
  let b = q + 1;
  while (b < e && classAt(text, b) === C.Letter) b++;
  if (b - q - 1 < 2 || (b < e && (classAt(text, b) === C.Digit || text.charCodeAt(b) === 46 || text.charCodeAt(b) === 64))) return false;
  if (q - a < 2 && !(a > p && isApostrophe(text.charCodeAt(a - 1)))) return false;
  if (at >= q) return false; // an e-mail address
  return !EXTENSIONS.has(text.slice(q + 1, b).toLowerCase());
}

/** Abbreviations whose period EWT writes as a separate token when they end a sentence. */
const ENDS_SENTENCE_ABBREVIATIONS = new Set('etc inc co corp ltd llc bros no nos al approx est ext p.m a.m info k oz lb lbs'.split(' '));

/** Whether what follows position i looks like the start of a new sentence (or the end of a paragraph). */
function sentenceStartsAfter(text: string, i: number): boolean {
  let j = i;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 10) return true;
    if (c !== 32 && c !== 9 && c !== 13) break;
    j++;
  }
  if (j >= text.length) return true;
  if (j === i) return false;
  const ch = text[j];
  return ch !== ch.toLowerCase();
}

function isAbbreviation(text: string, p: number, q: number, hasPeriod: boolean, hasDigit: boolean): boolean {
  if (hasDigit) return false;
  const len = q - p;
  if (hasPeriod) {
    // U.S, e.g, p.m, a.k.a: single letters between periods; otherwise a domain or file name.
    let piece = 0;
    let allSingle = true;
    for (let i = p; i <= q; i++) {
      if (i === q || text.charCodeAt(i) === 46) {
        if (piece !== 1) allSingle = false;
        piece = 0;
      } else piece++;
    }
    return allSingle || ABBREVIATIONS.has(text.slice(p, q).toLowerCase());
  }
  if (len === 1) return classAt(text, p) === C.Letter && text.charCodeAt(p) >= 65 && text.charCodeAt(p) <= 90;
  return ABBREVIATIONS.has(text.slice(p, q).toLowerCase());
}

/** Pushes the word [p, q) split into its syntactic words; returns where scanning goes on. */
function pushWord(text: string, p: number, q: number, out: WordSpan[], state: { openSingleQuote: boolean }): number {
  const len = q - p;
  // Clitics after an apostrophe: n't, 's, 'm, 're, 've, 'll, 'd — repeatedly from the end (I'd've).
  let cuts: number[] | undefined;
  let end = q;
  for (;;) {
    let cut = -1;
    let a = end - 1;
    while (a > p && !isApostrophe(text.charCodeAt(a))) {
      if (end - a > 3) break;
      a--;
    }
    if (a > p && isApostrophe(text.charCodeAt(a))) {
      const tail = text.slice(a + 1, end).toLowerCase();
      if (tail === 't' && (text.charCodeAt(a - 1) | 32) === 110 && a - 1 > p) cut = a - 1;
      else if (APOSTROPHE_CLITICS.has(tail)) cut = a;
    }
    if (cut < 0) break;
    (cuts ??= []).push(cut);
    end = cut;
  }
  if (cuts === undefined && len >= 2 && len <= 8) {
    const bare = BARE_BY_HASH.get(lowerHash(text, p, q));
    if (bare !== undefined && text.slice(p, q).toLowerCase() === bare[0]) cuts = [p + bare[1]];
  }
  // Plural possessive: "parents' house" — the apostrophe after a final s, when no single quote is open.
  let possessive = -1;
  if (
    q < text.length &&
    isApostrophe(text.charCodeAt(q)) &&
    text.charCodeAt(q) !== 96 &&
    (text.charCodeAt(q - 1) | 32) === 115 &&
    !state.openSingleQuote &&
    (q + 1 >= text.length || classAt(text, q + 1) === C.Space)
  ) {
    possessive = q;
  }
  let start = p;
  if (cuts) {
    for (let i = cuts.length - 1; i >= 0; i--) {
      out.push(start === p ? { start, end: cuts[i] } : { start, end: cuts[i], joinsPrevious: true });
      start = cuts[i];
    }
  }
  out.push(start === p ? { start, end: q } : { start, end: q, joinsPrevious: true });
  if (possessive < 0) return q;
  out.push({ start: q, end: q + 1, joinsPrevious: true });
  return q + 1;
}

const RUN_CHARS = new Set([46, 33, 63, 45, 42, 61, 126, 95, 60, 62, 35, 43, 0x2026]);

function scanPunct(text: string, p: number, e: number, chunkStart: number, out: WordSpan[], state: { openSingleQuote: boolean }): number {
  const c = text.charCodeAt(p);
  let q = p + width(text, p);
  if (c === 46 && q < e && classAt(text, q) === C.Letter && fileExtensionAt(text, q, e, p === chunkStart)) {
    // ".doc": a file extension on its own
    while (q < e && classAt(text, q) === C.Letter) q++;
  } else if (c === 46 || c === 33 || c === 63) {
    // Sentence punctuation runs: "...", "!!!", "?!", ".?"
    while (q < e && (text.charCodeAt(q) === 46 || text.charCodeAt(q) === 33 || text.charCodeAt(q) === 63)) q++;
  } else if (RUN_CHARS.has(c)) {
    while (q < e && text.charCodeAt(q) === c) q++;
  } else if ((c === 39 || c === 96) && q < e && text.charCodeAt(q) === c) {
    q++; // '' and ``
  } else if (c === 0x2018 || c === 0x2019) {
    if (q < e && (text.charCodeAt(q) === 0x2019 || text.charCodeAt(q) === 0x2018)) q++;
  } else if (q < e) {
    // Emoji modifiers, variation selectors and zero-width joiners stay with their symbol.
    for (;;) {
      if (q >= e) break;
      const d = text.codePointAt(q) ?? 0;
      if (d === 0xfe0f || d === 0xfe0e || (d >= 0x1f3fb && d <= 0x1f3ff)) {
        q += width(text, q);
      } else if (d === 0x200d && q + 1 < e) {
        q += 1;
        q += width(text, q);
      } else break;
    }
  }
  if (c === 39 || c === 0x2018 || c === 0x2019) {
    // Track single quotes so that a closing one is not read as a plural possessive.
    const atWordStart = p === chunkStart || !isAlnum(classAt(text, p - 1));
    if (atWordStart && q < e && isAlnum(classAt(text, q))) state.openSingleQuote = true;
    else if (!atWordStart) state.openSingleQuote = false;
  }
  out.push({ start: p, end: q });
  return q;
}
