/**
 * Reads SemCor 3.0 NAF files (../shared/data/semcor, gzip'd) into documents:
 * sentences of context tokens, and for each sense-tagged token its WordNet
 * 3.0 sense keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { wordNetPos } from '../../src/lexicon/penn.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';

export interface TaggedToken extends ContextToken {
  /** Full WordNet 3.0 sense keys (lemma%lexsn); empty when the token is not sense-tagged. */
  keys: string[];
}

export interface SemcorDoc {
  name: string;
  sentences: TaggedToken[][];
}

const WF = /<wf id="([^"]+)"[^>]*\bsent="(\d+)"/g;
const TERM = /<term id="[^"]+" pos="([^"]*)" lemma="([^"]*)"[^>]*>([\s\S]*?)<\/term>/g;
const TARGET = /<target id="([^"]+)"/;
const LEXICAL_KEY = /reference="([^"]+)" resource="WordNet-eng30" reftype="lexical_key"/g;

/**
 * SemCor's developer-visible files (split.tsv's "shared" part) under `data`,
 * sorted by name: every tenth is dev (never trained on), the rest train.
 *
 * `trainFiles` (default: WSD_TRAIN_FILES, else all 254 train files) sets how many files train:
 *  - a number below the train files' count: that many of them, spread evenly over the sorted list
 *    (every genre keeps its share), for the learning curve the model card reports;
 *  - `all`: every developer-visible file, the 29 dev files included. The dev figures of such a build
 *    score text it was trained on and mean nothing; its parameters come from a 254-file build's meta.json.
 */
export function readSemcorSplit(data: string, trainFiles: string | undefined = process.env.WSD_TRAIN_FILES): { train: SemcorDoc[]; dev: SemcorDoc[] } {
  const split = readFileSync(join(data, 'semcor/split.tsv'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'))
    .filter(([, part]) => part === 'shared')
    .map(([file]) => file)
    .sort();
  const train: SemcorDoc[] = [];
  const dev: SemcorDoc[] = [];
  split.forEach((file, i) => {
    const doc = readSemcorFile(join(data, 'semcor', `${file}.gz`), file);
    (i % 10 === 0 ? dev : train).push(doc);
  });
  if (trainFiles === undefined || trainFiles === '') return { train, dev };
  if (trainFiles === 'all') return { train: [...train, ...dev].sort((a, b) => (a.name < b.name ? -1 : 1)), dev };
  return { train: spread(train, Number(trainFiles)), dev };
}

/** `n` of the items, spread evenly over the list (item i kept where ⌊(i+1)·n/len⌋ passes ⌊i·n/len⌋). */
export function spread<T>(items: readonly T[], n: number): T[] {
  if (!Number.isInteger(n) || n < 1 || n > items.length) {
    throw new Error(`WSD_TRAIN_FILES: expected 'all' or a whole number from 1 to ${items.length}, got ${n}`);
  }
  return items.filter((_, i) => Math.floor(((i + 1) * n) / items.length) > Math.floor((i * n) / items.length));
}

export function readSemcorFile(path: string, name: string): SemcorDoc {
  const xml = gunzipSync(readFileSync(path)).toString('utf8');
  const sentOf = new Map<string, number>();
  for (const m of xml.matchAll(WF)) sentOf.set(m[1], Number(m[2]));
  const bySentence = new Map<number, TaggedToken[]>();
  for (const m of xml.matchAll(TERM)) {
    const [, xpos, rawLemma, body] = m;
    const target = TARGET.exec(body)?.[1];
    if (target === undefined) continue;
    const sent = sentOf.get(target) ?? 0;
    const lemma = decodeEntities(rawLemma).toLowerCase();
    // One reference may hold several lexical ids, ';' between them (442 tokens of the corpus, e.g.
    // "1:18:01::;1:18:00::" for spirit): each is a key of its own.
    const keys = [...body.matchAll(LEXICAL_KEY)].flatMap((k) => k[1].split(';').map((id) => `${lemma}%${id}`));
    let list = bySentence.get(sent);
    if (!list) bySentence.set(sent, (list = []));
    list.push({ lemma, pos: wordNetPos(xpos), keys });
  }
  const sentences = [...bySentence.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return { name, sentences };
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? _);
}

const UNIVERSAL: Record<string, string> = { n: 'NOUN', v: 'VERB', a: 'ADJ', r: 'ADV' };
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * SemCor documents in the WSD framework's format (data.xml + gold keys), so
 * `textlens eval wsd` can score held-out SemCor files. Tokens are SemCor's
 * lemmas (the NAF terms carry no forms); every sense-tagged open-class term
 * is an instance.
 */
export function toFramework(docs: readonly SemcorDoc[], source: string, maxSentences = Infinity): { xml: string; gold: string } {
  let xml = `<?xml version="1.0" encoding="UTF-8" ?>\n<corpus lang="en" source="${escapeXml(source)}">\n`;
  const gold: string[] = [];
  docs.forEach((doc, d) => {
    const did = `d${String(d).padStart(3, '0')}`;
    xml += `<text id="${did}" source="${escapeXml(doc.name)}">\n`;
    doc.sentences.slice(0, maxSentences).forEach((s, si) => {
      const sid = `${did}.s${String(si).padStart(3, '0')}`;
      xml += `<sentence id="${sid}">\n`;
      let t = 0;
      for (const tok of s) {
        const pos = tok.pos ? UNIVERSAL[tok.pos] : 'X';
        const form = escapeXml(tok.lemma.replaceAll('_', ' '));
        if (tok.keys.length > 0 && tok.pos) {
          const id = `${sid}.t${String(t++).padStart(3, '0')}`;
          xml += `<instance id="${id}" lemma="${form}" pos="${pos}">${form}</instance>\n`;
          gold.push(`${id} ${tok.keys.join(' ')}`);
        } else {
          xml += `<wf lemma="${form}" pos="${pos}">${form}</wf>\n`;
        }
      }
      xml += '</sentence>\n';
    });
    xml += '</text>\n';
  });
  xml += '</corpus>\n';
  return { xml, gold: gold.join('\n') + '\n' };
}
