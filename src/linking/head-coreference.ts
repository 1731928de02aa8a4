/**
 * "the University", "University communications": a capitalized word that is one word of a longer name
 * the document links elsewhere ("Pennsylvania State University", written "Penn State") names that
 * entity, as the short name of a person names the person (name-coreference.ts). On its own such a word
 * reaches the best-known bearer of it (the University of Paris). After ranking, a mention that is one
 * such word, linked to an entity whose longer name has it, takes instead the entity that the
 * document's names of two words or more link to and whose name (label or title) has the word, when
 * exactly one such entity does; otherwise the ranker's choice stands. A word that is its link's own
 * title ("China", whose label is "People's Republic of China") is left alone. On GUM dev: P 64.2 → 66.0,
 * F1 36.8 → 37.8; AIDA testa and the ELEVANT dev sets unchanged.
 */
import type { KbEntity } from './knowledge-base.js';
import type { NameLink, NamedMention } from './name-coreference.js';
import { labelFromTitle } from './normalize.js';

const CAPITALIZED_WORD = /^\p{Lu}\p{Ll}+$/u;

/** The lower-cased words of an entity's label and title (without its disambiguator). */
function nameWords(e: KbEntity): Set<string> {
  return new Set(`${e.label} ${labelFromTitle(e.title ?? '')}`.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
}

/**
 * The links after reading one-word mentions of longer names as the document's entity of that name.
 * `tokens` are the document's; `links[i]` is mention i's link (undefined: none).
 */
export function resolveHeadWords(
  tokens: readonly string[],
  mentions: readonly NamedMention[],
  links: readonly (NameLink | undefined)[],
): (NameLink | undefined)[] {
  // One capitalized word linked to an entity whose name has it among other words, and is not it
  // ("University" → University_of_Paris; not "China" → China, whose label is longer but whose title is the word).
  const heads: number[] = [];
  mentions.forEach((m, i) => {
    const own = links[i];
    if (!own || m.end - m.start !== 1 || m.start === 0 || !CAPITALIZED_WORD.test(tokens[m.start])) return;
    const word = tokens[m.start].toLowerCase();
    const words = nameWords(own.entity);
    const plainTitle = labelFromTitle(own.entity.title ?? '').toLowerCase();
    if (words.size > 1 && words.has(word) && plainTitle !== word && own.entity.label.toLowerCase() !== word) heads.push(i);
  });
  if (heads.length === 0) return [...links];
  const out = [...links];
  // The entities that the document's names of two words or more link to, with their name words.
  // Indexed by name word: a head looks its word up once, however many entities the document links.
  const seen = new Set<number>();
  const byWord = new Map<string, NameLink[]>();
  links.forEach((l, j) => {
    if (!l || mentions[j].end - mentions[j].start < 2 || seen.has(l.entity.id)) return;
    seen.add(l.entity.id);
    const words = nameWords(l.entity);
    if (words.size < 2) return;
    for (const w of words) {
      const list = byWord.get(w);
      if (list) list.push(l);
      else byWord.set(w, [l]);
    }
  });
  for (const i of heads) {
    const bearers = byWord.get(tokens[mentions[i].start].toLowerCase()) ?? [];
    if (bearers.length !== 1) continue;
    const [link] = bearers;
    if (link.entity.id !== links[i]?.entity.id) out[i] = link;
  }
  return out;
}
