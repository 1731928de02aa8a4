/**
 * Boilerplate in a document's text: the parts a writer did not write about
 * the document's subject — licence notices, postal addresses, navigation and
 * cookie banners, e-mail signatures, e-mail headers and quoted replies. Topics
 * weigh them low and entities named only there get a low relevance (the
 * words stay in every layer: this only says how much they are about the
 * document).
 *
 *   detectBoilerplate(text) → [{ start, end, kind }]  (UTF-16 offsets, sorted, disjoint)
 *
 * What it recognises, and on what evidence (a phrase lexicon plus layout:
 * lines, blank-line paragraphs, short-line runs, the position in a message):
 * - licence: a paragraph (blank-line separated) with a phrase only licence
 *   notices use — GPL/LGPL ("WITHOUT ANY WARRANTY", "you can redistribute it
 *   and/or modify", "You should have received a copy of the"), MIT
 *   ("Permission is hereby granted"), BSD ("Redistribution and use in source
 *   and binary forms"), Apache ("you may not use this file except in
 *   compliance"), Creative Commons, SPDX tags, Debian's "/usr/share/common-licenses".
 *   The whole paragraph when at least half its sentences carry such a phrase
 *   or a licence's name, else only the sentences with a notice phrase (and
 *   licence-naming sentences next to them); a paragraph that names a licence
 *   right after a licence paragraph continues it. Also copyright lines
 *   ("Copyright (C) 1995-2022 …", "© 2024 … All rights reserved"), DEP-5
 *   "License: GPL-2+" fields, "License"/"Copyright" headings and lines that
 *   are only a licence's name ("The MIT License (MIT)").
 * - address: at least two kinds of address cue within a short stretch: a
 *   street (number + name + Street/Ave/Road/…, "Musterstraße 12", "12 rue …"),
 *   a US state + ZIP ("MA 02110-1301"), a UK postcode, a continental
 *   postcode + town after a comma or a line start ("80331 München"), a P.O.
 *   Box or a suite/floor; the stretch runs from the first cue to the last, and
 *   takes a country name right after it. Only the address itself, not the
 *   sentence around it: "write to the FSF, 51 Franklin St, …, Boston, MA
 *   02110-1301, USA" marks "51 Franklin St … USA".
 * - navigation: lines that only sites write ("Skip to content", "Toggle
 *   navigation", "Back to top", "Powered by …", "Share on Facebook"), menus
 *   (three or more items between | • · that include a site-section word),
 *   breadcrumbs from "Home", runs of three or more short lines that are mostly
 *   site-section words ("Home / News / Sport / Contact" one per line), and
 *   cookie-banner sentences ("We use cookies", "Accept all cookies").
 * - signature: the lines under a "-- " line up to a blank line (at most 10),
 *   a Debian changelog trailer (" -- Name <address>  date"), "Sent from my iPhone", a closing ("Best regards,") with a few short
 *   lines under it at the end of a message, and contact lines ("Tel: +44 …").
 * - email-header: a block of two or more header lines (From:, To:, Date:, …;
 *   Subject: is not marked: its words are the message's own summary),
 *   "-----Original Message-----", "On … wrote:" attribution lines.
 * - quoted-reply: lines starting with ">" — only in text that shows it is
 *   e-mail (a header block, an attribution line, a nested ">>" quote or a
 *   signature delimiter); otherwise ">" is a Markdown block quote, which is
 *   content.
 *
 * What it does not recognise: licence text without any of the notice
 * phrases (a bespoke licence in the writer's words), addresses with a single
 * cue ("10 Downing Street" alone — in prose that is a place the text is about),
 * addresses in formats outside the patterns above (Japanese, numberless
 * streets), navigation written as prose, menus of words outside the section
 * lexicon, signatures that are neither after "-- " nor under a closing at the
 * end, and anything in languages other than English beyond a few German and
 * French closings and street words. HTML pages cleaned with cleanHTML lose
 * most navigation before this runs (src/cleanup/main-content.ts); this is
 * what is left for plain text, stripTags and raw input.
 */
import type { Doc } from '../doc/doc.js';

export type BoilerplateKind = 'licence' | 'address' | 'navigation' | 'signature' | 'email-header' | 'quoted-reply';

export interface BoilerplateSpan {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  kind: BoilerplateKind;
}

