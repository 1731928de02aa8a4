/**
 * A plain JSON-lines format for entity-linking test sets that people write
 * by hand (test/fixtures/everyday-entities.jsonl):
 *
 *   {"id": "…", "text": "Apple shares fell …", "entities": [{"text": "Apple", "wikidataId": "Q312"}, …]}
 *
 * Each entity's gold span is the first occurrence of its surface text not
 * already taken by an earlier entity of the line. Scored like the ELEVANT
 * benchmarks (evalQidBenchmark: strong match on span and QID).
 */
import { readFileSync } from 'node:fs';
import { Doc } from '../doc/doc.js';
import type { Segmenter } from '../doc/sentences.js';
import type { QidDocument } from './qid-document.js';

interface JsonlLine {
  id?: string;
  text: string;
  entities: { text: string; wikidataId: string }[];
}

/** Reads the file; a malformed line throws an Error naming the file and line. */
export async function readEntityJsonl(file: string, segmenter: Segmenter): Promise<QidDocument[]> {
  const out: QidDocument[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let n = 0; n < lines.length; n++) {
    if (!lines[n].trim()) continue;
    const where = `${file}, line ${n + 1}`;
    let d: JsonlLine;
    try {
      d = JSON.parse(lines[n]) as JsonlLine;
    } catch (err) {
      throw new Error(`${where}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (typeof d.text !== 'string' || !Array.isArray(d.entities)) throw new Error(`${where}: expected {"text": string, "entities": [{"text", "wikidataId"}]}`);
    const seg = await segmenter.segment(d.text);
    const doc = new Doc(d.text, seg.tokens, seg.sentenceEnds);
    const taken: Array<[number, number]> = [];
    const gold: QidDocument['gold'] = [];
    for (const e of d.entities) {
      if (typeof e.text !== 'string' || !/^Q\d+$/.test(e.wikidataId ?? '')) throw new Error(`${where}: each entity needs "text" and a "wikidataId" such as "Q312"`);
      let at = d.text.indexOf(e.text);
      while (at >= 0 && taken.some(([a, b]) => at < b && a < at + e.text.length)) at = d.text.indexOf(e.text, at + 1);
      if (at < 0) throw new Error(`${where}: entity "${e.text}" does not occur in the text`);
      taken.push([at, at + e.text.length]);
      // Spans in code points, as the Doc reports them.
      const start = [...d.text.slice(0, at)].length;
      gold.push({ start, end: start + [...e.text].length, qid: e.wikidataId, optional: false });
    }
    out.push({ doc, gold, span: [0, [...d.text].length] });
  }
  return out;
}
