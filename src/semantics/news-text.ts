/**
 * AG News stores title and description verbatim from its CSV: a backslash
 * stands for a former newline and HTML entities lost their '&'
 * (" #36;" = "$", "#39;" = "'", "quot;" = '"'). The text a reader saw is
 * rebuilt here, once, for training and evaluation alike.
 */
const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

export function unescapeAg(s: string): string {
  return s
    .replace(/\\/g, ' ')
    .replace(/\s?#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\b(quot|amp|lt|gt|apos);/g, (_, e: string) => ENTITIES[e])
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** AG title and description as one text: "Title. Description". */
export function agText(title: string, description: string): string {
  const t = unescapeAg(title);
  const d = unescapeAg(description);
  return /[.!?]$/.test(t) ? `${t} ${d}` : `${t}. ${d}`;
}