/**
 * How much a word in boilerplate counts toward topics, and the factor on
 * the relevance of an entity named only there. Quoted replies count half:
 * a reply usually discusses what it quotes.
 */
export const BOILERPLATE_WEIGHT: Readonly<Record<BoilerplateKind, number>> = {
  licence: 0.1,
  address: 0.1,
  navigation: 0.1,
  signature: 0.1,
  'email-header': 0.1,
  'quoted-reply': 0.5,
};

interface Line {
  start: number;
  end: number;
  text: string;
}

// ---------------------------------------------------------------- lexicons

/** Words with any run of white space (line breaks too) between them. */
const phrase = (p: string) => p.trim().split(/\s+/).join('\\s+');

/** Phrases that occur in licence notices and practically nowhere else. */
const NOTICE = new RegExp(
  [
    ...[
      'without any warranty', 'without warranty of any kind', 'merchantability', 'fitness for a particular purpose',
      'redistribute it and/or modify', 'is free software; you can', 'is free; you can redistribute',
      'distributed in the hope that it will be useful', 'you should have received a copy of the',
      'as published by the free software foundation', 'any later version', 'write to the free software foundation',
      'permission is hereby granted', 'the above copyright notice', 'this permission notice',
      'redistribution and use in source and binary forms', 'redistributions of source code must retain',
      'redistributions in binary form must reproduce', 'nor the names of its contributors', 'are disclaimed',
      'in no event shall', 'licensed under the apache license', 'you may not use this file except in compliance',
      'you may obtain a copy of the license', 'unless required by applicable law or agreed to in writing',
      'governing permissions and limitations under the license', 'spdx-license-identifier',
      'all rights reserved', 'is licensed under a creative commons', 'licensed under the creative commons',
      'on debian systems, the complete text of', '/usr/share/common-licenses', 'gnu.org/licenses',
      'without restriction, including without limitation the rights', 'permission is granted to anyone to use this software',
      'this notice may not be removed or altered', 'free to change and redistribute it', 'no warranty, to the extent permitted by law',
    ].map(phrase),
    // "provided "AS IS"", "on an "AS IS" BASIS", in any quotes
    `["'\u201c\u2018]as[\\s-]+is["'\u201d\u2019]`,
  ].join('|'),
  'i',
);

/**
 * Words one of which every notice phrase contains, lower-case: a paragraph
 * without any is not read with NOTICE (a substring search is far cheaper than
 * the regex's alternation at every position).
 */
const NOTICE_KEYS = [
  'warrant', 'merchantab', 'fitness', 'redistribut', 'free', 'hope', 'received', 'later version', 'permission',
  'copyright', 'contributors', 'disclaimed', 'in no event', 'licen', 'applicable law', 'spdx', 'rights reserved',
  'creative commons', 'common-licenses', 'as is', 'as-is', 'notice may not',
];
const mayHaveNotice = (lower: string) => NOTICE_KEYS.some((k) => lower.includes(k));

/** A licence's name or the word itself: evidence only beside a notice phrase. */
const LICENCE_NAME =
  /\b(?:licen[cs]e[ds]?|licensing|copyright|copyleft|(?:a|l)?gpl(?:v?\d(?:\.\d)?\+?)?|gnu\s+(?:(?:lesser|library|affero|free\s+documentation)\s+)?general\s+public|creative\s+commons|warrant(?:y|ies)|liability)\b/i;

