/**
 * A token-classification model's labels (config.json `id2label`) as textlens
 * mention types, and per-word labels decoded into mentions.
 *
 * Schemes: BIO (IOB2), IOB1, BIOES, BILOU and plain labels (`PER` with no
 * prefix, read as inside). Spans follow conlleval's rules, so a stray
 * `I-X` after `O` starts a mention and an `I-X` after `I-Y` starts another.
 *
 * Types: the names models use for the CoNLL-2003 classes become textlens'
 * PER/ORG/LOC/MISC (the classes the linker's type agreement and the type
 * filters know); every other class keeps its own name, upper-cased, so a
 * domain model's DRUG or GENE mentions are not folded into MISC. See
 * TYPE_ALIASES.
 */

/** Label prefixes after normalization (BILOU's L and U are BIOES' E and S). */
export type Prefix = 'B' | 'I' | 'E' | 'S' | 'O';

export interface ParsedLabel {
  prefix: Prefix;
  /** textlens type ('' for O). */
  type: string;
}

/** Upper-cased model class → textlens type. Classes not listed keep their own (upper-cased) name. */
export const TYPE_ALIASES: Readonly<Record<string, string>> = {
  PER: 'PER',
  PERS: 'PER',
  PERSON: 'PER',
  ORG: 'ORG',
  ORGANIZATION: 'ORG',
  ORGANISATION: 'ORG',
  CORPORATION: 'ORG',
  COMPANY: 'ORG',
  LOC: 'LOC',
  LOCATION: 'LOC',
  GPE: 'LOC',
  FAC: 'LOC',
  FACILITY: 'LOC',
  MISC: 'MISC',
  MISCELLANEOUS: 'MISC',
  NORP: 'MISC',
};

const PREFIXES: Readonly<Record<string, Prefix>> = { B: 'B', I: 'I', E: 'E', S: 'S', L: 'E', U: 'S' };

/** One id2label value, e.g. 'B-PER', 'I_ORG', 'S-LOC', 'U-PERSON', 'O', 'PER'. */
export function parseLabel(label: string): ParsedLabel {
  const trimmed = label.trim();
  if (trimmed === '' || trimmed.toUpperCase() === 'O') return { prefix: 'O', type: '' };
  const m = /^([BIESLU])[-_](.+)$/i.exec(trimmed);
  const prefix = m ? PREFIXES[m[1].toUpperCase()] : 'I';
  const raw = (m ? m[2] : trimmed).toUpperCase();
  return { prefix, type: TYPE_ALIASES[raw] ?? raw };
}

/**
 * The labels of config.json's id2label, by class index. Throws a message for
 * the caller to prefix with the file name when the map is not 0..n-1.
 */
export function labelsOf(id2label: unknown): ParsedLabel[] {
  if (id2label === null || typeof id2label !== 'object' || Array.isArray(id2label)) {
    throw new Error('has no id2label object (a token-classification config maps class ids to labels such as "B-PER")');
  }
  const entries = Object.entries(id2label as Record<string, unknown>);
  if (entries.length === 0) throw new Error('has an empty id2label');
  const labels: ParsedLabel[] = new Array(entries.length);
  for (const [k, v] of entries) {
    const i = Number(k);
    if (!Number.isInteger(i) || i < 0 || i >= entries.length || labels[i] !== undefined) {
      throw new Error(`has id2label keys that are not 0..${entries.length - 1} (got '${k}')`);
    }
    if (typeof v !== 'string') throw new Error(`has a non-string id2label value for id ${k}`);
    labels[i] = parseLabel(v);
  }
  return labels;
}

/** Spans [start, end) of words with their type, from per-word labels (conlleval's chunk rules). */
export function labelSpans(words: readonly ParsedLabel[]): { start: number; end: number; type: string }[] {
  const spans: { start: number; end: number; type: string }[] = [];
  let start = -1;
  let type = '';
  const close = (end: number) => {
    if (start >= 0) spans.push({ start, end, type });
    start = -1;
  };
  words.forEach((w, i) => {
    if (w.prefix === 'O') return close(i);
    if (w.prefix === 'B' || w.prefix === 'S' || start < 0 || w.type !== type) {
      close(i);
      start = i;
      type = w.type;
    }
    if (w.prefix === 'E' || w.prefix === 'S') close(i + 1);
  });
  close(words.length);
  return spans;
}
