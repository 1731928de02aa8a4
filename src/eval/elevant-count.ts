/*
 * ELEVANT's counting of one document's links against gold labels that form
 * trees (Bast et al. 2022, the Fair benchmarks): a label may have child labels
 * that are alternatives to it — the same span with another entity ("American"
 * → the United States, or → Americans) — or its parts (a long name whose
 * pieces are labelled too). A tree counts once: one true positive when its
 * root, or every part that was tried, is linked right; one false negative
 * otherwise. A wrong link counts as a false positive wherever the tree lets
 * that label count. Gold spans match a link's span exactly or widened to word
 * boundaries ("Albert" in "Albert's").
 *
 * Mode: links to unknown entities are not predicted here, and gold labels
 * without an entity (NIL, DATETIME, QUANTITY) are no gold mentions but make
 * any link on their span wrong (ELEVANT's "ignored" mode for unknown
 * entities). Optional labels count neither way when linked right or not
 * linked, and a wrong link on them is a false positive. Coreference labels
 * are scored as optional (ELEVANT reports them in a class of their own).
 *
 * Spans are code-point offsets into the document's text.
 */

/** One gold label of a document. */
export interface GoldLabel {
  start: number;
  end: number;
  /** Wikidata QID, or '' for a label without an entity (NIL, DATETIME, QUANTITY). */
  qid: string;
  /** Optional or coreference: neither gold nor wrong when linked right or not linked. */
  optional: boolean;
  /** Index of the parent label in the same list (labels with a parent are alternatives or parts of it). */
  parent?: number;
}

/** A link the system made: code-point span and QID. */
export interface PredictedLink {
  start: number;
  end: number;
  qid: string;
}

export type CaseOutcome = 'tp' | 'fn' | 'fp';

/** What one label or one link counted as. */
export interface CountedCase<L extends PredictedLink = PredictedLink> {
  /** Index of the gold label, or undefined for a link on no gold span. */
  label?: number;
  /** The link on the label's span (or the link itself), as the caller gave it. */
  link?: L;
  outcomes: CaseOutcome[];
}

export interface DocumentCount<L extends PredictedLink = PredictedLink> {
  tp: number;
  fp: number;
  fn: number;
  /** Every label or link that counted (roots' tp/fn, every counted fp), for error lists. */
  cases: CountedCase<L>[];
}

const isWordChar = (c: string | undefined): boolean => c !== undefined && (/[\p{L}\p{N}]/u.test(c) || c === "'" || c === '"' || c === '_');

/**
 * A span widened to the word boundaries around it (letters, digits and ' " _
 * are inside words), as ELEVANT widens gold spans to find a link: "Albert" in
 * "Albert's" is matched by a link on "Albert's". Like ELEVANT, the right edge
 * stops before the text's last character, and an opening quote without its
 * closing one is not taken in.
 */
export function widenToWords(start: number, end: number, chars: readonly string[]): [number, number] {
  let a = start;
  let b = end;
  while (a > 0 && isWordChar(chars[a - 1])) a--;
  while (b < chars.length - 1 && isWordChar(chars[b])) b++;
  if (chars[a] === '"' && !chars.slice(a + 1, b).includes('"')) a++;
  return [a, b];
}

/**
 * Counts one document. `chars` is its text as code points; `window` the
 * evaluation span (links outside it on no gold span do not count).
 */