/** A copyright line: "Copyright (C) 1995-2022 …", "Copyright: 2001 …", "© 2024 …", "MIT © 2016 Jane Doe". */
const COPYRIGHT_LINE = /^\s*(?:[#*/;%!-]+\s*)?(?:copyright\s*(?:\(c\)|©)?\s*:?\s*(?:(?:19|20)\d\d|\(c\)|©)|(?:[\w.+-]{1,20}\s+)?(?:©\s*(?:(?:19|20)\d\d|\p{Lu})|\(c\)\s*(?:19|20)\d\d))/iu;
/** A line that is only a licence's name: "The MIT License (MIT)", "GNU GENERAL PUBLIC LICENSE", "Apache License, Version 2.0". */
const LICENCE_TITLE =
  /^\s*(?:#{1,6}\s*)?(?:the\s+)?(?:mit|isc|(?:new\s+|simplified\s+)?bsd(?:\s+\d-clause)?|apache|mozilla\s+public|eclipse\s+public|artistic|zlib|unlicense|(?:gnu\s+)?(?:lesser\s+|library\s+|affero\s+)?general\s+public)\s+licen[cs]e(?:\s*\([\w.-]+\))?(?:,?\s+version\s+[\d.]+(?:,\s+\w+\s+\d{4})?)?\s*$/i;
/** Whether a line can be a copyright line at all (the cheap test before COPYRIGHT_LINE). */
const mayBeCopyrightLine = (t: string) => t.includes('©') || t.includes('(c)') || t.includes('(C)') || t.includes('opyright') || t.includes('OPYRIGHT');
/** A heading that names the licence section. */
const LICENCE_HEADING = /^\s*(?:#{1,6}\s*)?(?:licen[cs]e|licensing|copyright|copying|legal|licen[cs]e\s+and\s+copyright|copyright\s+and\s+licen[cs]e)\s*:?\s*$/i;
/** A DEP-5 licence field ("License: GPL-2+", "License: BSD-3-clause"), a GNU --version line ("License GPLv3+: GNU GPL version 3 or later"). */
const LICENCE_FIELD = /^\s*Licen[cs]e:\s*\S+(?:\s+\S+){0,3}\s*$|^\s*License\s+(?:GPL|LGPL|AGPL|GFDL)v?\d[\w.+]*:/;

/** Words that stand for a site's sections and tools in menus. */
const NAV_WORDS = new Set(
  (
    'home|homepage|news|sport|sports|weather|business|world|politics|opinion|culture|lifestyle|travel|video|videos|' +
    'podcasts|blog|about|about us|contact|contact us|careers|jobs|help|faq|faqs|support|docs|documentation|pricing|' +
    'products|services|solutions|login|log in|sign in|sign up|register|search|menu|more|shop|store|events|press|' +
    'community|download|downloads|features|privacy|privacy policy|terms|terms of use|terms of service|sitemap|' +
    'site map|accessibility|subscribe|account|my account|cart|basket|resources|forum|forums|wiki|legal|imprint|' +
    'impressum|cookies|cookie policy|advertise|newsletter|partners|team|company|investors|developers|api|status'
  ).split('|'),
);

/** Lines that only sites write, standing alone on their line. */
const NAV_LINE =
  /^\s*(?:skip\s+to\s+(?:the\s+)?(?:main\s+)?(?:content|navigation|search|footer|menu)|jump\s+to\s+(?:main\s+)?(?:navigation|search|content)|toggle\s+(?:navigation|menu)|main\s+(?:menu|navigation)|back\s+to\s+top|go\s+to\s+top|you\s+are\s+here:?.*|(?:share|tweet|pin)\s+(?:this|on\s+\w+)(?:\s+\w+)?|share\s+this\s+(?:article|page|story|post):?|follow\s+us(?:\s+on\s+.{1,40})?|powered\s+by\s+.{1,40}|(?:privacy|cookie)\s+(?:policy|settings|preferences|notice)|terms\s+(?:of\s+(?:use|service)|and\s+conditions)|accept\s+(?:all\s+)?cookies|reject\s+all|manage\s+(?:cookies|preferences|consent)|(?:related|recommended)\s+(?:articles|posts|stories|links)|advertisement|print\s+this\s+page)\s*[:»›>|]?\s*$/i;

/** The longest line NAV_LINE can match ("you are here: …" and "powered by …" included). */
const NAV_LINE_MAX = 120;

/** A cookie-banner sentence. */
const COOKIE =
  /\b(?:(?:we|this\s+(?:web)?site|our\s+(?:web)?site|this\s+website)\s+(?:uses?|stores?|sets?)\s+cookies|accept\s+(?:all\s+)?cookies|cookie\s+(?:policy|settings|preferences|consent)|by\s+(?:continuing\s+to\s+(?:use|browse)|using)\s+(?:this|our)\s+(?:web)?site)\b/i;

const MENU_SEPARATOR = /\s+[|•·]\s+|\s*\|\s*/;
const BREADCRUMB_SEPARATOR = /\s+(?:>|»|›|\/)\s+/;

/** E-mail header fields (Subject is read but never marked: the message's own summary). */
const HEADER = /^(?:From|To|Cc|Bcc|Date|Sent|Subject|Reply-To|Message-I[Dd]|In-Reply-To|References|Return-Path|Received|MIME-Version|Content-Type|Content-Transfer-Encoding|Organi[sz]ation|User-Agent|X-[A-Za-z-]+):[ \t]/;
const SUBJECT = /^Subject:/;
const FORWARD_SEPARATOR = /^\s*(?:-{2,}\s*(?:Original\s+Message|Forwarded\s+message)\s*-{2,}|Begin\s+forwarded\s+message:)\s*$/i;
const ATTRIBUTION_END = /(?:\bwrote|\bschrieb|\ba\s+écrit)\s*:\s*$/;
const QUOTE = /^\s*>/;
const NESTED_QUOTE = /^\s*>\s*>/;

const SIG_DELIMITER = /^--\s?$/;
/** A Debian changelog entry's trailer: " -- Jane Doe <jane@debian.org>  Mon, 01 Jan 2024 10:00:00 +0000". */
const TRAILER = /^ -- \S.*<[^<>\s]+@[^<>\s]+>/;
const SENT_FROM = /^\s*(?:sent\s+from\s+my\s+.{1,40}|sent\s+(?:from|with)\s+(?:outlook|mail\s+for\s+windows|yahoo\s+mail|gmail|proton\s*mail).{0,40}|get\s+outlook\s+for\s+.{1,20})\s*$/i;
const CLOSING =
  /^\s*(?:(?:best|kind|warm|warmest|many)\s+(?:regards|wishes|thanks)|(?:with\s+)?(?:best\s+)?regards|cheers|thanks(?:\s+(?:again|in\s+advance))?|many\s+thanks|thank\s+you|sincerely|yours(?:\s+(?:sincerely|truly|faithfully))?|best|all\s+the\s+best|greetings|mit\s+freundlichen\s+grü(?:ß|ss)en|viele\s+grü(?:ß|ss)e|cordialement|bien\s+à\s+vous)\s*[,.!]?\s*$/i;
const CONTACT = /^\s*(?:tel|telephone|phone|fax|mobile|mob|cell|e-?mail|web|www|skype|twitter|linkedin)\.?\s*[:.]\s*(\S.{0,80})$/i;

// Address cues. Each is a regex with the g flag, run over the whole text.
const STREET_TYPES =
  'Street|St\\.?|Avenue|Ave\\.?|Road|Rd\\.?|Boulevard|Blvd\\.?|Lane|Ln\\.?|Drive|Dr\\.?|Place|Pl\\.?|Square|Sq\\.?|Court|Ct\\.?|Terrace|Parkway|Pkwy\\.?|Highway|Hwy\\.?|Way|Row|Crescent|Close|Mass\\s+Ave';
const ADDRESS_CUES: readonly RegExp[] = [
  // 51 Franklin Street; 59 Temple Place; 1600 Pennsylvania Avenue NW
  new RegExp(`\\b\\d{1,5}[A-Za-z]?\\s+(?:(?:[NSEW]\\.?|North|South|East|West)\\s+)?(?:\\p{Lu}[\\p{L}'.-]*\\s+){1,3}(?:${STREET_TYPES})(?![\\p{L}])`, 'gu'),
  // Musterstraße 12, Kalverstraat 5, Drottninggatan 3
  /\b\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|platz|gasse|allee|ring|damm|straat|gracht|laan|plein|gatan|gade|vej|vägen)\s+\d{1,4}[a-z]?\b/gu,
  // 12 rue de la Paix, 3 avenue Foch, via Roma 1 (the number after: next pattern)
  /\b\d{1,4}(?:\s*(?:bis|ter))?,?\s+(?:rue|avenue|boulevard|bd|place|chemin|allée|quai|impasse|calle|avenida|rua)\s+\p{L}/giu,
  /\b(?:via|viale|piazza|calle|rua|avenida)\s+\p{Lu}[\p{L}' ]{1,30}\s+\d{1,4}\b/gu,
  // US state + ZIP: MA 02110-1301
  /\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s+\d{5}(?:-\d{4})?\b/g,
  // UK postcode: SW1A 2AA, EC1V 9BD
  /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/g,
  // continental postcode + town after a comma or at a line start: 80331 München, D-80331 Berlin, 75008 Paris
  /(?:^|,[ \t]*|\n[ \t]*)(?:[A-Z]{1,2}-)?\d{4,5}[ \t]+\p{Lu}\p{Ll}+/gmu,
  /\bP\.?\s?O\.?\s+Box\s+\d+/gi,
  /\b(?:Suite|Ste\.?|Floor|Fl\.?)\s+\d+\b|\b(?:First|Second|Third|Fourth|Fifth|Sixth|Seventh|Eighth|Ninth|Tenth|\d+(?:st|nd|rd|th))\s+Floor\b/g,
];
/** Cue kinds, by index above: the two street forms count as one kind, and so do the two Romance ones. */
const CUE_KIND = [0, 0, 0, 0, 1, 2, 3, 4, 5];
const ADDRESS_GAP = 40;
const COUNTRY_AFTER =
  /^[ \t]*[,\n]?[ \t]*\n?[ \t]*(?:U\.S\.A\.|USA|U\.S\.|United\s+States(?:\s+of\s+America)?|U\.K\.|UK|United\s+Kingdom|Great\s+Britain|England|Scotland|Wales|Ireland|Canada|Australia|New\s+Zealand|Germany|Deutschland|France|Switzerland|Schweiz|Austria|Österreich|Netherlands|Belgium|Italy|Italia|Spain|España|Portugal|Sweden|Norway|Denmark|Finland|Japan|India)(?![\p{L}])/u;

// ---------------------------------------------------------------- the detector

/** Boilerplate spans of a text, sorted by start and disjoint. */
export function detectBoilerplate(text: string): BoilerplateSpan[] {
  const lines = splitLines(text);
  const paras = paragraphs(lines);
  const found: BoilerplateSpan[] = [];
  licences(text, lines, paras, found);
  addresses(text, found);
  navigation(text, lines, paras, found);
  email(lines, found);
  return disjoint(found);
}

const cache = new WeakMap<Doc, readonly BoilerplateSpan[]>();

/** The doc's boilerplate, detected once per doc (entities and topics both read it). */
export function boilerplateOf(doc: Doc): readonly BoilerplateSpan[] {
  let spans = cache.get(doc);
  if (!spans) {
    spans = detectBoilerplate(doc.text);
    cache.set(doc, spans);
  }
  return spans;
}

/** The weight of the text at a UTF-16 offset: 1 outside boilerplate. */
export function weightAt(spans: readonly BoilerplateSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  const s = spans[lo];
  return s && s.start <= offset ? BOILERPLATE_WEIGHT[s.kind] : 1;
}

/** The text cut at boilerplate edges, each piece with its weight (pieces of weight 1 included). */
export function weightedPieces(text: string, spans: readonly BoilerplateSpan[]): { text: string; weight: number }[] {
  const out: { text: string; weight: number }[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) out.push({ text: text.slice(at, s.start), weight: 1 });
    out.push({ text: text.slice(s.start, s.end), weight: BOILERPLATE_WEIGHT[s.kind] });
    at = s.end;
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), weight: 1 });
  return out;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const trimmedEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    lines.push({ start, end: trimmedEnd, text: text.slice(start, trimmedEnd) });
    if (nl < 0) return lines;
    start = nl + 1;
  }
}

