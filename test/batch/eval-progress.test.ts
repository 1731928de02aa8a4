/**
 * Progress reports of the long eval commands: `eval el` reports each
 * document of its end-to-end pass (to the shared display), without changing
 * the scores.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLinker } from '../../src/annotators/linker.js';
import { loadEntityRecognizer } from '../../src/annotators/ner.js';
import { createSegmenter } from '../../src/doc/sentences.js';
import { evalQidBenchmark } from '../../src/eval/el.js';
import { readEntityJsonl } from '../../src/eval/el-jsonl.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';

const fixture = fileURLToPath(new URL('../fixtures/everyday-entities.jsonl', import.meta.url));
const haveKb = existsSync(`${defaultModelsDir}kb/kb.sqlite`);

describe.skipIf(!haveKb)(`eval el progress${haveKb ? '' : ' (skipped: models/kb/kb.sqlite is missing)'}`, () => {
  it('reports every document once, in order, with the tokens before it, and the same scores as without', async () => {
    const loader = fileLoader();
    const [linker, ner, segmenter] = await Promise.all([loadLinker(loader), loadEntityRecognizer(loader), createSegmenter(loader)]);
    const docs = (await readEntityJsonl(fixture, segmenter)).slice(0, 12);
    const reports: Array<[number, number, number]> = [];
    const withProgress = await evalQidBenchmark(docs, linker, ner, (done, total, tokens) => reports.push([done, total, tokens]));
    expect(reports.map((r) => r[0])).toEqual(docs.map((_, i) => i));
    expect(reports.every((r) => r[1] === docs.length)).toBe(true);
    expect(reports[0]![2]).toBe(0);
    expect(reports[5]![2]).toBe(docs.slice(0, 5).reduce((n, d) => n + d.doc.length, 0));
    expect(withProgress).toEqual(await evalQidBenchmark(docs, linker, ner));
  });
});
