/**
 * Document-level name coreference for people: news names a person in full
 * once ("Aung San Suu Kyi", "Andre Joubert") and by the end of the name
 * elsewhere ("Suu Kyi", "Joubert"), before or after the full form (a
 * headline often comes first). The short form means whoever the full form
 * means, so after ranking:
 * - a short mention takes the person the full mention links to, even when
 *   its own candidates lack that person ("Suu Kyi" before the KB knows the
 *   alias);
 * - a short mention of a full name that stays unlinked (a person the KB
 *   lacks) stays unlinked too, instead of linking the best-known bearer of
 *   the surname (Brian Joubert, the figure skater, in a rugby report).
 *
 * The full mention is one the NER tagged PER whose normalized name ends with
 * the short mention's whole words; the nearest one before the short mention,
 * else the only one after it. The short mention's own NER class does not
 * matter for taking over a linked person (the tagger often calls "Washington"
 * after "MaliVai Washington" LOC), but only a mention that may be a person
 * (tagged PER, or an alias match without a class) or that links a person is
 * unlinked with an unlinked full name: "London" after "Jack London" stays the
 * ranker's call, "Haas" (tagged ORG) before "Jay Haas" is no Tommy Haas.
 * Full mentions linked to something other than a person change nothing.
 * On AIDA testa end to end: F1 76.9 -> 77.5 (P 83.5 -> 84.3, R 71.2 -> 71.7).
 */
import type { KbEntity } from './knowledge-base.js';
import { normalizeAlias } from './normalize.js';

export interface NamedMention {
  start: number;
  end: number;
  text: string;
  label?: string;
}

export interface NameLink {
  entity: KbEntity;
  prior: number;
  probability: number;
}

/**
 * Every full-name mention (PER, ending with the mention's whole words, not
 * overlapping it) of each mention, in mention order. Mentions of one name
 * share one array (read-only): copies per mention grew with the square of
 * their number (10,000 "Obama" after 10,000 "Barack Obama" made 10⁸ entries).
 */
export function fullNamesOf(mentions: readonly NamedMention[]): (readonly number[])[] {
  const keys = mentions.map((m) => normalizeAlias(m.text));
  // The PER mentions under each of their keys' proper word-suffixes ("suu kyi", "kyi" of "aung san suu kyi"),
  // in mention order.
  const bySuffix = new Map<string, number[]>();
  mentions.forEach((m, j) => {
    if (m.label?.toUpperCase() !== 'PER') return;
    const key = keys[j];
    for (let at = key.indexOf(' '); at >= 0; at = key.indexOf(' ', at + 1)) {
      const suffix = key.slice(at + 1);
      const list = bySuffix.get(suffix);
      if (list) list.push(j);
      else bySuffix.set(suffix, [j]);
    }
  });
  const overlapping = overlapsOf(mentions);
  const none: readonly number[] = [];
  return mentions.map((m, i) => {
    const key = keys[i];
    if (key.length < 2 || !/^\p{Lu}/u.test(m.text)) return none;
    const group = bySuffix.get(key);
    if (group === undefined) return none;
    // a mention it overlaps is in its group when it has the group's definition (PER, a longer name ending in the key)
    const tail = ` ${key}`;
    const skip = overlapping.get(i)?.filter((j) => mentions[j].label?.toUpperCase() === 'PER' && keys[j].endsWith(tail));
    if (skip === undefined || skip.length === 0) return group;
    return group.filter((j) => !skip.includes(j));
  });
}

/** Per mention that overlaps others, those others (most mentions overlap none and are absent). */
function overlapsOf(mentions: readonly NamedMention[]): Map<number, number[]> {
  const order = mentions.map((_, i) => i).sort((a, b) => mentions[a].start - mentions[b].start);
  const out = new Map<number, number[]>();
  const add = (a: number, b: number) => {
    const list = out.get(a);
    if (list) list.push(b);
    else out.set(a, [b]);
  };
  for (let p = 0; p < order.length; p++) {
    const a = order[p];
    // sorted by start: the mentions that overlap a and start after it come right after it
    for (let q = p + 1; q < order.length && mentions[order[q]].start < mentions[a].end; q++) {
      add(a, order[q]);
      add(order[q], a);
    }
  }
  return out;
}

