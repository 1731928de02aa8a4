/**
 * Tokens for French, Portuguese, Spanish and German, from the English
 * tokenizer's (src/doc/tokenize.ts, which stays as it is for English):
 *
 * 1. The English clitic splits are undone ("im" is not "I" + "m" in German,
 *    "don't"-style rules mean nothing here): a word the tokenizer split off
 *    the previous one is joined back.
 *    Hyphenated words are joined back too ("peut-être", "US-Präsident",
 *    "Jean-Pierre" are one token in these treebanks), except a French
 *    inverted subject or object pronoun, which keeps its hyphen as its own
 *    token: "dit-il" → "dit" + "-il".
 *    German compounds stay whole too although the German treebanks cut them
 *    at the hyphen: the pack's NER learned whole ones (models/deu/MODEL_CARD.md).
 *    Numbers with a decimal comma ("9,2", "1.430,00") and a currency written
 *    with its country's letters ("US$", "R$") are one token, as the four
 *    languages' treebanks write them, and so are a Portuguese hour with its
 *    "h" ("19h") and a French number with spaced thousands ("80 000"); the
 *    English tokenizer cuts them apart. French "a-t-il" is "a" + "-t-il";
 *    "l'on", "c'est-à-dire" and "celui-ci" stay whole, as the treebanks
 *    write them. A sentence glued to the next one without a space
 *    ("habita.O jornalista") is cut after its full stop.
 * 2. French elision is split off as its own surface token, as the UD French
 *    treebanks write it: "l'été" → "l'" + "été", "qu'il" → "qu'" + "il".
 * 3. Contractions of a preposition and an article or pronoun become UD
 *    multiword tokens: the syntactic words ("du" → "de" + "le", "do" →
 *    "de" + "o", "del" → "de" + "el", "zum" → "zu" + "dem") are the Doc's
 *    tokens, each with the offsets of the whole surface token, every word after
 *    the first marked `joinsPrevious`. The tables hold the contractions that
 *    are a multiword token in at least 60% of their occurrences in the
 *    language's UD training data; a form that is one only in some contexts
 *    (French "des": the article, or de + les) is decided by the pack's trained
 *    model where it has one (ambiguous-contractions.ts), else kept whole.
 *    Portuguese pronouns joined to a verb by a hyphen are words of their own,
 *    as in both Portuguese treebanks: "trata-se" → "trata" + "se",
 *    "apresenta-se-lhe" → "apresenta" + "se" + "lhe", and a pronoun inside a
 *    future or conditional verb (mesoclisis) leaves the verb whole:
 *    "poder-se-á" → "poderá" + "se", "torná-la-ia" → "tornaria" + "la".
 */
import { Doc, type TokenSpan } from '../doc/doc.js';
import { splitAmbiguous, type ContractionModel } from './ambiguous-contractions.js';

const FRENCH: Record<string, string[]> = {
  du: ['de', 'le'],
  au: ['à', 'le'],
  aux: ['à', 'les'],
  auquel: ['à', 'lequel'],
  auxquels: ['à', 'lesquels'],
  auxquelles: ['à', 'lesquelles'],
  duquel: ['de', 'lequel'],
};

/** Portuguese: preposition (de, em, a, por) + article, demonstrative or personal pronoun. */
const PORTUGUESE: Record<string, string[]> = (() => {
  const out: Record<string, string[]> = {
    ao: ['a', 'o'], aos: ['a', 'os'], à: ['a', 'a'], às: ['a', 'as'],
    pelo: ['por', 'o'], pela: ['por', 'a'], pelos: ['por', 'os'], pelas: ['por', 'as'],
    àquele: ['a', 'aquele'], àquela: ['a', 'aquela'], àqueles: ['a', 'aqueles'], àquelas: ['a', 'aquelas'],
    donde: ['de', 'onde'], daí: ['de', 'aí'], dali: ['de', 'ali'], daqui: ['de', 'aqui'],
  };
  const second = ['o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'ele', 'ela', 'eles', 'elas',
    'este', 'esta', 'estes', 'estas', 'isto', 'esse', 'essa', 'esses', 'essas', 'isso',
    'aquele', 'aquela', 'aqueles', 'aquelas', 'aquilo', 'outro', 'outra', 'outros', 'outras'];
  for (const w of second) {
    // de + um → dum, em + um → num; de + o → do, em + o → no; de + ele → dele, em + ele → nele
    out[`d${w}`] = ['de', w];
    out[`n${w}`] = ['em', w];
  }
  // "nos", "nas" … as contractions; "nos" is also a pronoun, but the contraction is ten times as frequent.
  return out;
})();

const SPANISH: Record<string, string[]> = { del: ['de', 'el'], al: ['a', 'el'] };