export function countDocument<L extends PredictedLink>(
  chars: readonly string[],
  labels: readonly GoldLabel[],
  links: readonly L[],
  window: readonly [number, number],
): DocumentCount<L> {
  const key = (a: number, b: number) => `${a}:${b}`;
  const linkAt = new Map<string, L>();
  for (const l of links) linkAt.set(key(l.start, l.end), l);
  const widened = labels.map((l) => widenToWords(l.start, l.end, chars));
  const found = labels.map((l, i) => linkAt.get(key(l.start, l.end)) ?? linkAt.get(key(widened[i][0], widened[i][1])));
  const children: number[][] = labels.map(() => []);
  labels.forEach((l, i) => {
    if (l.parent !== undefined) children[l.parent].push(i);
  });

  // Which labels count (ELEVANT's "factor"): a tree counts through its root
  // when the root was linked right or none of its labels was; otherwise
  // through the labels that were tried.
  const factor = new Map<number, number>();
  const decide = (i: number, forSibling: boolean): number => {
    const l = labels[i];
    const link = found[i];
    if (link && l.qid !== '' && link.qid === l.qid) {
      if (!forSibling) factor.set(i, 1);
      return 1;
    }
    let biggestChild = 0;
    for (const c of children[i]) biggestChild = Math.max(biggestChild, decide(c, false));
    if (l.parent === undefined) {
      const f = biggestChild === 0 ? 1 : 0;
      factor.set(i, f);
      return f;
    }
    let f = 0;
    const [pa, pb] = widened[l.parent];
    const sameSpanAsParent = pa === widened[i][0] && pb === widened[i][1];
    if (link && biggestChild === 0 && !sameSpanAsParent) f = 1;
    else if (!link && !forSibling && biggestChild === 0) {
      // A part left unlinked counts when another part of the same parent was linked.
      for (const s of children[l.parent]) if (s !== i && decide(s, true) > 0) {
        f = 1;
        break;
      }
    }
    if (!forSibling) factor.set(i, f);
    return Math.max(biggestChild, f);
  };
  labels.forEach((l, i) => {
    if (l.parent === undefined) decide(i, false);
  });

  const hasRequiredChild = (i: number): boolean => children[i].some((c) => !labels[c].optional || hasRequiredChild(c));
  const own = (i: number): CaseOutcome[] => {
    const l = labels[i];
    const link = found[i];
    if (!link) {
      if (l.optional && !(l.parent === undefined && hasRequiredChild(i))) return [];
      return l.qid !== '' ? ['fn'] : [];
    }
    const right = l.qid !== '' && link.qid === l.qid;
    if (l.optional) return right ? [] : ['fp'];
    if (l.qid === '') return ['fp'];
    return right ? ['tp'] : ['fn', 'fp'];
  };
  const outcomes = labels.map((_, i) => ((factor.get(i) ?? 0) !== 0 ? own(i) : []));
  // A root that does not count itself takes its outcome from the labels below it that count.
  const below = (i: number, into: Set<CaseOutcome>): Set<CaseOutcome> => {
    for (const c of children[i]) {
      below(c, into);
      if ((factor.get(c) ?? 0) !== 0) for (const o of outcomes[c]) into.add(o);
    }
    return into;
  };
  labels.forEach((l, i) => {
    if (l.parent !== undefined || factor.get(i) !== 0) return;
    const s = below(i, new Set());
    outcomes[i] = s.has('fn') ? ['fn'] : s.has('tp') && s.size === 1 ? ['tp'] : [];
  });

  const out: DocumentCount<L> = { tp: 0, fp: 0, fn: 0, cases: [] };
  labels.forEach((l, i) => {
    const root = l.parent === undefined;
    const counts = outcomes[i].filter((o) => (o === 'fp' ? (factor.get(i) ?? 0) !== 0 : root));
    for (const o of counts) out[o]++;
    if (counts.length) out.cases.push({ label: i, link: found[i], outcomes: counts });
  });
  const goldSpans = new Set<string>();
  labels.forEach((l, i) => {
    goldSpans.add(key(l.start, l.end));
    goldSpans.add(key(widened[i][0], widened[i][1]));
  });
  for (const link of links) {
    if (goldSpans.has(key(link.start, link.end)) || link.start < window[0] || link.end > window[1]) continue;
    out.fp++;
    out.cases.push({ link, outcomes: ['fp'] });
  }
  return out;
}

/** A gold mention: a root label with an entity, not optional, and every QID right at its span. */
export interface GoldMention {
  label: number;
  /** Its own QID first, then those of the alternatives on the same span (labels below it). */
  qids: string[];
}

/**
 * The gold mentions of a document (one per tree: the share of gold the KB
 * knows, disambiguation on gold spans and missed mentions are counted over these).
 */
export function goldMentions(chars: readonly string[], labels: readonly GoldLabel[]): GoldMention[] {
  const children: number[][] = labels.map(() => []);
  labels.forEach((l, i) => {
    if (l.parent !== undefined) children[l.parent].push(i);
  });
  const out: GoldMention[] = [];
  labels.forEach((l, i) => {
    if (l.parent !== undefined || l.optional || l.qid === '') return;
    const [a, b] = widenToWords(l.start, l.end, chars);
    const qids = [l.qid];
    const walk = (j: number) => {
      for (const c of children[j]) {
        const [ca, cb] = widenToWords(labels[c].start, labels[c].end, chars);
        if (ca === a && cb === b && labels[c].qid !== '' && !qids.includes(labels[c].qid)) qids.push(labels[c].qid);
        walk(c);
      }
    };
    walk(i);
    out.push({ label: i, qids });
  });
  return out;
}

/**
 * The labels a link on [start, end) would be judged against (those whose span,
 * as given or widened to word boundaries, is that span): for tools that judge
 * one link at a time (the NIL trainer, the error lists).
 */
export function labelsBySpan(chars: readonly string[], labels: readonly GoldLabel[]): (start: number, end: number) => GoldLabel[] {
  const bySpan = new Map<string, GoldLabel[]>();
  const add = (k: string, l: GoldLabel) => {
    const list = bySpan.get(k) ?? [];
    if (!list.includes(l)) list.push(l);
    bySpan.set(k, list);
  };
  for (const l of labels) {
    const [a, b] = widenToWords(l.start, l.end, chars);
    add(`${l.start}:${l.end}`, l);
    add(`${a}:${b}`, l);
  }
  return (start, end) => bySpan.get(`${start}:${end}`) ?? [];
}
