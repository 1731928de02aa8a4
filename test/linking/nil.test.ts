import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { Doc, type Mention } from '../../src/doc/doc.js';
import { linkEntities, loadLinker, type Linker } from '../../src/annotators/linker.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';
import { parseRequest } from '../../src/request.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import type { KbEntity } from '../../src/linking/knowledge-base.js';
import { abbreviates, isSportsClub, isUnitUse, spelledOut, subjectInsideName, titleCaseAcronym } from '../../src/linking/evidence.js';
import { linkProbability, linkThreshold, NIL_FEATURES, NIL_GROUPS, nilFeatures, nilGroup, vetoReason, type NilDocument, type NilModel } from '../../src/linking/nil.js';
import { FEATURE_NAMES, type CandidateRows } from '../../src/linking/features.js';

const entity = (over: Partial<KbEntity>): KbEntity => ({
  id: 1,
  label: 'x',
  aliases: [],
  dbpediaTypes: [],
  freebaseTypes: [],
  popularity: 0,
  properties: {},
  context: {},
  related: [],
  ...over,
});

const richmondFc = entity({ title: 'Richmond_Football_Club', label: 'Richmond Football Club', dbpediaTypes: ['Organisation', 'Agent'] });
const manitoba = entity({ title: 'Manitoba', label: 'Manitoba', dbpediaTypes: ['AdministrativeRegion', 'Place'] });

const nilDoc = (text: string, sportsWords = 0): NilDocument => {
  const tokens = text.split(' ');
  return { tokens, words: new Set(tokens.map((t) => t.toLowerCase())), keyCounts: new Map(), sportsWords };
};

const row = (over: Partial<Record<(typeof FEATURE_NAMES)[number], number>> = {}) => FEATURE_NAMES.map((n) => over[n] ?? 0);

describe('context evidence for short names', () => {
  it('reads an acronym as an abbreviation only when it is not the entity\'s own name', () => {
    expect(abbreviates('RFC', richmondFc)).toBe(true);
    expect(abbreviates('MB', manitoba)).toBe(true);
    expect(abbreviates('JAPAN', entity({ label: 'Japan', title: 'Japan' }))).toBe(false);
    expect(abbreviates('NATO', entity({ label: 'NATO', title: 'NATO' }))).toBe(false);
    expect(abbreviates('Richmond', richmondFc)).toBe(false);
  });

  it("reads a short title-case word as no acronym of the entity: 'La' is no LA, 'Un' no UN", () => {
    const la = entity({ title: 'Los_Angeles', label: 'Los Angeles' });
    const un = entity({ title: 'United_Nations', label: 'United Nations' });
    expect(titleCaseAcronym('La', la)).toBe(true);
    expect(titleCaseAcronym('Un', un)).toBe(true);
    expect(titleCaseAcronym('LA', la)).toBe(false); // written as an acronym
    expect(titleCaseAcronym('Ur', entity({ title: 'Ur', label: 'Ur' }))).toBe(false); // its own name
    expect(titleCaseAcronym('Ma', la)).toBe(false); // not its initials
    expect(vetoReason(un, { entity: 1, count: 5, prior: 0.9 }, row({ context: 1 }), { start: 0, end: 1, text: 'Un' }, nilDoc('Un pensiero per Olga'))).toBe('abbreviation');
  });

  it('reads an academic subject inside a capitalized name or title as part of it', () => {
    const physics = entity({ title: 'Physics', label: 'Physics', dbpediaTypes: ['AcademicSubject'] });
    const t = (text: string) => text.split(' ');
    expect(subjectInsideName(physics, t('awarded the Nobel Prize in Physics'), 5)).toBe(true);
    expect(subjectInsideName(physics, t('she became Professor of Physics'), 4)).toBe(true);
    expect(subjectInsideName(physics, t('she took a degree in Physics'), 5)).toBe(false);
    expect(subjectInsideName(manitoba, t('the Province of Manitoba'), 3)).toBe(false); // not a subject
    expect(vetoReason(physics, { entity: 1, count: 9, prior: 0.9 }, row({ context: 1 }), { start: 5, end: 6, text: 'Physics' }, nilDoc('awarded the Nobel Prize in Physics'))).toBe('part');
  });

  it('finds an expansion spelled out in the document', () => {
    const rfcSeries = entity({ title: 'Request_for_Comments', label: 'Request for Comments' });
    const words = new Set(['request', 'comments', 'certificates']);
    expect(spelledOut(rfcSeries, words, new Set())).toBe(1);
    expect(spelledOut(richmondFc, words, new Set())).toBe(0);
  });

  it('tells unit symbols used as units from other capitals', () => {
    const list = 'Sizes are given in KB , MB , GB and TB .'.split(' ');
    expect(isUnitUse(list, { start: 6, end: 7 })).toBe(true);
    expect(isUnitUse('a 5 GB disk'.split(' '), { start: 2, end: 3 })).toBe(true);
    expect(isUnitUse('MB is a province'.split(' '), { start: 0, end: 1 })).toBe(false);
    expect(isUnitUse('the US and the UK'.split(' '), { start: 1, end: 2 })).toBe(false);
  });

  it('knows a sports club by its class, title or description', () => {
    expect(isSportsClub(richmondFc)).toBe(true);
    expect(isSportsClub(entity({ title: 'Arsenal_F.C.' }))).toBe(true);
    expect(isSportsClub(entity({ dbpediaTypes: ['SportsTeam'] }))).toBe(true);
    expect(isSportsClub(entity({ description: 'Australian rules football club' }))).toBe(true);
    expect(isSportsClub(manitoba)).toBe(false);
  });
});

