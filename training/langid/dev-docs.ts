/**
 * Builds the language-id dev set of whole documents from files on this
 * machine: man pages (rendered by `man -P cat`), READMEs under
 * /usr/share/doc and in node_modules. The list (dev-docs.tsv) is committed,
 * the texts are not: they are read here and written as JSON lines that
 * `textlens eval langid --jsonl` scores. Absent files are skipped and counted.
 *
 *   npx tsx training/langid/dev-docs.ts [--min-chars 200] [--head N | --paragraphs] > /tmp/langid-docs.jsonl
 *
 * --head N keeps only each document's first N characters (cut at a space),
 * to measure the short end: a man page's first lines are mostly its name,
 * synopsis and option letters. --paragraphs writes each paragraph (text
 * between blank lines) of at least --min-chars characters instead, each
 * paragraph once.
 *
 * Translated man pages are often partial: paragraphs the translators have not
 * reached stay in English. A paragraph with more than half of its words in
 * the English page (the same file under /usr/share/man/manN/) counts as
 * untranslated; a page with more than MAX_UNTRANSLATED of its characters in
 * such paragraphs, and such a paragraph itself (--paragraphs), is left out:
 * its label would be wrong.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../', import.meta.url));

function flag(name: string): number | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : undefined;
}

function render(source: string): string {
  if (source.startsWith('man:')) {
    // A fixed width and plain output: the same text whatever the terminal.
    return execFileSync('man', ['-P', 'cat', '-l', source.slice(4)], {
      encoding: 'utf8',
      env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '', LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  }
  const path = isAbsolute(source) ? source : join(root, source);
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** A translated page with more than this share of its characters in untranslated paragraphs is skipped. */
const MAX_UNTRANSLATED = 0.2;

const paragraphsOf = (text: string): string[] => text.split(/\n[ \t]*\n/);
/** Lower-case words of three letters or more. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}{3,}/gu) ?? [];

/** The words of the English original of a translated man page (none when there is none). */
function englishWords(language: string, source: string): Set<string> {
  const original = source.replace(/^man:(.*)\/man\/[a-z]{2}(?:_[A-Z]{2})?\/(man\d)\//, 'man:$1/man/$2/');
  if (language === 'eng' || original === source || !existsSync(original.slice(4))) return new Set();
  return new Set(wordsOf(render(original)));
}

/**
 * The share of a text's characters in untranslated paragraphs: those with
 * more than half of their words in the English original. A translated
 * paragraph shares its option names, commands and paths with the original,
 * rarely half of its words.
 */
function untranslatedShare(text: string, english: Set<string>): number {
  if (english.size === 0) return 0;
  let untranslated = 0;
  for (const paragraph of paragraphsOf(text)) {
    const words = wordsOf(paragraph);
    if (words.length && words.filter((w) => english.has(w)).length > words.length / 2) untranslated += paragraph.length;
  }
  return untranslated / text.length;
}

const minChars = flag('--min-chars') ?? 200;
const head = flag('--head');
let skipped = 0;
let partial = 0;
const seen = new Set<string>();
let written = 0;
for (const line of readFileSync(join(root, 'training/langid/dev-docs.tsv'), 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [language, source] = line.split('\t') as [string, string];
  const file = source.startsWith('man:') ? source.slice(4) : isAbsolute(source) ? source : join(root, source);
  if (!existsSync(file)) {
    skipped++;
    continue;
  }
  let text = render(source);
  const english = englishWords(language, source);
  if (!process.argv.includes('--paragraphs') && untranslatedShare(text, english) > MAX_UNTRANSLATED) {
    partial++;
    continue;
  }
  if (head && text.length > head) {
    const cut = text.lastIndexOf(' ', head);
    text = text.slice(0, cut > head / 2 ? cut : head);
  }
  const paragraphs = process.argv.includes('--paragraphs');
  const parts = paragraphs ? paragraphsOf(text) : [text];
  for (const [i, part] of parts.entries()) {
    // The same paragraph recurs in sibling pages (vim, vi, view, editor): once is enough.
    const key = part.replace(/\s+/g, ' ').trim();
    if (paragraphs && seen.has(key)) continue;
    seen.add(key);
    if (paragraphs && untranslatedShare(part, english) > MAX_UNTRANSLATED) {
      partial++;
      continue;
    }
    if ([...part.trim()].length < minChars) {
      skipped++;
      continue;
    }
    const where = parts.length > 1 ? `${source}#${i + 1}` : source;
    process.stdout.write(JSON.stringify({ language, source: where, text: part }) + '\n');
    written++;
  }
}
process.stderr.write(
  `dev-docs: ${written} texts written, ${skipped} skipped (absent, or under ${minChars} characters), ${partial} left out as untranslated English\n`,
);
