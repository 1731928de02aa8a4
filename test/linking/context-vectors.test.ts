import { describe, expect, it, beforeAll } from 'vitest';
import { contextVectors, cosine, wordWeight, type ContextVectors } from '../../src/linking/context-vectors.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { readFileSync } from 'node:fs';
import { candidateFeatures, FEATURE_NAMES, usesContextVectors, type LinkerModel } from '../../src/linking/features.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { NIL_FEATURES, nilFeatures } from '../../src/linking/nil.js';
import type { Candidate, KbEntity, KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { kbEntity } from './fixtures.js';

const tokens = (s: string) => s.split(' ');

const club: KbEntity = { ...kbEntity(1, 'Leeds_United_F.C.', ['SportsTeam']), description: 'association football club', context: { midfielder: 9, striker: 7, goal: 5, league: 4 } };
const city: KbEntity = { ...kbEntity(2, 'Leeds', ['City']), description: 'city in West Yorkshire, England', context: { council: 8, university: 5, railway: 4 } };
const bare: KbEntity = { ...kbEntity(3, 'Xqzv', []), label: 'Xqzv' };

/** A KB with one alias, "leeds", for the two entities. */
const kb = {
  candidatesForKey: (key: string): Candidate[] => (key === 'leeds' ? [{ entity: 2, count: 10, prior: 0.7 }, { entity: 1, count: 4, prior: 0.3 }] : []),
  entity: (ref: number | string) => [club, city].find((e) => e.id === ref),
  hasAlias: (key: string) => key === 'leeds',
} as unknown as KnowledgeBase;

describe('context vectors (feature contextVector)', () => {
  let vectors: ContextVectors;
  beforeAll(async () => {
    vectors = contextVectors(await loadWordVectors(fileLoader()));
  });

  it('weighs frequent words less than rare ones', () => {
    expect(wordWeight(0)).toBe(0);
    expect(wordWeight(10)).toBeLessThan(wordWeight(100));
    expect(wordWeight(100)).toBeLessThan(wordWeight(1000));
    expect(wordWeight(1000)).toBeLessThan(1);
  });

  it('puts a match report nearer the club and a council report nearer the city, through words neither context has', () => {
    const sport = vectors.documentVector(tokens('The forward netted twice as the visitors won the derby at Elland Road'));
    const town = vectors.documentVector(tokens('Residents complained to the mayor about the new bus station and housing plans'));
    const clubVec = vectors.entityVector(club, club.context);
    const cityVec = vectors.entityVector(city, city.context);
    expect(cosine(sport, clubVec)).toBeGreaterThan(cosine(sport, cityVec));
    expect(cosine(town, cityVec)).toBeGreaterThan(cosine(town, clubVec));
  });

  it('is 0 for an entity without words that have vectors, and for a document without content words', () => {
    const doc = vectors.documentVector(tokens('the match was played'));
    expect(cosine(doc, vectors.entityVector(bare, bare.context))).toBe(0);
    expect(cosine(vectors.documentVector(tokens('the of and')), vectors.entityVector(city, city.context))).toBe(0);
  });

  it('keeps the KB context vector, and recomputes for another context (training leaves a document out)', () => {
    const a = vectors.entityVector(club, club.context);
    expect(vectors.entityVector(club, club.context)).toBe(a);
    const other = vectors.entityVector(club, { bank: 5 });
    expect(other).not.toBe(a);
    expect(cosine(other, a)).toBeLessThan(0.99);
  });

  it('fills the ranker row (contextVector, descriptionVector, noContextWords) and the NIL features, 0 without vectors', () => {
    const doc = tokens('Leeds striker scored twice in the league match');
    const mention = { start: 0, end: 1, text: 'Leeds', label: 'ORG' };
    const col = FEATURE_NAMES.indexOf('contextVector');
    const [withVectors] = candidateFeatures(kb, 30, doc, [mention], { contextVectors: vectors });
    const [without] = candidateFeatures(kb, 30, doc, [mention]);
    expect(withVectors.rows.every((r) => r.length === FEATURE_NAMES.length)).toBe(true);
    const clubAt = withVectors.entities.indexOf(club);
    const cityAt = withVectors.entities.indexOf(city);
    expect(withVectors.rows[clubAt][col]).toBeGreaterThan(withVectors.rows[cityAt][col]);
    expect(without.rows.map((r) => r[col])).toEqual([0, 0]);
    // descriptionVector: only for a candidate without context words, from its own text.
    const desc = FEATURE_NAMES.indexOf('descriptionVector');
    expect(withVectors.rows[clubAt][desc]).toBe(0);
    const noContext = { ...club, id: 4, context: {} };
    const [alone] = candidateFeatures({ ...kb, candidatesForKey: () => [{ entity: 4, count: 1, prior: 1 }], entity: () => noContext } as unknown as KnowledgeBase, 30, doc, [mention], { contextVectors: vectors });
    expect(alone.rows[0][desc]).toBeCloseTo(cosine(vectors.documentVector(doc), vectors.textVector(noContext)), 6);
    expect(alone.rows[0][desc]).toBeGreaterThan(0);
    const none = FEATURE_NAMES.indexOf('noContextWords');
    expect([alone.rows[0][none], withVectors.rows[clubAt][none], without.rows[clubAt][none]]).toEqual([1, 0, 0]);
    const nil = nilFeatures(withVectors, clubAt, 0.6, 0.3, mention, { tokens: doc, words: new Set(doc), keyCounts: new Map([['leeds', 1]]), sportsWords: 3 });
    expect(nil[NIL_FEATURES.indexOf('contextVector')]).toBe(withVectors.rows[clubAt][col]);
    expect(nil).toHaveLength(NIL_FEATURES.length);
  });

  it('are loaded only for a model that weighs a vector feature (the shipped ranker does not)', () => {
    const shipped = JSON.parse(readFileSync(`${defaultModelsDir}kb/linker.json`, 'utf8')) as LinkerModel;
    const weights = FEATURE_NAMES.map(() => 0);
    expect(usesContextVectors({ features: FEATURE_NAMES, weights })).toBe(false);
    weights[FEATURE_NAMES.indexOf('descriptionVector')] = 0.3;
    expect(usesContextVectors({ features: FEATURE_NAMES, weights })).toBe(true);
    expect(usesContextVectors(shipped)).toBe(false);
  });
});
