/**
 * NER-type agreement for entities the KB types outside Person, Organisation
 * and Place (software, programming languages, works, events …): CoNLL's
 * tagger calls such names MISC, or LOC/ORG/PER at random, and the ranker
 * must still see the type agree when the KB's class fits.
 */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, kbEntity, useShippedEntities } from './fixtures.js';
import type { Candidate, KbEntity, KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { candidateFeatures, FEATURE_NAMES, outsideCoarse, type MentionSpan } from '../../src/linking/features.js';

const entity = kbEntity;

const pythonLanguage = entity(1, 'Python_(programming_language)', ['ProgrammingLanguage', 'Language']);
const linux = entity(2, 'Linux', ['Software', 'Work']);
const chicagoCity = entity(3, 'Chicago', ['City', 'Settlement', 'PopulatedPlace', 'Place', 'Location']);
const chicagoMusical = entity(4, 'Chicago_(musical)', ['Musical', 'Work']);
const germany = entity(5, 'Germany', ['Country', 'PopulatedPlace', 'Place', 'Location']);
const germanLanguage = entity(6, 'German_language', ['Language']);
const newspaper = entity(7, 'The_Guardian', ['Newspaper', 'PeriodicalLiterature', 'WrittenWork', 'Work']);
const newspaperCompany = entity(8, 'Guardian_Media_Group', ['Company', 'Organisation', 'Agent']);

/** A KB of a few names, enough for candidateFeatures. */
function stubKb(names: Record<string, KbEntity[]>): KnowledgeBase {
  const byId = new Map(Object.values(names).flat().map((e) => [e.id, e]));
  const kb = {
    hasAlias: (key: string) => key in names,
    candidatesForKey: (key: string): Candidate[] =>
      (names[key] ?? []).map((e, j, all) => ({ entity: e.id, count: 10 - j, prior: (10 - j) / all.reduce((s, _, k) => s + 10 - k, 0) }) as Candidate),
    entity: (id: number) => byId.get(id),
  };
  return kb as unknown as KnowledgeBase;
}

const kb = stubKb({ python: [pythonLanguage], linux: [linux], chicago: [chicagoCity, chicagoMusical], german: [germany, germanLanguage], guardian: [newspaper, newspaperCompany] });
const AGREE = FEATURE_NAMES.indexOf('typeAgree');
const CONFLICT = FEATURE_NAMES.indexOf('typeConflict');

/** [typeAgree, typeConflict] of each candidate of a one-mention document. */
function agreement(text: string, label: string): Record<string, [number, number]> {
  const tokens = text.split(' ');
  const mention: MentionSpan = { start: 0, end: 1, text: tokens[0], label };
  const [rows] = candidateFeatures(kb, 30, tokens, [mention]);
  return Object.fromEntries(rows.entities.map((e, j) => [e.title as string, [rows.rows[j][AGREE], rows.rows[j][CONFLICT]]]));
}

describe('type agreement outside the coarse NER classes', () => {
  it('knows which entities the KB types outside Person, Organisation and Place', () => {
    expect(outsideCoarse(pythonLanguage)).toBe(true);
    expect(outsideCoarse(linux)).toBe(true);
    expect(outsideCoarse(chicagoCity)).toBe(false);
    expect(outsideCoarse(entity(9, 'Untyped', []))).toBe(false);
  });

  it('leaves MISC without agreement or conflict (a MISC nationality is its country more often than anything else)', () => {
    expect(agreement('Python is a programming language', 'MISC')['Python_(programming_language)']).toEqual([0, 0]);
    expect(agreement('German officials said', 'MISC').Germany).toEqual([0, 0]);
    expect(agreement('German officials said', 'MISC').German_language).toEqual([0, 0]);
  });

  it('lets a LOC or ORG tag agree with such an entity only when no candidate has the tag\'s own class', () => {
    expect(agreement('Python is a programming language', 'LOC')['Python_(programming_language)']).toEqual([1, 0]);
    expect(agreement('Linux runs on servers', 'ORG').Linux).toEqual([1, 0]);
    // A city among the candidates: LOC means the city, the musical gets no agreement.
    const chicago = agreement('Chicago is windy', 'LOC');
    expect(chicago.Chicago).toEqual([1, 0]);
    expect(chicago['Chicago_(musical)']).toEqual([0, 0]);
  });

  it('reads an ORG tag on a newspaper or magazine as agreeing, as CoNLL tags them, beside its publisher', () => {
    const guardian = agreement('Guardian reported that', 'ORG');
    expect(guardian.The_Guardian).toEqual([1, 0]);
    expect(guardian.Guardian_Media_Group).toEqual([1, 0]);
    expect(agreement('Guardian reported that', 'LOC').The_Guardian[0]).toBe(0);
  });

  it('gives no agreement to a PER tag (the ranker\'s NER-class override handles that)', () => {
    expect(agreement('Python is a programming language', 'PER')['Python_(programming_language)']).toEqual([0, 0]);
  });
});

describe.skipIf(!hasShippedKb)('Python in software text and in text about snakes (shipped KB, ranker and NER)', () => {
  const entities = useShippedEntities();

  it('links Python in a paragraph about programming to the language, typed ProgrammingLanguage', async () => {
    const ents = await entities('Python is a programming language that lets you work quickly. You can install Python 3 with pip and run scripts from the command line.');
    const python = ents.filter((e) => e.matchedText === 'Python');
    expect(python.length).toBeGreaterThan(0);
    for (const e of python) {
      expect(e.entityId).toBe('Python_(programming_language)');
      expect(e.type).toContain('ProgrammingLanguage');
      expect(e.type).not.toContain('Person');
    }
  });

  it('does not link the language in a paragraph about snakes', async () => {
    const ents = await entities('The python is a large snake found in Africa and Asia. A python kills its prey by constriction; the Burmese python is among the largest snakes.');
    expect(ents.some((e) => e.entityId === 'Python_(programming_language)')).toBe(false);
  });

  it('leaves PostgreSQL, which the KB lacks, unlinked and never a Person', async () => {
    const ents = await entities('I stored the rows in PostgreSQL and queried them from Python.');
    for (const e of ents.filter((x) => x.matchedText === 'PostgreSQL')) {
      expect(e.entityId).toBeUndefined();
      expect(e.type).not.toContain('Person');
    }
  });
});