/** A candidate record from derived alias lists (no anchor count). */
const derived = { entity: 1, count: 0, prior: 0.6 };

describe('the NIL decision', () => {
  const rfc = { start: 3, end: 4, text: 'RFC', label: 'ORG', ner: true, nerScore: 0.9 };
  const text = 'Certificates must meet RFC 3647 compliance';

  it('vetoes an abbreviation without evidence, and lets context or its spelled-out name save it', () => {
    expect(vetoReason(richmondFc, derived, row(), rfc, nilDoc(text, 2))).toBe('abbreviation');
    expect(vetoReason(richmondFc, derived, row({ context: 0.3 }), rfc, nilDoc(text, 2))).toBeUndefined();
    expect(vetoReason(richmondFc, derived, row(), rfc, nilDoc(`${text} Richmond Football Club`, 2))).toBeUndefined();
  });

  it('lets an abbreviation that anchor text attests for the entity link without more evidence ("U.S.")', () => {
    const us = entity({ title: 'United_States', label: 'United States' });
    const m = { start: 3, end: 4, text: 'U.S.', label: 'LOC' };
    expect(vetoReason(us, { entity: 1, count: 346, prior: 1 }, row(), m, nilDoc('Hollioake and the U.S. team'))).toBeUndefined();
    expect(vetoReason(us, derived, row(), m, nilDoc('Hollioake and the U.S. team'))).toBe('abbreviation');
  });

  it('reads a bare given name as no biblical figure outside a text about scripture', () => {
    const rachel = entity({ title: 'Rachel', label: 'Rachel', description: 'Biblical matriarch', dbpediaTypes: ['Person', 'Agent'] });
    const m = { start: 0, end: 1, text: 'Rachel', label: 'PER' };
    expect(vetoReason(rachel, derived, row(), m, nilDoc('Rachel told the show she was moving to New York'))).toBe('given name');
    expect(vetoReason(rachel, derived, row(), m, nilDoc('Rachel is the wife of Jacob in the Book of Genesis'))).toBeUndefined();
    // A full name is no bare given name; a person the KB does not call a figure of scripture is left to the model.
    expect(vetoReason(rachel, derived, row(), { ...m, end: 2, text: 'Rachel Berry' }, nilDoc('Rachel Berry sang'))).toBeUndefined();
    expect(vetoReason(entity({ title: 'Rihanna', label: 'Rihanna', description: 'Barbadian singer', dbpediaTypes: ['Person'] }), derived, row(), m, nilDoc('Rihanna sang'))).toBeUndefined();
  });

  it('reads a common given name alone as no famous bearer whom an anchor or two called so', () => {
    const botham = entity({ title: 'Ian_Botham', label: 'Ian Botham', dbpediaTypes: ['Cricketer', 'Athlete', 'Person', 'Agent'] });
    const m = { start: 1, end: 2, text: 'Ian', label: 'PER' };
    const given = (w: string) => ['Ian', 'Diana', 'Elvis', 'Beatrix'].includes(w);
    const doc = (text: string): NilDocument => ({ ...nilDoc(text), givenName: given });
    const anchored = (count: number) => ({ entity: botham.id, count, prior: 1 });
    expect(vetoReason(botham, anchored(1), row(), m, doc('Hurricane Ian made landfall in Florida'))).toBe('given name');
    // The document names the surname: the coreference's reading stands.
    expect(vetoReason(botham, anchored(1), row(), m, doc('When Ian came in Botham was out'))).toBeUndefined();
    // Many anchors ("Diana") or none (a curated alias: "Elvis") make the given name the person's.
    expect(vetoReason(botham, anchored(15), row(), m, doc('Hurricane Ian made landfall in Florida'))).toBeUndefined();
    expect(vetoReason(botham, anchored(0), row(), m, doc('Hurricane Ian made landfall in Florida'))).toBeUndefined();
    // No given name by the list ("Jiang" of Jiang Zemin, a family name written first), or no list: left to the model.
    const jiang = entity({ title: 'Jiang_Zemin', label: 'Jiang Zemin', dbpediaTypes: ['Politician', 'Person', 'Agent'] });
    expect(vetoReason(jiang, anchored(1), row(), { ...m, text: 'Jiang' }, doc('Then Jiang met the delegation'))).toBeUndefined();
    expect(vetoReason(botham, anchored(1), row(), m, nilDoc('Hurricane Ian made landfall in Florida'))).toBeUndefined();
    // A monarch's regnal name ("Queen Beatrix").
    const beatrix = entity({ title: 'Beatrix_of_the_Netherlands', label: 'Beatrix of the Netherlands', dbpediaTypes: ['Royalty', 'Person', 'Agent'] });
    expect(vetoReason(beatrix, anchored(2), row(), { ...m, text: 'Beatrix' }, doc('Queen Beatrix opened the bridge'))).toBeUndefined();
  });

  it('vetoes a sports club outside a text about sport', () => {
    const m = { start: 0, end: 1, text: 'Richmond', label: 'ORG' };
    expect(vetoReason(richmondFc, derived, row(), m, nilDoc('Richmond officials approved the budget', 0))).toBe('team');
    expect(vetoReason(richmondFc, derived, row(), m, nilDoc('Richmond beat Collingwood in the league', 2))).toBeUndefined();
  });

  it("lets a club's own full name link without sport in the text, but not a one-word name or a shared one", () => {
    const lakers = entity({ title: 'Los_Angeles_Lakers', label: 'Los Angeles Lakers', dbpediaTypes: ['SportsTeam'] });
    const full = { start: 5, end: 8, text: 'Los Angeles Lakers', label: 'ORG' };
    const doc = nilDoc('LeBron James signed with the Los Angeles Lakers', 0);
    expect(vetoReason(lakers, derived, row(), full, doc, { key: 'los angeles lakers', clubShare: 1 })).toBeUndefined();
    // A name a city shares ("Leeds United" is one thing, "Leeds" two): the alias's prior is not all on clubs.
    expect(vetoReason(lakers, derived, row(), full, doc, { key: 'los angeles lakers', clubShare: 0.6 })).toBe('team');
    // One word whose prior AIDA's match reports put on the club ("Grimsby", "Hearts") still needs sport.
    const grimsby = { start: 0, end: 1, text: 'Grimsby', label: 'LOC' };
    expect(vetoReason(richmondFc, derived, row(), grimsby, nilDoc('Grimsby council met on Monday', 0), { key: 'grimsby', clubShare: 0.95 })).toBe('team');
  });

  it("counts the document's other mentions of sport as evidence, not the mention's own", () => {
    const m = { start: 0, end: 1, text: 'Chelsea', label: 'ORG' };
    const doc = (keys: string[]): NilDocument => ({ ...nilDoc('Chelsea and Arsenal drew at Stamford Bridge', 1), sportsKeys: new Set(keys) });
    expect(vetoReason(richmondFc, derived, row(), m, doc(['chelsea']), { key: 'chelsea', clubShare: 0.5 })).toBe('team');
    expect(vetoReason(richmondFc, derived, row(), m, doc(['chelsea', 'arsenal']), { key: 'chelsea', clubShare: 0.5 })).toBeUndefined();
  });

  it('vetoes a unit symbol in a list of units', () => {
    const m = { start: 6, end: 7, text: 'MB', label: 'LOC' };
    expect(vetoReason(manitoba, derived, row({ context: 1 }), m, nilDoc('Sizes are given in KB , MB , GB and TB .'))).toBe('unit');
  });

  it('gives one feature per name and a probability that rises with the evidence', () => {
    const c: CandidateRows = { key: 'rfc', corefKey: '', group: 0, candidates: [{ entity: 1, count: 1, prior: 1 }], entities: [richmondFc], rows: [row({ prior: 1 })] };
    const x = nilFeatures(c, 0, 0.7, 0.1, rfc, nilDoc(text));
    expect(x).toHaveLength(NIL_FEATURES.length);
    expect(x[NIL_FEATURES.indexOf('abbreviation')]).toBe(1);
    const model = { features: [...NIL_FEATURES], weights: NIL_FEATURES.map((f) => (f === 'bias' ? -1 : f === 'probability' ? 4 : 0)), threshold: 0.5 };
    const low = linkProbability(model, nilFeatures(c, 0, 0.2, 0.1, rfc, nilDoc(text)));
    const high = linkProbability(model, nilFeatures(c, 0, 0.9, 0.1, rfc, nilDoc(text)));
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
  });
});

