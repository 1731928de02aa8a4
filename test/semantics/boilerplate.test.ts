import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { Doc } from '../../src/doc/doc.js';
import { salience } from '../../src/annotators/mention-entities.js';
import { BOILERPLATE_WEIGHT, detectBoilerplate, weightAt, weightedPieces, type BoilerplateKind } from '../../src/semantics/boilerplate.js';

/** The marked text of each span of a kind. */
function marked(text: string, kind?: BoilerplateKind): string[] {
  return detectBoilerplate(text)
    .filter((s) => !kind || s.kind === kind)
    .map((s) => text.slice(s.start, s.end).trim());
}

const GPL_NOTICE = `This program is free software; you can redistribute it and/or modify
it under the terms of the GNU General Public License as published by
the Free Software Foundation; either version 2 of the License, or
(at your option) any later version.

This program is distributed in the hope that it will be useful,
but WITHOUT ANY WARRANTY; without even the implied warranty of
MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
GNU General Public License for more details.

You should have received a copy of the GNU General Public License
along with this program; if not, write to the Free Software
Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA.`;

const README_BODY = `fetchmail is a mail-retrieval and forwarding utility. It fetches mail from
remote mail servers and forwards it to your local delivery system.

It supports every remote-mail protocol now in use on the Internet.`;

describe('detectBoilerplate: licences', () => {
  it('marks a GPL notice and the copyright line above it, not the README before it', () => {
    const text = `${README_BODY}\n\nCopyright (C) 1996-2023 Eric S. Raymond\n\n${GPL_NOTICE}\n`;
    const spans = detectBoilerplate(text);
    const body = text.indexOf('It supports');
    expect(weightAt(spans, body)).toBe(1);
    expect(weightAt(spans, text.indexOf('Copyright (C)'))).toBe(BOILERPLATE_WEIGHT.licence);
    for (const w of ['This program is free', 'WITHOUT ANY', 'You should have', 'Boston', 'USA']) {
      expect(weightAt(spans, text.indexOf(w)), w).toBe(BOILERPLATE_WEIGHT.licence);
    }
    expect(spans.every((s) => s.start >= text.indexOf('Copyright (C)'))).toBe(true);
  });

  it('marks MIT, BSD and Apache notices and SPDX tags', () => {
    expect(marked('Permission is hereby granted, free of charge, to any person obtaining a copy of this software.', 'licence')).toHaveLength(1);
    expect(marked('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED.', 'licence')).toHaveLength(1);
    expect(marked('Redistribution and use in source and binary forms, with or without modification, are permitted.', 'licence')).toHaveLength(1);
    expect(marked('Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance with the License.', 'licence')).toHaveLength(1);
    expect(marked('// SPDX-License-Identifier: MIT', 'licence')).toEqual(['// SPDX-License-Identifier: MIT']);
    // zlib's licence, after its copyright line: the copyright line opens the licence region.
    const zlib = " (C) 1995-2022 Jean-loup Gailly and Mark Adler\n\n  This software is provided 'as-is', without any express or implied\n  warranty.  In no event will the authors be held liable for any damages.\n";
    expect(marked(zlib, 'licence')).toHaveLength(2);
  });

  it('marks copyright lines, licence headings and DEP-5 licence fields', () => {
    const text = 'A tiny parser for cron expressions.\n\n## License\n\nMIT © 2016 Jane Doe\n\n© 2024 Example Ltd. All rights reserved.\nLicense: GPL-2+\n';
    expect(marked(text, 'licence')).toEqual(['## License', 'MIT © 2016 Jane Doe', '© 2024 Example Ltd. All rights reserved.\nLicense: GPL-2+']);
    expect(marked('The MIT License (MIT)\n\nCopyright (c) 2013 Jane Doe', 'licence')).toEqual(['The MIT License (MIT)', 'Copyright (c) 2013 Jane Doe']);
    expect(marked('                    GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007', 'licence')).toEqual(['GNU GENERAL PUBLIC LICENSE']);
  });

  it("marks a man page's COPYRIGHT section (GNU --version wording)", () => {
    const man = `BUG REPORTS
       Report bugs to <bug-tar@gnu.org>.

COPYRIGHT
       Copyright © 2013-2019 Free Software Foundation, Inc.
       License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>
       This is free software: you are free to change and redistribute it.
       There is NO WARRANTY, to the extent permitted by law.
`;
    const spans = detectBoilerplate(man);
    expect(weightAt(spans, man.indexOf('Report bugs'))).toBe(1);
    for (const w of ['Copyright ©', 'License GPLv3+', 'free to change', 'NO WARRANTY']) expect(weightAt(spans, man.indexOf(w)), w).toBe(BOILERPLATE_WEIGHT.licence);
  });

  it('carries a licence region on through a paragraph that names the licence', () => {
    const text = `${GPL_NOTICE}\n\nAdditional permission under GNU GPL version 3 section 7\n\nIf you combine this program with the OpenSSL library, the licensors grant you additional permission to convey the resulting work under these licenses.\n`;
    expect(weightAt(detectBoilerplate(text), text.indexOf('If you combine'))).toBe(BOILERPLATE_WEIGHT.licence);
  });

  it('leaves news that mentions a licence or copyright in prose alone', () => {
    const news = `The company said on Tuesday that it would release the code under the GNU General Public License,
which lets anyone study and change it. Critics said the move came too late. Copyright infringement cases
rose in 2019, the report said, and the firm's lawyers expect more.

"We wanted developers to trust us," the chief executive said.`;
    expect(detectBoilerplate(news)).toEqual([]);
  });

  it('marks only the notice sentence in a long paragraph of prose', () => {
    const text = 'The library parses dates. It handles time zones. It is fast. It has no dependencies. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.';
    expect(marked(text)).toEqual(['THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.']);
  });
});

