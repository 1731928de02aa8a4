import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLayout } from '../../src/doc/layout.js';
import { createSegmenter, splitSentences } from '../../src/doc/sentences.js';
import { tokenize } from '../../src/doc/tokenize.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const modelsDir = join(import.meta.dirname, '..', '..', 'models');
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'layout');

/** The sentences as text, each from its first token's start to its last token's end, blanks folded to one space. */
function sentences(text: string, tokens: { start: number; end: number }[], ends: number[]): string[] {
  let s = 0;
  return ends.map((e) => {
    const sentence = text.slice(tokens[s].start, tokens[e - 1].end).replace(/\s+/g, ' ');
    s = e;
    return sentence;
  });
}

describe('readLayout', () => {
  it('leaves text without a line break inside a paragraph as it is', () => {
    for (const text of ['One line. Two.', 'A paragraph.\n\nAnother one.\n', '']) expect(readLayout(text).view).toBe(text);
  });

  it('reads the newlines of a wrapped paragraph as spaces, keeping every offset', () => {
    const text = 'The quick brown fox jumps over the lazy dog and keeps on running far\naway from the farm, where the farmer 😀 sleeps until the sun is high\nabove the hills.\n';
    const { view, blockStarts } = readLayout(text);
    expect(view.length).toBe(text.length);
    expect(view).toBe(text.replace('far\naway', 'far away').replace('high\nabove', 'high above'));
    expect(blockStarts).toEqual([]);
  });

  it('keeps a line break the writer chose: short lines, a list, a heading, an indented block', () => {
    const short = 'Milk\nEggs\nBread\n';
    expect(readLayout(short).view).toBe(short);
    const list = 'Before you start, check that the following things are all true:\n- Node 20 or later is installed\n- the port is free\n';
    const layout = readLayout(list);
    expect(layout.view).toBe(list);
    expect(layout.blockStarts).toEqual([list.indexOf('\n- Node'), list.indexOf('\n- the')]);
    const heading = 'Release notes\n=============\nThis release makes the parser faster.\n';
    expect(readLayout(heading).blockStarts).toHaveLength(2);
    const option = '       -a, --all\n              do not ignore entries starting with .\n';
    expect(readLayout(option).blockStarts).toEqual([option.indexOf('\n')]);
  });

  it('joins a dash that wrapping moved to the line start, when no list is announced', () => {
    const text = 'We looked at the two databases and the tools that come with them again\n- and chose PostgreSQL for its extensibility and its SQL compliance.\n';
    expect(readLayout(text).view).toBe(text.replace('again\n-', 'again -'));
  });

  it('marks the end of list markers, so that "1." does not end a sentence', () => {
    const text = '1. Download the archive\n2. Unpack it\n';
    const tokens = tokenize(readLayout(text).view);
    expect(sentences(text, tokens, splitSentences(text, tokens))).toEqual(['1. Download the archive', '2. Unpack it']);
  });
});

describe('sentences of wrapped text', () => {
  it('a hyphen at a line end stays, and the word goes on: "SSL-⏎based" has the tokens of "SSL-based"', () => {
    const text = 'The setup is SSL-\nbased.';
    expect(tokenize(readLayout(text).view).map((t) => text.slice(t.start, t.end))).toEqual(['The', 'setup', 'is', 'SSL', '-', 'based', '.']);
  });

  it('segments the real layouts of test/fixtures/layout as their writers meant', async () => {
    const segmenter = await createSegmenter(fileLoader(modelsDir));
    expect(segmenter.kind).toBe('model');
    const files = readdirSync(fixtures).filter((f) => f !== 'LICENSES.md').sort();
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    for (const f of files) {
      const text = readFileSync(join(fixtures, f), 'utf8');
      const { tokens, sentenceEnds } = await segmenter.segment(text);
      expect({ file: f, sentences: sentences(text, tokens, sentenceEnds) }).toEqual({ file: f, sentences: EXPECTED[f] });
    }
  });
});