describe('thresholds per mention shape', () => {
  const shape = (on: Partial<Record<(typeof NIL_FEATURES)[number], number>>) => NIL_FEATURES.map((f) => on[f] ?? 0);

  it('reads the mention shape off the NIL features', () => {
    expect(nilGroup(shape({ demonym: 1, oneToken: 1, 'label:MISC': 1 }))).toBe('demonym');
    expect(nilGroup(shape({ oneToken: 1, 'label:PER': 1 }))).toBe('PER1');
    expect(nilGroup(shape({ oneToken: 1, 'label:ORG': 1 }))).toBe('ORG1');
    expect(nilGroup(shape({ oneToken: 1, 'label:LOC': 1 }))).toBe('LOC1');
    expect(nilGroup(shape({ 'label:PER': 1 }))).toBe('other');
    expect(nilGroup(shape({ oneToken: 1, noNerLabel: 1 }))).toBe('other');
  });

  it("takes the shape's threshold, else the model's", () => {
    const model = { features: [...NIL_FEATURES], weights: [], threshold: 0.4, groupThresholds: { PER1: 0.6 } };
    expect(linkThreshold(model, shape({ oneToken: 1, 'label:PER': 1 }))).toBe(0.6);
    expect(linkThreshold(model, shape({ oneToken: 1, 'label:LOC': 1 }))).toBe(0.4);
    expect(linkThreshold({ ...model, groupThresholds: undefined }, shape({ oneToken: 1, 'label:PER': 1 }))).toBe(0.4);
  });
});

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;