describe('detectBoilerplate: addresses', () => {
  it('marks US, UK and German postal addresses, with a country after them', () => {
    expect(marked('Write to us at 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301, USA.', 'address')).toEqual(['51 Franklin Street, Fifth Floor, Boston, MA 02110-1301, USA']);
    expect(marked('Example Ltd\n10 Downing Street\nLondon SW1A 2AA\nUnited Kingdom', 'address')).toEqual(['10 Downing Street\nLondon SW1A 2AA\nUnited Kingdom']);
    expect(marked('Beispiel GmbH, Musterstraße 12, 80331 München, Germany', 'address')).toEqual(['Musterstraße 12, 80331 München, Germany']);
    expect(marked('P.O. Box 69440, Los Angeles, CA 90069', 'address')).toEqual(['P.O. Box 69440, Los Angeles, CA 90069']);
  });

  it('leaves a single place cue in prose, and marks only the address when a sentence has one', () => {
    expect(detectBoilerplate('The prime minister returned to 10 Downing Street in London on Monday.')).toEqual([]);
    expect(detectBoilerplate('In 2019 Apple sold 200 million phones, and 1600 Pennsylvania Avenue said nothing.')).toEqual([]);
    const text = 'Protesters gathered outside the offices at 1600 Amphitheatre Parkway, Mountain View, CA 94043 to demand answers about the layoffs.';
    expect(marked(text)).toEqual(['1600 Amphitheatre Parkway, Mountain View, CA 94043']);
  });
});

describe('detectBoilerplate: navigation', () => {
  it('marks site-only lines, menus, breadcrumbs and short-line menus', () => {
    const page = `Skip to content
Home | News | Sport | Weather | Contact
Home > Science > Space

Home
News
Sport
Weather

Nasa's probe reached the asteroid after a journey of seven years, the agency said.

Back to top
Powered by WordPress`;
    const nav = marked(page, 'navigation');
    expect(nav.join('\n')).toContain('Skip to content');
    expect(nav.join('\n')).toContain('Home | News');
    expect(nav.join('\n')).toContain('Home > Science > Space');
    expect(nav.join('\n')).toContain('Home\nNews\nSport\nWeather');
    expect(nav.join('\n')).toContain('Powered by WordPress');
    expect(weightAt(detectBoilerplate(page), page.indexOf("Nasa's"))).toBe(1);
  });

  it('marks a cookie banner', () => {
    expect(marked('We use cookies to improve your experience. By using our site you agree to our Cookie Policy.', 'navigation')).toHaveLength(1);
  });

  it('leaves tables, lists of things and prose about cookies alone', () => {
    expect(detectBoilerplate('| Name | Home | Size |\n|------|------|------|\n| a | b | c |')).toEqual([]);
    expect(detectBoilerplate('Ingredients\nflour\nsugar\nbutter\neggs')).toEqual([]);
    expect(detectBoilerplate('Regulators said websites must ask before setting cookies, and fines will follow.')).toEqual([]);
  });
});

