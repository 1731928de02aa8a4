/**
 * Sentence boundaries and entity precision on real layouts: man pages, the documentation Debian installs
 * and READMEs, the dev set in test/fixtures/layout-dev (see its LICENSES.md):
 *
 *   npx tsx training/sentences/layout-eval.ts [DIR] [--verbose] [--models DIR]
 *
 * Each document NAME.txt or NAME.md comes with
 * - NAME.sentences: the gold sentences, one a line, each the text from its first to its last token with
 *   every run of blanks and newlines folded to one space (the annotation guide is in the dev set's README);
 * - NAME.never: strings that must never be part of an entity, one a line (URLs, e-mail addresses, paths,
 *   code spans, option flags); every occurrence in the document counts.
 *
 * Sentences score as a multiset of folded strings: precision, recall and F1 over all documents (a sentence
 * is right when the system has the same string, as often as the gold has it).
 * Entities (extractor `entities`, as a user gets them) have no gold for running text; two proxies of
 * precision count the ones that are surely wrong: an entity that overlaps a never-entity string, and an
 * entity that is only punctuation or layout (no letter or digit, or a run of three or more blanks, or a
 * `|`, `>` or `<` at either end). Headings have gold (headings.tsv: every heading line of 40 documents
 * with the names in it, judged by hand): an entity that starts in a heading is right when its text is
 * one of that heading's names. Heading precision is the share right of the entities in headings; the
 * precision proxy is the share of all entities that are none of the three kinds of wrong. The last line
 * prints every figure as name=value.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnalyzer } from '../../src/analyzer.js';

const fold = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** UTF-16 offset of each code point offset (the API counts code points). */
function codePointToUtf16(text: string): number[] {
  const map: number[] = [];
  for (let i = 0; i < text.length; ) {
    map.push(i);
    i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  map.push(text.length);
  return map;
}

/** Whether an entity's text is surely not a name: no letter or digit, a column gap, or markup at an end. */
export function layoutOnly(matched: string): boolean {
  return !/[\p{L}\p{N}]/u.test(matched) || /\S[ \t]{3,}\S/.test(matched) || /^[|<>]|[|<>]$/.test(matched.trim());
}

/** Per document, each heading's text (as headingRanges gives it) and the names in it. */
function readHeadingGold(path: string): Map<string, Array<{ heading: string; names: string[] }>> {
  const gold = new Map<string, Array<{ heading: string; names: string[] }>>();
  if (!existsSync(path)) return gold;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [file, heading, names = ''] = line.split('\t');
    const list = gold.get(file) ?? gold.set(file, []).get(file)!;
    list.push({ heading, names: names.split(' | ').filter((n) => n !== '') });
  }
  return gold;
}

/** The [start, end) span and names of each gold heading, found as a line's text after its indentation and #s. */
function headingSpans(text: string, gold: ReadonlyArray<{ heading: string; names: string[] }>): Array<{ start: number; end: number; names: string[] }> {
  const out: Array<{ start: number; end: number; names: string[] }> = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const body = /^[ \t]*(?:#{1,6}[ \t]+)?/.exec(line)![0].length;
    const t = line.slice(body).trimEnd();
    for (const g of gold) if (g.heading === t) out.push({ start: offset + body, end: offset + body + t.length, names: g.names });
    offset += line.length + 1;
  }
  return out;
}