const isBlank = (l: Line) => l.text.trim() === '';

/** Paragraphs: runs of non-blank lines, as [first, last] line indices. */
function paragraphs(lines: readonly Line[]): [number, number][] {
  const out: [number, number][] = [];
  let first = -1;
  for (let i = 0; i <= lines.length; i++) {
    const blank = i === lines.length || isBlank(lines[i]);
    if (!blank && first < 0) first = i;
    if (blank && first >= 0) {
      out.push([first, i - 1]);
      first = -1;
    }
  }
  return out;
}

/** Rough sentences of a paragraph: cut after . ! ? before white space and a capital, digit or quote. */
function sentences(text: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  const para = text.slice(start, end);
  const re = /[.!?]["')\]]*\s+(?=["'(\[]?[\p{Lu}\p{N}])/gu;
  let from = 0;
  for (let m = re.exec(para); m; m = re.exec(para)) {
    out.push([start + from, start + m.index + m[0].length]);
    from = m.index + m[0].length;
  }
  if (from < para.length) out.push([start + from, end]);
  return out;
}

function licences(text: string, lines: readonly Line[], paras: readonly [number, number][], out: BoilerplateSpan[]): void {
  let previousWhole = false;
  for (const [first, last] of paras) {
    const start = lines[first].start;
    const end = lines[last].end;
    const lower = text.slice(start, end).toLowerCase();
    if (!previousWhole && !mayHaveNotice(lower)) {
      let copyright = false;
      for (let i = first; i <= last; i++) {
        if (!mayBeCopyrightLine(lines[i].text) || !COPYRIGHT_LINE.test(lines[i].text)) continue;
        out.push({ start: lines[i].start, end: lines[i].end, kind: 'licence' });
        copyright = true;
      }
      // A copyright line on its own opens a licence region.
      previousWhole = copyright && first === last;
      continue;
    }
    const sents = sentences(text, start, end);
    const notice = sents.map(([a, b]) => NOTICE.test(text.slice(a, b)));
    const named = sents.map(([a, b], i) => notice[i] || LICENCE_NAME.test(text.slice(a, b)));
    const noticeCount = notice.filter(Boolean).length;
    const namedCount = named.filter(Boolean).length;
    let whole = false;
    if (noticeCount > 0 && namedCount * 2 >= sents.length) whole = true;
    // A paragraph that names a licence right after a licence paragraph goes on with it
    // ("Additional permission under GNU GPL version 3 section 7" and its terms).
    else if (previousWhole && namedCount > 0) whole = true;
    if (whole) out.push({ start, end, kind: 'licence' });
    else if (noticeCount > 0) {
      sents.forEach(([a, b], i) => {
        if (notice[i] || (named[i] && (notice[i - 1] || notice[i + 1]))) out.push({ start: a, end: b, kind: 'licence' });
      });
    }
    // Copyright lines, licence fields and headings stand on their own lines.
    if (!whole) {
      for (let i = first; i <= last; i++) {
        const l = lines[i];
        if ((mayBeCopyrightLine(l.text) && COPYRIGHT_LINE.test(l.text)) || LICENCE_FIELD.test(l.text) || LICENCE_TITLE.test(l.text) || (first === last && LICENCE_HEADING.test(l.text))) {
          out.push({ start: l.start, end: l.end, kind: 'licence' });
        }
      }
    }
    // A heading paragraph ("License") does not break a licence region, nor does a copyright line.
    const heading = first === last && (LICENCE_HEADING.test(lines[first].text) || LICENCE_TITLE.test(lines[first].text) || COPYRIGHT_LINE.test(lines[first].text));
    previousWhole = whole || (heading && previousWhole) || heading;
  }
}

/**
 * The stretches of a text within CUE_REACH characters of a digit, merged:
 * every address cue has a digit, so the cue patterns run only there.
 */
const CUE_REACH = 80;
function digitRegions(text: string): [number, number][] {
  const out: [number, number][] = [];
  const re = /\d+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const a = Math.max(0, m.index - CUE_REACH);
    const b = Math.min(text.length, m.index + m[0].length + CUE_REACH);
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = b;
    else out.push([a, b]);
  }
  return out;
}