const GERMAN: Record<string, string[]> = {
  im: ['in', 'dem'], ins: ['in', 'das'], am: ['an', 'dem'], ans: ['an', 'das'],
  zum: ['zu', 'dem'], zur: ['zu', 'der'], vom: ['von', 'dem'], beim: ['bei', 'dem'],
};

/** Portuguese object and reflexive pronouns that follow a verb after a hyphen (enclisis and mesoclisis). */
const PORTUGUESE_CLITIC = '(?:me|te|se|nos|vos|lhes?|[ln]?[oa]s?)';
/** verb-pronoun, verb-pronoun-pronoun; lower-case pronouns only ("dia-a-dia", "Entre-os-Rios" are words). */
const PORTUGUESE_ENCLISIS = new RegExp(`^(\\p{L}{2,})-(${PORTUGUESE_CLITIC})(?:-(${PORTUGUESE_CLITIC}))?$`, 'u');
/** A pronoun between a future or conditional stem and its ending: "poder-se-á", "dir-lhe-ia". */
const PORTUGUESE_MESOCLISIS = new RegExp(`^(\\p{L}{2,})-(${PORTUGUESE_CLITIC})-(ás?|ão|ei|eis|emos|ias?|íamos|íeis|iam)$`, 'u');

/** The syntactic words of a Portuguese verb with hyphenated pronouns, or undefined for any other form. */
export function portugueseClitics(form: string): string[] | undefined {
  const meso = PORTUGUESE_MESOCLISIS.exec(form);
  if (meso) {
    // "torná-la-ia": the stem before -lo/-la lost its r and took an accent (tornar → torná)
    const stem = meso[1]!.replace(/[áéêô]$/u, (c) => ({ á: 'ar', é: 'er', ê: 'er', ô: 'or' })[c]!);
    return [stem + meso[3]!, meso[2]!];
  }
  const enc = PORTUGUESE_ENCLISIS.exec(form);
  if (!enc) return undefined;
  return enc[3] === undefined ? [enc[1]!, enc[2]!] : [enc[1]!, enc[2]!, enc[3]!];
}

/**
 * Spanish pronouns written onto an infinitive or gerund: a verb ending, at
 * most one of se/me and one of lo/la/los/las/le/les. te, nos and os are left
 * out: words ending in them are mostly not verbs ("fuerte", "modernos",
 * "primeros" against "verte", "vernos").
 */
const SPANISH_ENCLISIS = /^(\p{Ll}*?)(ar|er|ir|ár|ér|ír|ando|iendo|yendo|ándo|iéndo|yéndo)(se|me)?(l[oa]s?|les?)?$/u;
/** Verb stems shorter than two letters that are verbs: dar, ver, ser, oír, ir. */
const SHORT_SPANISH_STEMS = new Set(['d', 'v', 's', 'o', '']);
const UNACCENTED: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i' };

/**
 * The syntactic words of a Spanish infinitive or gerund with pronouns written
 * onto it ("darle" → "dar" + "le", "dándole" → "dando" + "le", "quitárselas"
 * → "quitar" + "se" + "las"), in lower case, or undefined. A capitalized
 * form only at the start of a sentence ("Charles", "Carlos" are names).
 */
export function spanishClitics(form: string, sentenceInitial: boolean): string[] | undefined {
  const lower = form.toLowerCase();
  if (lower !== form && (!sentenceInitial || form.slice(1) !== lower.slice(1))) return undefined;
  const m = SPANISH_ENCLISIS.exec(lower);
  if (!m || (m[3] === undefined && m[4] === undefined)) return undefined;
  const stem = m[1]!;
  if (stem.length < 2 && !SHORT_SPANISH_STEMS.has(stem)) return undefined;
  // the accent the pronouns added goes (dándole → dando); oír and reír keep theirs
  const ending = m[2]!.startsWith('í') && /[aeiou]$/u.test(stem) ? m[2]! : m[2]!.replace(/[áéí]/u, (c) => UNACCENTED[c]!);
  const words = [stem + ending];
  if (m[3] !== undefined) words.push(m[3]);
  if (m[4] !== undefined) words.push(m[4]);
  return words;
}

/** French pronouns after an inverted verb ("dit-il", "est-ce", "donne-le"): their own token, hyphen included. */
const FRENCH_INVERTED = /^(?:je|tu|il|elle|on|nous|vous|ils|elles|ce|le|la|les|lui|leur|moi|toi|en|y|là)$/iu;
/** The pronouns after an inverted verb's euphonic t ("a-t-il"): the treebanks' token is "-t-il". */
const FRENCH_AFTER_T = /^(?:il|elle|on|ils|elles)$/iu;
/** Words the French treebanks keep whole although they start like an elision. */
const FRENCH_UNELIDED = /^(?:l['’]on|c['’]est-à-dire)$/iu;
const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^\p{L}/u;