/** Spans [start, end) of every occurrence of every never-entity string. */
function neverSpans(text: string, never: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  for (const s of never) for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) out.push([i, i + s.length]);
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const mi = args.indexOf('--models');
  const modelsDir = mi >= 0 ? args[mi + 1] : undefined;
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--models') ?? join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'layout-dev');
  const docs = readdirSync(dir).filter((f) => /\.(txt|md)$/.test(f) && f !== 'README.md' && f !== 'LICENSES.md').sort();
  const analyzer = await createAnalyzer({ backend: 'node', ...(modelsDir ? { modelsDir } : {}) });
  let gold = 0;
  let system = 0;
  let right = 0;
  let entities = 0;
  let overlapNever = 0;
  let layout = 0;
  let wrong = 0;
  let headingEntities = 0;
  let headingRight = 0;
  const headingGold = readHeadingGold(join(dir, 'headings.tsv'));
  for (const f of docs) {
    const base = f.replace(/\.(txt|md)$/, '');
    const text = readFileSync(join(dir, f), 'utf8');
    const goldSentences = readFileSync(join(dir, `${base}.sentences`), 'utf8').split('\n').map(fold).filter((s) => s !== '');
    const never = readFileSync(join(dir, `${base}.never`), 'utf8').split('\n').filter((s) => s !== '');
    const doc = await analyzer.segment(text);
    const sys: string[] = [];
    let s = 0;
    for (const e of doc.sentEnd) {
      if (e > s) sys.push(fold(text.slice(doc.start16[s], doc.end16[e - 1])));
      s = e;
    }
    const left = new Map<string, number>();
    for (const g of goldSentences) left.set(g, (left.get(g) ?? 0) + 1);
    let docRight = 0;
    for (const x of sys) {
      const k = left.get(x) ?? 0;
      if (k > 0) {
        docRight++;
        left.set(x, k - 1);
      }
    }
    gold += goldSentences.length;
    system += sys.length;
    right += docRight;
    const response = await analyzer.analyze({ text, extractors: 'entities' });
    const cp = codePointToUtf16(text);
    const spans = neverSpans(text, never);
    const headings = headingSpans(text, headingGold.get(f) ?? []);
    let docNever = 0;
    let docLayout = 0;
    const bad: string[] = [];
    for (const en of response.response?.entities ?? []) {
      const a = cp[en.startingPos];
      const b = a + en.matchedText.length;
      const hitsNever = spans.some(([x, y]) => a < y && x < b);
      const onlyLayout = layoutOnly(en.matchedText);
      const heading = headings.find((h) => h.start <= a && a < h.end);
      const headingWrong = heading !== undefined && !heading.names.includes(en.matchedText);
      if (heading) {
        headingEntities++;
        if (!headingWrong) headingRight++;
      }
      if (hitsNever) docNever++;
      if (onlyLayout) docLayout++;
      if (hitsNever || onlyLayout || headingWrong) bad.push(`${JSON.stringify(en.matchedText)}${headingWrong ? ' (heading)' : ''}`);
    }
    const n = response.response?.entities?.length ?? 0;
    entities += n;
    overlapNever += docNever;
    wrong += bad.length;
    layout += docLayout;
    console.log(
      `${base.padEnd(40)} sentences ${String(docRight).padStart(3)}/${String(goldSentences.length).padStart(3)} gold, ${String(sys.length).padStart(3)} system   entities ${String(n).padStart(3)}, on never-entity text ${docNever}, layout ${docLayout}`,
    );
    if (verbose) {
      for (const [g, k] of left) if (k > 0) console.log(`    missed: ${g}`);
      const goldSet = new Set(goldSentences);
      for (const x of sys) if (!goldSet.has(x)) console.log(`    extra:  ${x}`);
      for (const x of bad) console.log(`    bad entity: ${x}`);
    }
  }
  const p = system ? right / system : 0;
  const r = gold ? right / gold : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  const pct = (x: number): string => (100 * x).toFixed(1);
  const clean = entities ? (entities - wrong) / entities : 1;
  console.log(
    `${docs.length} documents, ${gold} gold sentences: P ${pct(p)} R ${pct(r)} F1 ${pct(f1)}; ${entities} entities, ${overlapNever} on never-entity text, ${layout} layout only`,
  );
  console.log(
    `headings: ${headingEntities} entities, ${headingRight} of them names (precision ${headingEntities ? pct(headingRight / headingEntities) : '-'})`,
  );
  console.log(
    `documents=${docs.length} sentences_gold=${gold} sentences_system=${system} sentence_p=${pct(p)} sentence_r=${pct(r)} sentence_f1=${pct(f1)} entities=${entities} entities_on_never=${overlapNever} entities_layout=${layout} entity_precision_proxy=${pct(clean)} heading_entities=${headingEntities} heading_entities_right=${headingRight}`,
  );
}

if (process.argv[1]?.endsWith('layout-eval.ts')) await main();