function addresses(text: string, out: BoilerplateSpan[]): void {
  const cues: { start: number; end: number; kind: number }[] = [];
  for (const [a, b] of digitRegions(text)) {
    const region = text.slice(a, b);
    ADDRESS_CUES.forEach((re, k) => {
      re.lastIndex = 0;
      for (let m = re.exec(region); m; m = re.exec(region)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        // A line start only where the text has one, not where the region was cut.
        if (m.index === 0 && a > 0 && re.multiline && !/^[,\n]/.test(m[0]) && text[a - 1] !== '\n') continue;
        // The continental postcode pattern may start at the comma or line break before it.
        const lead = /^[,\s]*/.exec(m[0])![0].length;
        cues.push({ start: a + m.index + lead, end: a + m.index + m[0].length, kind: CUE_KIND[k] });
      }
    });
  }
  if (cues.length < 2) return;
  cues.sort((a, b) => a.start - b.start);
  let i = 0;
  while (i < cues.length) {
    let j = i;
    let end = cues[i].end;
    const kinds = new Set([cues[i].kind]);
    while (j + 1 < cues.length && cues[j + 1].start - end <= ADDRESS_GAP && !/\n[ \t]*\n/.test(text.slice(end, cues[j + 1].start))) {
      j++;
      end = Math.max(end, cues[j].end);
      kinds.add(cues[j].kind);
    }
    if (kinds.size >= 2) {
      const country = COUNTRY_AFTER.exec(text.slice(end, end + 40));
      if (country) end += country[0].length;
      out.push({ start: cues[i].start, end, kind: 'address' });
    }
    i = j + 1;
  }
}