/** The index of the full-name mention each mention shortens (-1 for none). */
export function fullNameOf(mentions: readonly NamedMention[], all = fullNamesOf(mentions)): number[] {
  const keys = mentions.map((m) => normalizeAlias(m.text));
  return mentions.map((m, i) => {
    // the last, in mention order, that ends before this one starts
    const full = all[i];
    for (let k = full.length - 1; k >= 0; k--) if (mentions[full[k]].end <= m.start) return full[k];
    // None before: a later full form, when the document has only one such name.
    return full.length > 0 && full.every((j) => keys[j] === keys[full[0]]) ? full[0] : -1;
  });
}

const mayBePerson = (m: NamedMention) => m.label === undefined || m.label.toUpperCase() === 'PER';
const isPerson = (e: KbEntity) => e.dbpediaTypes.includes('Person');

/**
 * The links after coreference: `links[i]` is mention i's link from the
 * ranker (undefined: unlinked); `candidates(i)` its ranked candidates (for
 * the prior of the person it takes over).
 */
export function resolveShortNames<L extends NameLink>(
  mentions: readonly NamedMention[],
  links: readonly (L | undefined)[],
  candidates: (i: number) => readonly L[],
): (L | NameLink | undefined)[] {
  const all = fullNamesOf(mentions);
  const full = fullNameOf(mentions, all);
  return links.map((own, i) => {
    const j = full[i];
    if (j < 0) return own;
    // Two people of one surname ("Boris Yeltsin", "Naina Yeltsin"): a short name already linked to one of them keeps it.
    if (own && all[i].some((k) => links[k]?.entity.id === own.entity.id)) return own;
    const target = links[j];
    // An unlinked full name unlinks only mentions that may be people ("London" after "Jack London" stays the ranker's),
    // or that link a person: a headline's "Haas" tagged ORG before "Jay Haas" is no Tommy Haas.
    if (!target) return mayBePerson(mentions[i]) || (own !== undefined && isPerson(own.entity)) ? undefined : own;
    if (!isPerson(target.entity)) return own;
    if (own && own.entity.id === target.entity.id) return own;
    const mine = candidates(i).find((c) => c.entity.id === target.entity.id);
    return { entity: target.entity, prior: mine?.prior ?? 0, probability: target.probability };
  });
}

/**
 * A person's given name alone after (or before) the full name: "Isabel" in an interview with "Isabel Ruiz", the
 * Philippine province the KB knows by that name otherwise. A one-word mention that is a common given name (the
 * KB's list, `isGivenName`) and the first word of PER mentions of two words or more in the document means that
 * person: it takes the person their full name links to, or stays unlinked when the full name does (a person the
 * KB lacks), whatever its own class (the tagger calls "Isabel and I" a place). Full names of two people with that
 * given name, linked apart, leave the ranker's link.
 */
export function resolveGivenNames<L extends NameLink>(
  mentions: readonly NamedMention[],
  links: readonly (L | NameLink | undefined)[],
  candidates: (i: number) => readonly L[],
  isGivenName: (word: string) => boolean,
): (L | NameLink | undefined)[] {
  const byFirst = new Map<string, number[]>();
  mentions.forEach((m, j) => {
    if (m.label?.toUpperCase() !== 'PER' || m.end - m.start < 2) return;
    const first = m.text.split(/\s+/)[0];
    const list = byFirst.get(first);
    if (list) list.push(j);
    else byFirst.set(first, [j]);
  });
  if (byFirst.size === 0) return [...links];
  return links.map((own, i) => {
    const m = mentions[i];
    if (m.end - m.start !== 1) return own;
    const word = m.text.trim();
    const fulls = byFirst.get(word);
    if (!fulls || !isGivenName(word)) return own;
    const targets = new Set(fulls.map((j) => links[j]?.entity.id ?? -1));
    if (targets.size !== 1) return own;
    const target = links[fulls[0]];
    if (!target) return undefined;
    if (!isPerson(target.entity) || own?.entity.id === target.entity.id) return own;
    const mine = candidates(i).find((c) => c.entity.id === target.entity.id);
    return { entity: target.entity, prior: mine?.prior ?? 0, probability: target.probability };
  });
}