/** A doc from space-separated tokens, one sentence; NER mentions [start, end, label]. */
function doc(text: string, mentions: [number, number, string][]): Doc {
  const toks = text.split(' ');
  let off = 0;
  const d = new Doc(text, toks.map((t) => ({ start: (off += t.length + 1) - t.length - 1, end: off - 1 })), [toks.length]);
  d.mentions = mentions.map(([start, end, label]): Mention => ({ start, end, label, score: 0.9, source: 'ner' }));
  return d;
}

const parseCtx = (opts: Record<string, unknown> = {}): AnnotateContext => ({
  language: 'eng',
  request: parseRequest({ text: 'x', extractors: ['entities'], ...opts } as never),
  warn: () => {},
});

const ctx = parseCtx();

describe.skipIf(!existsSync(kbFile))('right or silent over the shipped KB', () => {
  let linker: Linker;
  beforeAll(async () => {
    linker = await loadLinker(fileLoader());
  });

  const linkOf = (d: Doc, start: number) => linkEntities(linker, d, ctx).find((e) => e.start === start);

  it('ships a NIL decision with a threshold, and one per mention shape', () => {
    expect(linker.model.nil?.weights).toHaveLength(NIL_FEATURES.length);
    expect(linker.model.nil?.threshold).toBeGreaterThan(0);
    expect(Object.keys(linker.model.nil?.groupThresholds ?? {}).sort()).toEqual([...NIL_GROUPS].sort());
  });

  it("links a choice only when it reaches its shape's threshold", () => {
    const nil = linker.model.nil as NilModel;
    const d = () => doc('Obama met Merkel in Berlin on Tuesday .', [
      [0, 1, 'PER'],
      [2, 3, 'PER'],
      [4, 5, 'LOC'],
    ]);
    const strict: Linker = { ...linker, model: { ...linker.model, nil: { ...nil, groupThresholds: { ...nil.groupThresholds, PER1: 0.999 } } } };
    const ents = linkEntities(strict, d(), ctx);
    expect(ents.find((e) => e.start === 0)?.entityId).toBeUndefined();
    expect(ents.find((e) => e.start === 4)?.entityId).toBe('Berlin');
    const loose: Linker = { ...linker, model: { ...linker.model, nil: { ...nil, groupThresholds: { ...nil.groupThresholds, PER1: 0.01 } } } };
    expect(linkEntities(loose, d(), ctx).find((e) => e.start === 0)?.entityId).toBe('Barack_Obama');
  });

  it('leaves "RFC" in a standards text unlinked (not Richmond Football Club)', () => {
    const e = linkOf(doc('Certificates must meet RFC 3647 compliance before the CA signs them .', [[3, 4, 'ORG']]), 3);
    expect(e).toBeDefined();
    expect(e?.entityId).toBeUndefined();
  });

  it('leaves units in a list unlinked (MB is not Manitoba)', () => {
    const d = doc('Storage sizes are given in KB , MB , GB and TB .', [
      [5, 6, 'ORG'],
      [7, 8, 'LOC'],
      [9, 10, 'LOC'],
      [11, 12, 'ORG'],
    ]);
    for (const e of linkEntities(linker, d, ctx)) expect(e.entityId).toBeUndefined();
  });

  it('links a football club only in a text about sport', () => {
    const sport = doc('Richmond beat Collingwood by 20 points on Saturday and the club moved up the league table .', [
      [0, 1, 'ORG'],
      [2, 3, 'ORG'],
    ]);
    expect(linkOf(sport, 0)?.entityId).toBe('Richmond_Football_Club');
    const council = doc('Richmond officials approved the budget on Tuesday .', [[0, 1, 'ORG']]);
    expect(linkOf(council, 0)?.entityId).not.toBe('Richmond_Football_Club');
  });

  it('leaves a place that only ends a longer name unlinked ("Museum of England")', () => {
    const d = doc('He works at the Museum of England in London', [[4, 7, 'ORG']]);
    const overlap = linkEntities(linker, d, parseCtx({ 'entities.allowOverlap': true }));
    expect(overlap.some((e) => e.entityId === 'England')).toBe(false);
    expect(overlap.some((e) => e.entityId === 'London')).toBe(true);
  });

  it('still links known names, with a confidence on the 0.5–10 scale', () => {
    const d = doc('Angela Merkel met Barack Obama in Berlin on Tuesday .', [
      [0, 2, 'PER'],
      [3, 5, 'PER'],
      [6, 7, 'LOC'],
    ]);
    const ents = linkEntities(linker, d, ctx);
    expect(ents.map((e) => e.entityId)).toEqual(['Angela_Merkel', 'Barack_Obama', 'Berlin']);
    for (const e of ents) {
      const least = Math.min(linker.model.nil?.threshold ?? 0, ...Object.values(linker.model.nil?.groupThresholds ?? {}));
      expect(e.confidenceScore).toBeGreaterThan(0.5 + 9.5 * least);
      expect(e.confidenceScore).toBeLessThanOrEqual(10);
    }
  });
});