/** A menu item or a short line's text without list bullets and markdown link syntax. */
const itemText = (s: string) =>
  s
    .replace(/^\s*(?:[-*+•·]|\d+[.)])\s+/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase();

const isNavWord = (s: string) => NAV_WORDS.has(itemText(s));

function navigation(text: string, lines: readonly Line[], paras: readonly [number, number][], out: BoilerplateSpan[]): void {
  let run: number[] = [];
  const closeRun = () => {
    if (run.length < 3) {
      run = [];
      return;
    }
    const nav = run.filter((i) => isNavWord(lines[i].text)).length;
    if (run.length >= 3 && nav >= 2 && nav * 5 >= run.length * 3) for (const i of run) out.push({ start: lines[i].start, end: lines[i].end, kind: 'navigation' });
    run = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text.trim();
    if (t === '') {
      closeRun();
      continue;
    }
    if ((t.length <= NAV_LINE_MAX && NAV_LINE.test(t)) || isMenu(t) || isBreadcrumb(t)) {
      out.push({ start: l.start, end: l.end, kind: 'navigation' });
      run.push(i);
      continue;
    }
    // Menus in text form: short lines without sentence punctuation, one item each.
    if (t.length <= 30 && t.split(/\s+/).length <= 4 && !/[.,;:?!]$/.test(t)) run.push(i);
    else closeRun();
  }
  closeRun();
  // Cookie banners: the sentence, or the whole paragraph when it is short.
  for (const [first, last] of paras) {
    const start = lines[first].start;
    const end = lines[last].end;
    const para = text.slice(start, end);
    if (!(para.includes('ookie') || para.includes('site')) || !COOKIE.test(para)) continue;
    const sents = sentences(text, start, end);
    if (sents.length <= 3) out.push({ start, end, kind: 'navigation' });
    else for (const [a, b] of sents) if (COOKIE.test(text.slice(a, b))) out.push({ start: a, end: b, kind: 'navigation' });
  }
}

