/**
 * The file formats of Raganato et al.'s (2017) WSD evaluation framework:
 * `X.data.xml` (pre-tokenized sentences with lemma and universal POS; the
 * words to disambiguate are `<instance id=…>` elements) and `X.gold.key.txt`
 * (`instance_id sense_key [sense_key …]` per line).
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { ContextToken } from '../semantics/wsd-features.js';

export interface FrameworkToken extends ContextToken {
  form: string;
  /** Set on the tokens to disambiguate. */
  instanceId?: string;
}

export interface FrameworkDoc {
  id: string;
  sentences: FrameworkToken[][];
}

const UNIVERSAL_TO_WORDNET: Record<string, WordNetPos> = { NOUN: 'n', VERB: 'v', ADJ: 'a', ADV: 'r' };

const TEXT = /<text\b[^>]*\bid="([^"]*)"[^>]*>([\s\S]*?)<\/text>/g;
const SENTENCE = /<sentence\b[^>]*>([\s\S]*?)<\/sentence>/g;
const TOKEN = /<(wf|instance)\b([^>]*)>([^<]*)<\/\1>/g;
const ATTR = /(\w+)="([^"]*)"/g;

/** Parses a framework data file; throws an Error naming the problem when it is not one. */
export function parseFrameworkData(xml: string, file = 'data file'): FrameworkDoc[] {
  if (!/<corpus\b/.test(xml)) throw new Error(`${file}: not a WSD framework data file (no <corpus> element)`);
  const docs: FrameworkDoc[] = [];
  for (const t of xml.matchAll(TEXT)) {
    const sentences: FrameworkToken[][] = [];
    for (const s of t[2].matchAll(SENTENCE)) {
      const tokens: FrameworkToken[] = [];
      for (const m of s[1].matchAll(TOKEN)) {
        const attrs: Record<string, string> = {};
        for (const a of m[2].matchAll(ATTR)) attrs[a[1]] = decodeXml(a[2]);
        const token: FrameworkToken = {
          form: decodeXml(m[3]),
          lemma: (attrs.lemma ?? decodeXml(m[3])).toLowerCase(),
          pos: UNIVERSAL_TO_WORDNET[attrs.pos ?? ''],
        };
        if (m[1] === 'instance') {
          if (!attrs.id) throw new Error(`${file}: an <instance> has no id`);
          token.instanceId = attrs.id;
        }
        tokens.push(token);
      }
      sentences.push(tokens);
    }
    docs.push({ id: t[1], sentences });
  }
  if (docs.length === 0) throw new Error(`${file}: no <text> elements`);
  return docs;
}

/** Parses a gold key file: instance id → its gold sense keys. */
export function parseGoldKeys(text: string, file = 'gold file'): Map<string, string[]> {
  const gold = new Map<string, string[]>();
  text.split('\n').forEach((line, i) => {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === '') return;
    if (fields.length < 2 || !fields[1].includes('%')) {
      throw new Error(`${file}:${i + 1}: expected "instance_id sense_key [sense_key …]", got "${line.slice(0, 80)}"`);
    }
    gold.set(fields[0], fields.slice(1));
  });
  if (gold.size === 0) throw new Error(`${file}: no gold keys`);
  return gold;
}

function decodeXml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (whole, e: string) => {
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? whole;
  });
}
