/**
 * Alias normalization shared by the KB builder and the linker, so that a
 * mention in the text and an alias in the KB meet on one key: Unicode
 * compatibility form, diacritics removed, lower case, periods and
 * apostrophes dropped ("U.S." = "us", "O'Neill" = "oneill"; a possessive split off its name is glued back:
 * "Alzheimer 's disease" = "alzheimers disease"), other
 * punctuation turned into spaces, whitespace collapsed.
 */
export function normalizeAlias(s: string): string {
  // Fast path: the common plain-ASCII word or name.
  if (/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/.test(s)) return s.toLowerCase();
  return s
    // A possessive the tokenizer split off ("Alzheimer 's disease", a tagged span's tokens) is the name's, as written.
    .replace(/\s+(['’]s)(?=\s|$)/gu, '$1')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[^\p{L}\p{N}&+]+/gu, ' ')
    .trim();
}

/**
 * Whether a surface form is an acronym ("U.S.", "US", "WHO"): such an alias
 * is kept even when its key is a function word ("us", "who").
 */
export function isAcronym(s: string): boolean {
  const t = s.trim();
  return /^(\p{Lu}\.){2,}$|^(\p{Lu}\.)+\p{Lu}$|^\p{Lu}{2,5}$/u.test(t);
}

/**
 * Whether a name is written as letters each followed by a full stop ("V.I.M.", "R.E.M.", "K.S.P"): its alias
 * key ("vim", "rem") is also an ordinary word or name, which such an entity is never written as.
 */
export function isDottedInitialism(s: string): boolean {
  return /^(\p{L}\.){2,}\p{L}?\.?$/u.test(s.trim());
}

/** Wikipedia title from an article URL, spaces as underscores, percent-decoded. */
export function titleFromUrl(url: string): string | undefined {
  const m = /\/wiki\/(.+)$/.exec(url.trim());
  if (!m) return undefined;
  let t = m[1];
  try {
    t = decodeURIComponent(t);
  } catch {
    // keep the raw form when it is not valid percent-encoding
  }
  return canonicalTitle(t);
}

/** Wikipedia's canonical title form: underscores for spaces, first letter upper case. */
export function canonicalTitle(title: string): string {
  const t = title.trim().replace(/ /g, '_');
  return t.length === 0 ? t : t[0].toUpperCase() + t.slice(1);
}

/** The name a title gives: underscores as spaces, without the disambiguator ("Paris_(Texas)" → "Paris"). */
export function labelFromTitle(title: string): string {
  return title.replace(/_/g, ' ').replace(/ \([^)]*\)$/, '');
}

/** English Wikipedia article address of a title. */
export function wikipediaLink(title: string): string {
  return `https://en.wikipedia.org/wiki/${encodeURI(title).replace(/\?/g, '%3F')}`;
}