/** "Home | About | Blog | Contact": three or more short items between separators, one of them a site section. */
function isMenu(t: string): boolean {
  if (!(t.includes('|') || t.includes('•') || t.includes('·'))) return false;
  if (t.length > 200 || (t.startsWith('|') && t.endsWith('|'))) return false; // a Markdown table row
  const items = t.split(MENU_SEPARATOR).filter((s) => s.trim() !== '');
  if (items.length < 3) return false;
  if (!items.every((s) => s.trim().split(/\s+/).length <= 4 && !/[.;?!]$/.test(s.trim()) && /\p{L}/u.test(s))) return false;
  return items.some(isNavWord);
}

/** "Home > Docs > Install": a trail that starts at the home page. */
function isBreadcrumb(t: string): boolean {
  if (t.length > 150 || !/^\W*(?:home|start|main)/i.test(t)) return false;
  const items = t.split(BREADCRUMB_SEPARATOR);
  return items.length >= 2 && /^(?:home|homepage|start|main page)$/.test(itemText(items[0])) && items.every((s) => s.trim().split(/\s+/).length <= 6);
}

function email(lines: readonly Line[], out: BoilerplateSpan[]): void {
  const mark = (i: number, kind: BoilerplateKind) => out.push({ start: lines[i].start, end: lines[i].end, kind });
  let isEmail = false;
  // Header blocks: two or more header lines in a row (continuation lines start with white space).
  for (let i = 0; i < lines.length; i++) {
    if (!HEADER.test(lines[i].text) || (i > 0 && !isBlank(lines[i - 1]) && !HEADER.test(lines[i - 1].text) && !FORWARD_SEPARATOR.test(lines[i - 1].text))) continue;
    const block: number[] = [];
    let j = i;
    let fields = 0;
    while (j < lines.length && (HEADER.test(lines[j].text) || (block.length > 0 && /^[ \t]+\S/.test(lines[j].text)))) {
      if (HEADER.test(lines[j].text)) fields++;
      block.push(j++);
    }
    if (fields >= 2) {
      isEmail = true;
      let subject = false;
      for (const k of block) {
        if (SUBJECT.test(lines[k].text)) subject = true;
        else if (HEADER.test(lines[k].text)) subject = false;
        if (!subject) mark(k, 'email-header');
      }
    }
    i = j - 1;
  }
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text;
    if (FORWARD_SEPARATOR.test(t)) {
      mark(i, 'email-header');
      isEmail = true;
    } else if (t.trimEnd().endsWith(':') && ATTRIBUTION_END.test(t) && (/^\s*(?:On|Am|Le)\s/.test(t) || /@/.test(t) || (i > 0 && /^\s*On\s/.test(lines[i - 1].text)))) {
      if (!/^\s*On\s/.test(t) && i > 0 && /^\s*On\s/.test(lines[i - 1].text)) mark(i - 1, 'email-header');
      mark(i, 'email-header');
      isEmail = true;
    } else if (NESTED_QUOTE.test(t)) isEmail = true;
  }
  // Signatures.
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text;
    // A signature follows its delimiter at once and ends at a blank line (a "--" before a blank line is a separator).
    if (SIG_DELIMITER.test(t) && i + 1 < lines.length && !isBlank(lines[i + 1])) {
      isEmail = true;
      let j = i;
      while (j + 1 < lines.length && j - i < 10 && !isBlank(lines[j + 1])) {
        const next = lines[j + 1].text;
        if (QUOTE.test(next) || HEADER.test(next) || FORWARD_SEPARATOR.test(next) || ATTRIBUTION_END.test(next)) break;
        j++;
      }
      out.push({ start: lines[i].start, end: lines[j].end, kind: 'signature' });
      i = j;
    } else if (TRAILER.test(t)) mark(i, 'signature');
    else if (SENT_FROM.test(t)) mark(i, 'signature');
    else if (CONTACT.test(t) && /[\d@]|https?:|www\./.test(CONTACT.exec(t)![1])) mark(i, 'signature');
    else if (CLOSING.test(t)) closingBlock(lines, i, out);
  }
  if (isEmail) for (let i = 0; i < lines.length; i++) if (QUOTE.test(lines[i].text)) mark(i, 'quoted-reply');
}

