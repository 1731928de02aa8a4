/**
 * The ranker's noCounts feature (no AIDA anchor names the alias) is set for
 * one-word names only: a name of two words or more that the KB gives is
 * specific enough on its own (src/linking/features.ts).
 */
import { describe, expect, it } from 'vitest';
import { kbEntity } from './fixtures.js';
import type { Candidate, KbEntity, KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { candidateFeatures, FEATURE_NAMES, type MentionSpan } from '../../src/linking/features.js';

const tower = kbEntity(1, 'Eiffel_Tower', ['Building', 'Place']);
const biggs = kbEntity(2, 'Jason_Biggs', ['Person']);
const paris = kbEntity(3, 'Paris', ['City', 'Place']);
const pfizer = kbEntity(4, 'Pfizer', ['Company', 'Organisation']);
const showcase = kbEntity(5, 'Showcase', ['Company', 'Organisation']);

/** Aliases with the counts AIDA's anchors give them (0: a name only the KB's other sources give). */
function stubKb(names: Record<string, [KbEntity, number][]>): KnowledgeBase {
  const byId = new Map(Object.values(names).flat().map(([e]) => [e.id, e]));
  return {
    hasAlias: (key: string) => key in names,
    candidatesForKey: (key: string): Candidate[] => (names[key] ?? []).map(([e, count]) => ({ entity: e.id, count, prior: 1 }) as Candidate),
    entity: (id: number) => byId.get(id),
  } as unknown as KnowledgeBase;
}

const kb = stubKb({ 'eiffel tower': [[tower, 0]], biggs: [[biggs, 0]], paris: [[paris, 12]], pfizer: [[pfizer, 0]], showcase: [[showcase, 0]] });
const isWord = (w: string) => w === 'showcase';
const NO_COUNTS = FEATURE_NAMES.indexOf('noCounts');

function noCounts(text: string, start: number, end: number, words?: (w: string) => boolean): number {
  const tokens = text.split(' ');
  const mention: MentionSpan = { start, end, text: tokens.slice(start, end).join(' '), label: 'LOC' };
  const [rows] = candidateFeatures(kb, 30, tokens, [mention], { isWord: words });
  return rows.rows[0][NO_COUNTS];
}

describe('noCounts', () => {
  it('is set for a one-word name no anchor gives', () => {
    expect(noCounts('Biggs said so', 0, 1)).toBe(1);
  });
  it('is not set for a name of two words or more, with counts or without', () => {
    expect(noCounts('Tourists returned to the Eiffel Tower', 4, 6)).toBe(0);
  });
  it('is not set for a one-word brand, the only entity of its name, that is no English word', () => {
    expect(noCounts('Pfizer shares rose', 0, 1, isWord)).toBe(0);
    // A brand that is a word first keeps the doubt, as does any one-word name without a word list.
    expect(noCounts('Showcase shares rose', 0, 1, isWord)).toBe(1);
    expect(noCounts('Pfizer shares rose', 0, 1)).toBe(1);
    expect(noCounts('Biggs shares rose', 0, 1, isWord)).toBe(1);
  });
  it('is not set for a name an anchor gives', () => {
    expect(noCounts('Paris is large', 0, 1)).toBe(0);
  });
});