describe('detectBoilerplate: e-mail', () => {
  const mail = `From: Alex Smith <alex@example.org>
To: Sam Jones <sam@example.org>
Date: Tue, 3 Mar 2026 10:12:00 +0000
Subject: Re: database choice

Hi Sam,

I think we should go with PostgreSQL for its extensibility.

Best regards,
Alex Smith
Example Corp.

On Mon, 2 Mar 2026 at 17:03, Sam Jones <sam@example.org> wrote:
> Which database should we use for the new service?
>> We need one by Friday.

--
Alex Smith | Example Corp
Tel: +44 20 7946 0000
`;
  it('marks headers (not the subject), the closing, the attribution, quotes and the signature', () => {
    const spans = detectBoilerplate(mail);
    const at = (s: string) => weightAt(spans, mail.indexOf(s));
    expect(at('From:')).toBe(BOILERPLATE_WEIGHT['email-header']);
    expect(at('Date:')).toBe(BOILERPLATE_WEIGHT['email-header']);
    expect(at('Subject:')).toBe(1);
    expect(at('I think we should')).toBe(1);
    expect(at('Best regards')).toBe(BOILERPLATE_WEIGHT.signature);
    expect(at('Example Corp.')).toBe(BOILERPLATE_WEIGHT.signature);
    expect(at('On Mon')).toBe(BOILERPLATE_WEIGHT['email-header']);
    expect(at('> Which database')).toBe(BOILERPLATE_WEIGHT['quoted-reply']);
    expect(at('Alex Smith | Example')).toBe(BOILERPLATE_WEIGHT.signature);
    expect(at('Tel:')).toBe(BOILERPLATE_WEIGHT.signature);
  });

  it('marks "Sent from my iPhone" and a Debian changelog trailer', () => {
    expect(marked('See you then.\n\nSent from my iPhone', 'signature')).toEqual(['Sent from my iPhone']);
    expect(marked('  * New upstream release.\n\n -- Jane Doe <jane@debian.org>  Mon, 01 Jan 2024 10:00:00 +0000\n', 'signature')).toHaveLength(1);
  });

  it('reads ">" as a Markdown block quote, and a closing followed by prose as prose', () => {
    expect(detectBoilerplate('# Usage\n\n> **Note**: the API is not stable yet.\n\nRun the tool with a file name.\n')).toEqual([]);
    expect(detectBoilerplate('Thanks,\nto everyone who came.\n\nThe second half of the meeting was about the budget, which we will discuss again next week.')).toEqual([]);
    expect(detectBoilerplate('-- \n\nThe second part of the story begins here, years later.')).toEqual([]);
  });
});

describe('weights', () => {
  it('cuts a text into weighted pieces that join up to it', () => {
    const text = `${README_BODY}\n\n${GPL_NOTICE}`;
    const pieces = weightedPieces(text, detectBoilerplate(text));
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces[0]).toMatchObject({ weight: 1 });
    expect(pieces.some((p) => p.weight === BOILERPLATE_WEIGHT.licence)).toBe(true);
    expect(weightedPieces('plain text', [])).toEqual([{ text: 'plain text', weight: 1 }]);
  });

  it('scales the relevance of a name found only in boilerplate, and leaves the rest as before', () => {
    const text = 'Debian ships Debian tools. Write to 51 Franklin Street, Boston, MA 02110 today. Boston is cold.';
    const words = [...text.matchAll(/[\w.]+/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
    const doc = new Doc(text, words, [words.length]);
    const at = (w: string, from = 0) => words.findIndex((s, i) => i >= from && text.slice(s.start, s.end) === w);
    const span = (i: number) => ({ start: i, end: i + 1 });
    const debian = [span(at('Debian')), span(at('Debian', 1))];
    const bostonInAddress = span(at('Boston'));
    const franklin = { start: at('Franklin'), end: at('Franklin') + 1 };
    // Debian: twice (freq 1), first at token 0 (pos 1): 0.8 with or without the address.
    const [d1, d2, f] = salience(doc, [...debian, franklin]);
    expect(d1).toBeCloseTo(0.8, 6);
    expect(d2).toBeCloseTo(0.8, 6);
    // Franklin is only in the address: its score times the address weight.
    const pos = 1 - franklin.start / words.length;
    expect(f).toBeCloseTo((0.5 * (1 / 2) + 0.3 * pos) * BOILERPLATE_WEIGHT.address, 6);
    expect(f).toBeLessThan(0.1);
    // Boston is also named outside the address: it scores as it would without one.
    const [, , b] = salience(doc, [...debian, bostonInAddress, span(at('Boston', bostonInAddress.end))]);
    expect(b).toBeCloseTo(0.5 * 1 + 0.3 * (1 - bostonInAddress.start / words.length), 6);
  });
});

describe('topics of a page with a GPL notice', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  });
  const fixture = readFileSync(fileURLToPath(new URL('../fixtures/boilerplate/debian-users-and-groups.txt', import.meta.url)), 'utf8');

  it('keeps the page\'s topic and loses Boston and the United States of the FSF address', async () => {
    const r = await analyzer.analyze({ text: fixture, extractors: 'entities,topics', languageOverride: 'eng' });
    expect(r.ok).toBe(true);
    const { topics, coarseTopics, entities } = r.response!;
    expect(coarseTopics![0].label).toBe('science and technology');
    const labels = topics!.map((t) => t.label);
    expect(labels).toContain('science and technology');
    expect(labels).not.toContain('Boston');
    expect(labels).not.toContain('United States');
    // The entities stay, with a low relevance.
    const boston = entities!.find((e) => e.matchedText === 'Boston');
    expect(boston).toBeDefined();
    expect(boston!.relevanceScore).toBeLessThan(0.1);
    const debian = entities!.find((e) => e.matchedText === 'Debian');
    expect(debian!.relevanceScore).toBeGreaterThan(0.5);
  });
});