/**
 * "Best regards,\nJane Doe\nACME Corp": a closing with at most six short
 * lines under it, at the end of the message — nothing but e-mail furniture
 * (a quote, an attribution, headers, a signature) may follow.
 */
function closingBlock(lines: readonly Line[], i: number, out: BoilerplateSpan[]): void {
  let j = i;
  while (j + 1 < lines.length && !isBlank(lines[j + 1]) && j - i < 6 && lines[j + 1].text.trim().length <= 60) j++;
  if (j + 1 < lines.length && !isBlank(lines[j + 1])) return; // a long line goes on: prose, not a signature
  let k = j + 1;
  while (k < lines.length && isBlank(lines[k])) k++;
  if (k < lines.length) {
    const next = lines[k].text;
    const furniture = QUOTE.test(next) || HEADER.test(next) || FORWARD_SEPARATOR.test(next) || ATTRIBUTION_END.test(next) || /^\s*On\s/.test(next) || SIG_DELIMITER.test(next) || SENT_FROM.test(next);
    if (!furniture) return;
  }
  out.push({ start: lines[i].start, end: lines[j].end, kind: 'signature' });
}

/** Sorted, disjoint spans: where two overlap, the earlier keeps the overlap. */
function disjoint(spans: BoilerplateSpan[]): BoilerplateSpan[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: BoilerplateSpan[] = [];
  for (const s of spans) {
    const prev = out[out.length - 1];
    let start = s.start;
    if (prev && start < prev.end) {
      if (prev.kind === s.kind) {
        prev.end = Math.max(prev.end, s.end);
        continue;
      }
      start = prev.end;
    }
    if (start < s.end) out.push({ start, end: s.end, kind: s.kind });
  }
  return out;
}