interface LanguageTokens {
  contractions: Record<string, string[]>;
  /** The second part of a hyphenated word that stays a token of its own, with the hyphen. */
  hyphenSuffix?: RegExp;
  /** Elided words split off before the apostrophe's next letter. */
  elision?: RegExp;
  /** Words that match `elision` but stay whole. */
  unelided?: RegExp;
  /** The inverted pronoun after a euphonic t ("a-t-il" → "a" + "-t-il"). */
  afterEuphonicT?: RegExp;
  /** Thousands written with a space ("80 000") are one token. */
  spacedThousands?: boolean;
  /** A surface token's syntactic words by a rule of the language (pronouns joined to a verb). */
  splitWord?: (form: string, sentenceInitial: boolean) => string[] | undefined;
  /** An hour and its "h" are one token ("19h"; the French treebanks write "19 h" as two). */
  wholeHours?: boolean;
}

const RULES: Readonly<Record<string, LanguageTokens>> = {
  fra: {
    contractions: FRENCH,
    hyphenSuffix: FRENCH_INVERTED,
    elision: /^(?:qu|jusqu|lorsqu|puisqu|quoiqu|presqu|[cdjlmnst])['’](?=\p{L})/iu,
    unelided: FRENCH_UNELIDED,
    afterEuphonicT: FRENCH_AFTER_T,
    spacedThousands: true,
  },
  por: { contractions: PORTUGUESE, splitWord: portugueseClitics, wholeHours: true },
  spa: { contractions: SPANISH, splitWord: spanishClitics },
  deu: { contractions: GERMAN },
};

/** Whether `language` has its own token rules (else its Doc is the English tokenizer's). */
export function hasTokenRules(language: string): boolean {
  return RULES[language] !== undefined;
}

/** The parts' case follows the surface token's: "Du" → "De" + "le", "DU" → "DE" + "LE". */
function casedLike(surface: string, parts: readonly string[]): string[] {
  if (surface.length > 1 && surface === surface.toUpperCase() && surface !== surface.toLowerCase()) return parts.map((p) => p.toUpperCase());
  const first = surface[0]!;
  if (first !== first.toLowerCase()) return parts.map((p, i) => (i === 0 ? p[0]!.toUpperCase() + p.slice(1) : p));
  return [...parts];
}

interface Piece {
  start: number;
  end: number;
  /** A sentence ends after this piece (a full stop glued to the next sentence). */
  endsSentence?: boolean;
}

const DIGITS = /^[0-9]+$/;
const THREE_DIGITS = /^[0-9]{3}$/;
/** A number that a group of three digits after a space continues: "80", "1 250". */
const SPACED_NUMBER = /^[0-9]{1,3}(?: [0-9]{3})*$/;
const SPACED_GROUP_GAP = /[ \u00a0\u202f]/;
/** A currency sign's country letters: "US" $, "R" $, "NZ" $. */
const CURRENCY_LETTERS = /^\p{Lu}{1,3}$/u;
/** A word, a full stop and the next sentence's first word, with no space between ("habita.O", "00.Em"). */
const GLUED_SENTENCES = /^([\p{L}\p{N}]{2,})\.(\p{Lu}\p{Ll}*)$/u;

/**
 * Adjacent tokens joined into one where the English tokenizer cut a number
 * with a decimal comma ("9" "," "2"), a currency ("US" "$") or, with
 * `hours`, an hour ("19" "h"); a token of two glued sentences cut into word,
 * full stop and word.
 */
function wholeTokens(text: string, tokens: readonly Piece[], hours: boolean, spacedThousands: boolean): Piece[] {
  const out: Piece[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const form = text.slice(t.start, t.end);
    const prev = out[out.length - 1];
    // "80 000", "1 250 000": one space (or a no-break space) before each group of three digits
    if (spacedThousands && prev && t.start === prev.end + 1 && SPACED_GROUP_GAP.test(text[prev.end]!) && THREE_DIGITS.test(form) &&
        SPACED_NUMBER.test(text.slice(prev.start, prev.end))) {
      prev.end = t.end;
      continue;
    }
    if (prev && prev.end === t.start && !prev.endsSentence) {
      const before = text.slice(prev.start, prev.end);
      const next = tokens[k + 1];
      if (form === ',' && next && next.start === t.end && /[0-9]$/.test(before) && !before.includes(',') && DIGITS.test(text.slice(next.start, next.end))) {
        prev.end = next.end;
        k++;
        continue;
      }
      if ((form === '$' && CURRENCY_LETTERS.test(before)) || (hours && form === 'h' && DIGITS.test(before) && before.length <= 2)) {
        prev.end = t.end;
        continue;
      }
    }
    const glued = GLUED_SENTENCES.exec(form);
    if (glued) {
      const dot = t.start + glued[1]!.length;
      out.push({ start: t.start, end: dot }, { start: dot, end: dot + 1, endsSentence: true }, { start: dot + 1, end: t.end });
      continue;
    }
    out.push({ ...t });
  }
  return out;
}

/** Whether surface tokens k..k+3 are "-", "t", "-" and a pronoun of `pronouns`, with no space between them. */
function euphonicT(text: string, surface: readonly Piece[], k: number, pronouns: RegExp): boolean {
  const run = surface.slice(k, k + 4);
  if (run.length < 4 || run.some((p, i) => i > 0 && run[i - 1]!.end !== p.start)) return false;
  const [h1, t, h2, pronoun] = run.map((p) => text.slice(p.start, p.end));
  return h1 === '-' && t!.toLowerCase() === 't' && h2 === '-' && pronouns.test(pronoun!);
}

/**
 * The Doc with `language`'s tokens (see the file comment); the same Doc for
 * a language without rules, English included. `ambiguous`: the pack's model
 * for forms that are a contraction only in some contexts (French "des").
 */
export function languageTokens(doc: Doc, language: string, ambiguous?: ContractionModel): Doc {
  const rules = RULES[language];
  if (!rules || doc.length === 0) return doc;
  const text = doc.text;
  const spans: TokenSpan[] = [];
  const ends: number[] = [];
  for (let s = 0; s < doc.sentenceCount; s++) {
    // 1. surface tokens: English clitic splits joined back
    const surface: { start: number; end: number }[] = [];
    for (let i = doc.sentStart[s]; i < doc.sentEnd[s]; i++) {
      const last = surface[surface.length - 1];
      if (doc.joinsPrevious[i] && last && last.end === doc.start16[i]) last.end = doc.end16[i];
      else surface.push({ start: doc.start16[i], end: doc.end16[i] });
    }
    // hyphenated words: A - B with no space → A-B, or A + -B for a French inverted pronoun
    const joined: { start: number; end: number }[] = [];
    for (let k = 0; k < surface.length; k++) {
      const t = surface[k]!;
      const prev = joined[joined.length - 1];
      const next = surface[k + 1];
      // "a-t-il": the verb, then the euphonic t with its pronoun as one token
      if (rules.afterEuphonicT && prev?.end === t.start && euphonicT(text, surface, k, rules.afterEuphonicT)) {
        joined.push({ start: t.start, end: surface[k + 3]!.end });
        k += 3;
        continue;
      }
      if (prev && next && text.slice(t.start, t.end) === '-' && prev.end === t.start && t.end === next.start &&
          WORD_END.test(text.slice(prev.start, prev.end)) && WORD_START.test(text.slice(next.start, next.end))) {
        if (rules.hyphenSuffix?.test(text.slice(next.start, next.end))) joined.push({ start: t.start, end: next.end });
        else prev.end = next.end;
        k++;
        continue;
      }
      joined.push({ ...t });
    }
    // numbers, currencies and hours made whole; sentences glued without a space cut apart
    const whole = wholeTokens(text, joined, rules.wholeHours === true, rules.spacedThousands === true);
    // 2. elision
    const pieces: Piece[] = [];
    for (const t of whole) {
      const form = text.slice(t.start, t.end);
      const elided = rules.unelided?.test(form) ? null : rules.elision?.exec(form);
      if (elided) pieces.push({ start: t.start, end: t.start + elided[0].length });
      pieces.push({ start: elided ? t.start + elided[0].length : t.start, end: t.end, endsSentence: t.endsSentence });
    }
    // 3. contractions: the pack's trained model for a form that is one only in some contexts, else the table
    const forms = pieces.map((t) => text.slice(t.start, t.end));
    pieces.forEach((t, k) => {
      const form = forms[k]!;
      const learned = ambiguous ? splitAmbiguous(ambiguous, forms, k) : undefined;
      const table = learned === undefined ? rules.contractions[form.toLowerCase()] : learned;
      const split = table ?? rules.splitWord?.(form, k === 0);
      const parts = split && casedLike(form, split);
      if (parts) {
        parts.forEach((p, i) => spans.push({ start: t.start, end: t.end, form: p, ...(i > 0 ? { joinsPrevious: true } : {}) }));
      } else {
        spans.push({ start: t.start, end: t.end });
      }
      if (t.endsSentence && k < pieces.length - 1) ends.push(spans.length);
    });
    ends.push(spans.length);
  }
  return new Doc(text, spans, ends);
}