/** The expected sentences, blanks folded to one space (a hyphen at a line end stays: "speci‐ fied"). */
const EXPECTED: Record<string, string[]> = {
  'debian-adduser.txt': [
    "This package includes the 'adduser' and 'deluser' commands for creating and removing users.",
    "- 'adduser' creates new users and groups and adds existing users to existing groups;",
    "- 'deluser' removes users and groups and removes users from a given group.",
    "Adding users with 'adduser' is much easier than adding them manually.",
    "'Adduser' will choose UID and GID values that conform to Debian policy, create a home directory, copy skeletal user configuration, and automate setting initial values for the user's password, real name and so on.",
    "'Deluser' can back up and remove users' home directories and mail spool or all the files they own on the system.",
    "A custom script can be executed after each of the commands.",
    "'Adduser' and 'Deluser' are intended to be used by the local administrator in lieu of the tools from the 'useradd' suite, and they provide support for easy use from Debian package maintainer scripts, functioning as kind of a policy layer to make those scripts easier and more stable to write and maintain.",
  ],
  'debian-appstream.txt': [
    "AppStream is a metadata specification which permits software components to provide information about themselves to automated systems and end-users before the software is actually installed.",
    "The AppStream project provides facilities to easily access and transform this metadata, as well as a few additional services to allow building feature-rich software centers and similar applications.",
    "This package provides tools to generate, maintain and query the AppStream data pool of installed and available software, and enables integration with the APT package manager.",
    "The 'appstreamcli' tool can be used for accessing the software component pool as well as for working with AppStream metadata directly, including validating it for compliance with the specification.",
  ],
  'debian-apt.txt': [
    "This package provides commandline tools for searching and managing as well as querying information about packages as a low-level access to all features of the libapt-pkg library.",
    "These include:",
    "* apt-get for retrieval of packages and information about them from authenticated sources and for installation, upgrade and removal of packages together with their dependencies",
    "* apt-cache for querying available information about installed as well as installable packages",
    "* apt-cdrom to use removable media as a source for packages",
    "* apt-config as an interface to the configuration settings",
    "* apt-key as an interface to manage authentication keys",
  ],
  'debian-avahi-daemon.txt': [
    "Avahi is a fully LGPL framework for Multicast DNS Service Discovery.",
    "It allows programs to publish and discover services and hosts running on a local network with no specific configuration.",
    "For example you can plug into a network and instantly find printers to print to, files to look at and people to talk to.",
    "This package contains the Avahi Daemon which represents your machine on the network and allows other applications to publish and resolve mDNS/DNS-SD records.",
  ],
  'email.txt': [
    "Hi Sam,",
    "Thanks for the quick reply.",
    "I looked at the two databases again, and I think we should go with PostgreSQL for its extensibility and SQL compliance.",
    "The connection setup over SSL was easy to get working on the test machines, and the really quite extra-ordinary amount of SSL- based documentation helped a lot.",
    "Could you send me the numbers from last week?",
    "I would like to compare them with mine before the meeting on Tuesday.",
    "Best,",
    "Alex",
  ],
  'ls-help.txt': [
    "Mandatory arguments to long options are mandatory for short options too.",
    "-a, --all",
    "do not ignore entries starting with .",
    "-A, --almost-all",
    "do not list implied . and ..",
    "--author",
    "with -l, print the author of each file",
    "-b, --escape",
    "print C-style escapes for nongraphic characters",
    "--block-size=SIZE",
    "with -l, scale sizes by SIZE when printing them; e.g., '--block-size=M'; see SIZE format below",
    "-B, --ignore-backups",
    "do not list implied entries ending with ~",
    "-c",
    "with -lt: sort by, and show, ctime (time of last modification of file status information); with -l: show ctime and sort by name;",
  ],
  'man-ls.txt': [
    "DESCRIPTION",
    "List information about the FILEs (the current directory by default).",
    "Sort entries alphabetically if none of -cftuvSUX nor --sort is speci‐ fied.",
    "Mandatory arguments to long options are mandatory for short options too.",
    "-a, --all",
    "do not ignore entries starting with .",
  ],
  'man-man.txt': [
    "DESCRIPTION",
    "man is the system's manual pager.",
    "Each page argument given to man is normally the name of a program, utility or function.",
    "The manual page associated with each of these arguments is then found and displayed.",
    "A section, if provided, will direct man to look only in that section of the manual.",
    "The default action is to search in all of the available sections following a pre-defined order (see DEFAULTS), and to show only the first page found, even if page exists in several sections.",
    "The table below shows the section numbers of the manual followed by the types of pages they contain.",
    "1 Executable programs or shell commands",
    "2 System calls (functions provided by the kernel)",
    "3 Library calls (functions within program libraries)",
    "4 Special files (usually found in /dev)",
    "5 File formats and conventions, e.g. /etc/passwd",
    "6 Games",
    "7 Miscellaneous (including macro packages and conventions), e.g. man(7), groff(7), man-pages(7)",
    "8 System administration commands (usually only for root)",
    "9 Kernel routines [Non standard]",
    "A manual page consists of several sections.",
    "Conventional section names include NAME, SYNOPSIS, CONFIGURATION, DE‐ SCRIPTION, OPTIONS, EXIT STATUS, RETURN VALUE, ERRORS, ENVIRONMENT, FILES, VERSIONS, CONFORMING TO, NOTES, BUGS, EXAMPLE, AUTHORS, and SEE ALSO.",
  ],
  'markdown-list.md': [
    "# Installing",
    "Install the package with npm and start the server on the default port.",
    "The first start builds the indexes, which takes a few minutes on a laptop.",
    "Before you start, check that:",
    "- Node 20 or later is installed",
    "- the models folder is readable by the server",
    "- port 8080 is free, or another port is set in the configuration file",
    "1. Download the archive",
    "2. Unpack it next to the models",
    "3. Run the start script",
  ],
  'readme-ijg-roadmap.txt': [
    "DOCUMENTATION ROADMAP",
    "=====================",
    "This file contains the following sections:",
    "OVERVIEW",
    "General description of JPEG and the IJG software.",
    "LEGAL ISSUES",
    "Copyright, lack of warranty, terms of distribution.",
    "REFERENCES",
    "Where to learn more about JPEG.",
    "ARCHIVE LOCATIONS",
    "Where to find newer versions of this software.",
    "FILE FORMAT WARS",
    "Software *not* to get.",
    "TO DO",
    "Plans for future IJG releases.",
    "Other documentation files in the distribution are:",
    "User documentation:",
    "usage.txt",
    "Usage instructions for cjpeg, djpeg, jpegtran, rdjpgcom, and wrjpgcom.",
    "*.1",
    "Unix-style man pages for programs (same info as usage.txt).",
    "wizard.txt",
    "Advanced usage instructions for JPEG wizards only.",
    "change.log",
    "Version-to-version change highlights.",
    "Programmer and internal documentation:",
    "libjpeg.txt",
    "How to use the JPEG library in your own programs.",
    "example.txt",
    "Sample code for calling the JPEG library.",
    "structure.txt",
    "Overview of the JPEG library's internal structure.",
    "coderules.txt",
    "Coding style rules --- please read if you contribute code.",
  ],
  'readme-semver.md': [
    "## Versions",
    "A \"version\" is described by the `v2.0.0` specification found at <https://semver.org/>.",
    "A leading `\"=\"` or `\"v\"` character is stripped off and ignored.",
    "Support for stripping a leading \"v\" is kept for compatibility with `v1.0.0` of the SemVer specification but should not be used anymore.",
    "## Ranges",
    "A `version range` is a set of `comparators` that specify versions that satisfy the range.",
    "A `comparator` is composed of an `operator` and a `version`.",
    "The set of primitive `operators` is:",
    "* `<` Less than",
    "* `<=` Less than or equal to",
    "* `>` Greater than",
    "* `>=` Greater than or equal to",
    "* `=` Equal.",
    "If no operator is specified, then equality is assumed, so this operator is optional but MAY be included.",
    "For example, the comparator `>=1.2.7` would match the versions `1.2.7`, `1.2.8`, `2.5.3`, and `1.3.9`, but not the versions `1.2.6` or `1.1.0`.",
    "The comparator `>1` is equivalent to `>=2.0.0` and would match the versions `2.0.0` and `3.1.0`, but not the versions `1.0.1` or `1.1.0`.",
    "Comparators can be joined by whitespace to form a `comparator set`, which is satisfied by the **intersection** of all of the comparators it includes.",
    "A range is composed of one or more comparator sets, joined by `||`.",
    "A version matches a range if and only if every comparator in at least one of the `||`-separated comparator sets is satisfied by the version.",
  ],
  'setext-heading.txt': [
    "Release notes",
    "=============",
    "This release makes the parser faster on long documents and fixes two bugs in the date recognizer.",
    "Upgrading needs no change to the configuration.",
    "Known problems",
    "--------------",
    "Very long tables in plain text are still read as running prose, one sentence per table.",
  ],
  'wrapped-news.txt': [
    "The city council voted on Monday to extend the opening hours of the public library through the summer.",
    "Dr. Maria Lopez, who chairs the committee, said the change would cost about $40,000 a year.",
    "Residents had asked for longer hours in a survey last spring.",
    "The new hours start on June 1.",
  ],
};
