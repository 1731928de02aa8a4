/**
 * The phrases and relations extractors' output on the committed fixture
 * texts, against a snapshot (test/fixtures/structure/snapshot.json): the
 * speed work of issue 12 must not change a single phrase, relation or
 * property. When a change to the rules is meant to change them, rewrite the
 * snapshot with `UPDATE_STRUCTURE_SNAPSHOT=1 npx vitest run
 * test/structure/structure-snapshot.test.ts` and say so in the commit.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import type { AnalysisPayload } from '../../src/types.js';

const fixture = (p: string): string => fileURLToPath(new URL(`../fixtures/${p}`, import.meta.url));
const snapshotFile = fixture('structure/snapshot.json');

/** The texts: the EWT dev slice's sentences, the property fixtures' and the CaRB slice's (all committed, CC BY-SA 4.0 / as their READMEs say). */
function texts(): Record<string, string> {
  const ewt = readFileSync(fixture('doc/ewt-dev-slice.conllu'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice(9))
    .join(' ');
  const properties = readFileSync(fixture('properties.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { text: string }).text)
    .join(' ');
  const carb = readFileSync(fixture('carb/sentences.txt'), 'utf8').trim().split('\n').join(' ');
  return { ewt, properties, carb };
}

/** A compact, readable record of the three lists: "sentence:positions" per phrase, and per relation its params. */
function record(p: AnalysisPayload): { nounPhrases: string[]; properties: string[]; relations: string[] } {
  const at = (s: number, ix: readonly number[]): string => `${s}:${ix.join(',')}`;
  return {
    nounPhrases: (p.nounPhrases ?? []).map((x) => at(x.sentencePosition, x.wordPositions)),
    properties: (p.properties ?? []).map((x) => `${at(x.sentencePosition, x.wordPositions)} ${x.propertyPositions.join(',')}`),
    relations: (p.relations ?? []).map((r) => `${at(r.sentencePosition, r.wordPositions)} ${r.params.map((q) => `${q.relation}=${q.wordPositions.join(',')}`).join(' ')} ${r.confidence}`),
  };
}

let analyzer: Analyzer;
let fast: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
  fast = await createAnalyzer({ parser: 'fast' });
});

describe('phrases and relations on the committed fixtures', () => {
  it('match the snapshot, with the accurate and the fast parser', async () => {
    const now: Record<string, ReturnType<typeof record>> = {};
    for (const [name, text] of Object.entries(texts())) {
      for (const [parser, a] of [['accurate', analyzer], ['fast', fast]] as const) {
        const r = await a.analyze({ text, extractors: 'phrases,relations', languageOverride: 'eng' });
        now[`${name} (${parser})`] = record(r.response!);
      }
    }
    if (process.env.UPDATE_STRUCTURE_SNAPSHOT === '1' || !existsSync(snapshotFile)) writeFileSync(snapshotFile, JSON.stringify(now, null, 1) + '\n');
    const saved = JSON.parse(readFileSync(snapshotFile, 'utf8')) as typeof now;
    // enough of each list that a change shows
    expect(saved['ewt (accurate)'].nounPhrases.length).toBeGreaterThan(300);
    expect(saved['carb (accurate)'].relations.length).toBeGreaterThan(30);
    expect(saved['properties (accurate)'].properties.length).toBeGreaterThan(60);
    expect(now).toEqual(saved);
  });
});
