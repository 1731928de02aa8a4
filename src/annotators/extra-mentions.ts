/**
 * Mention candidates of shapes a CoNLL-trained recognizer was never taught, added beside its mentions:
 *
 *   withShapeMentions(doc, nerMentions) → the NER mentions (hashtag words widened to take their '#')
 *                                         plus candidates for the linker to confirm
 *
 * - Hashtags and @-handles in tweet-like text (tweetLike below). The tokenizer gives "#Astros" as '#' +
 *   'Astros'; the mention takes both tokens, as tweet annotations do. A capitalized hashtag ("#Padres",
 *   "#BB11") is a candidate; a lower-case one ("#news", "#nowplaying") is a topic tag, no name. An NER
 *   mention on a hashtag's word keeps its label and takes the '#'. An @-handle is a user name, so a
 *   mention on it is a candidate only: it links when the knowledge base knows the handle as a name
 *   ("@youtube"), and otherwise stays silent instead of reading "@Cromwell" as Oliver Cromwell.
 * - Brand and product names written with a lower-case prefix before a capital ("macOS", "watchOS",
 *   "iPhone", "eBay"), which neither the recognizer nor the alias matcher's casing rules take as names.
 *
 * Candidates carry source 'alias': the linker keeps one only when it links it to a knowledge-base entity,
 * and drops it otherwise, so a shape alone never makes an entity (mention-entities.ts, the entities layer
 * without a knowledge base, reads NER mentions only).
 */
import type { Doc, Mention } from '../doc/doc.js';
import { nameMentions } from './mention-filter.js';

/**
 * '#' or '@' at the start of the text or after a blank or an opening bracket, glued to a word that starts
 * with a letter: "#5" and "@ 3pm" are numbers, not tags.
 */
const TAG = /(?<![^\s([{"'“‘])[#@][\p{L}_]/gu;

/** How many hashtags/handles per 1,000 characters make a long text tweet-like (a thread, a feed dump). */
const TAGS_PER_KCHAR = 2;

/** Texts this short with one hashtag or handle read as a post (a tweet is at most 280 characters). */
const SHORT_POST = 1000;

/**
 * Whether the text reads like social-media posts: it has hashtags or @-handles, and either it is short or
 * they are dense. A news article or a manual that mentions one "#1" or "@home" is not.
 */
export function tweetLike(text: string): boolean {
  let tags = 0;
  for (const _ of text.matchAll(TAG)) tags++;
  if (tags === 0) return false;
  return text.length <= SHORT_POST || (tags * 1000) / text.length >= TAGS_PER_KCHAR;
}

/** A lower-case prefix then a capital ("macOS", "iPhone", "eBay"), with letters or digits only. */
const INNER_CAPITAL = /^\p{Ll}+\p{Lu}[\p{L}\p{N}]*$/u;

/** A hashtag whose word is a name: it starts with a capital or a digit and has a letter ("#Padres", "#BB11"). */
const NAME_TAG = /^(?=[\p{Lu}\p{N}])(?=.*\p{L})[\p{L}\p{N}_]+$/u;

/** Tag spans: [marker token, word token] pairs where the marker is glued to the word and starts a tag. */
function tagSpans(doc: Doc): { marker: number; word: number; kind: '#' | '@' }[] {
  const out: { marker: number; word: number; kind: '#' | '@' }[] = [];
  for (let i = 0; i + 1 < doc.length; i++) {
    const t = doc.tokens[i];
    if (t !== '#' && t !== '@') continue;
    if (doc.end16[i] !== doc.start16[i + 1]) continue;
    const before = doc.start16[i] > 0 ? doc.text[doc.start16[i] - 1] : ' ';
    if (!/[\s([{"'“‘]/u.test(before)) continue;
    if (!/^[\p{L}\p{N}_]+$/u.test(doc.tokens[i + 1])) continue;
    out.push({ marker: i, word: i + 1, kind: t });
  }
  return out;
}

export function withShapeMentions(doc: Doc, mentions: readonly Mention[]): Mention[] {
  let out = [...mentions];
  const taken = new Uint8Array(doc.length);
  const take = (m: Mention) => taken.fill(1, m.start, m.end);
  if (tweetLike(doc.text)) {
    const extra: Mention[] = [];
    for (const tag of tagSpans(doc)) {
      // A name on the tag's word: the recognizer's mention when it found one there.
      const onWord = out.findIndex((m) => m.start <= tag.word && tag.word < m.end);
      const whole = { start: tag.marker, end: tag.word + 1 };
      if (tag.kind === '#') {
        if (onWord >= 0) {
          const m = out[onWord];
          if (m.start === tag.word && m.end === tag.word + 1) out[onWord] = { ...m, ...whole };
          continue;
        }
        if (!NAME_TAG.test(doc.tokens[tag.word])) continue;
        extra.push({ ...whole, label: '', score: 0, source: 'alias' });
      } else {
        // A handle is no person's name in the prose: the recognizer's reading of it gives way to the candidate.
        if (onWord >= 0) out = out.filter((_, k) => k !== onWord);
        extra.push({ ...whole, label: '', score: 0, source: 'alias' });
      }
    }
    out.push(...extra);
  }
  for (const m of out) take(m);
  const shaped: Mention[] = [];
  for (let i = 0; i < doc.length; i++) {
    if (taken[i] || !INNER_CAPITAL.test(doc.tokens[i])) continue;
    shaped.push({ start: i, end: i + 1, label: '', score: 0, source: 'alias' });
  }
  // URLs, paths and code hold such tokens too ("/usr/bin/gitHub"): the same filter as NER mentions.
  out.push(...nameMentions(doc, shaped));
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}
