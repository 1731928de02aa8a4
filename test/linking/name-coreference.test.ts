import { describe, expect, it } from 'vitest';
import { fullNameOf, resolveShortNames, type NamedMention, type NameLink } from '../../src/linking/name-coreference.js';
import type { KbEntity } from '../../src/linking/kb-schema.js';

const entity = (id: number, title: string, dbpediaTypes: string[]): KbEntity => ({
  id,
  title,
  label: title.replace(/_/g, ' '),
  aliases: [],
  dbpediaTypes,
  freebaseTypes: [],
  popularity: 0,
  properties: {},
  context: {},
  related: [],
});
const suuKyi = entity(1, 'Aung_San_Suu_Kyi', ['Person', 'Agent']);
const skater = entity(2, 'Brian_Joubert', ['Person', 'Agent']);
const bank = entity(3, 'Bank_of_America', ['Company', 'Organisation']);
const link = (e: KbEntity, probability: number): NameLink => ({ entity: e, prior: 0.5, probability });

/** Mentions at consecutive positions, two tokens apart. */
const mentions = (...spec: [string, string?][]): NamedMention[] =>
  spec.map(([text, label], i) => ({ start: 10 * i, end: 10 * i + text.split(' ').length, text, label }));

describe('fullNameOf', () => {
  it('finds the nearest earlier PER mention that ends with the same words', () => {
    const ms = mentions(['Mark Waugh', 'PER'], ['Steve Waugh', 'PER'], ['Waugh', 'PER']);
    expect(fullNameOf(ms)).toEqual([-1, -1, 1]);
  });
  it('takes a later full name when none comes before, only if it is the only one', () => {
    expect(fullNameOf(mentions(['Suu Kyi', 'PER'], ['Aung San Suu Kyi', 'PER']))).toEqual([1, -1]);
    expect(fullNameOf(mentions(['Waugh', 'PER'], ['Mark Waugh', 'PER'], ['Steve Waugh', 'PER']))).toEqual([-1, -1, -1]);
  });
  it('needs whole words, a PER full name and a capitalized short form', () => {
    expect(fullNameOf(mentions(['Ann Kyi', 'PER'], ['Yi', 'PER']))).toEqual([-1, -1]);
    expect(fullNameOf(mentions(['Bank of America', 'ORG'], ['America', 'LOC']))).toEqual([-1, -1]);
    expect(fullNameOf(mentions(['John Smith', 'PER'], ['smith']))).toEqual([-1, -1]);
  });
  it('ignores overlapping mentions (an alias match inside the full name)', () => {
    const ms: NamedMention[] = [
      { start: 0, end: 2, text: 'Andre Joubert', label: 'PER' },
      { start: 1, end: 2, text: 'Joubert' },
    ];
    expect(fullNameOf(ms)).toEqual([-1, -1]);
  });
});

describe('resolveShortNames', () => {
  it('gives the short form the person of the full form, with the full form probability', () => {
    const ms = mentions(['Suu Kyi', 'PER'], ['Aung San Suu Kyi', 'PER']);
    const out = resolveShortNames(ms, [undefined, link(suuKyi, 0.9)], () => []);
    expect(out[0]?.entity.title).toBe('Aung_San_Suu_Kyi');
    expect(out[0]?.probability).toBe(0.9);
    expect(out[0]?.prior).toBe(0);
  });
  it('unlinks a possible person whose full name stayed unlinked, but not a place-tagged mention', () => {
    const ms = mentions(['Andre Joubert', 'PER'], ['Joubert', 'PER'], ['Joubert']);
    const out = resolveShortNames(ms, [undefined, link(skater, 0.8), link(skater, 0.8)], () => []);
    expect(out).toEqual([undefined, undefined, undefined]);
    const london = mentions(['Jack London', 'PER'], ['London', 'LOC']);
    const city = link(entity(4, 'London', ['City', 'Place']), 0.9);
    expect(resolveShortNames(london, [undefined, city], () => [])[1]).toBe(city);
  });
  it('keeps a short name linked to one of two full names of the surname, whichever is nearer', () => {
    const boris = entity(5, 'Boris_Yeltsin', ['Person', 'Agent']);
    const ms = mentions(['Boris Yeltsin', 'PER'], ['Naina Yeltsin', 'PER'], ['Yeltsin', 'PER']);
    const own = link(boris, 0.99);
    expect(resolveShortNames(ms, [link(boris, 0.99), undefined, own], () => [])[2]).toBe(own);
    // Without Boris in the document the unlinked Naina Yeltsin wins.
    expect(resolveShortNames(ms.slice(1), [undefined, own], () => [])[1]).toBeUndefined();
  });
  it('leaves mentions alone when the full form links to a non-person', () => {
    const ms = mentions(['Frank Bank', 'PER'], ['Bank', 'PER']);
    const own = link(skater, 0.6);
    expect(resolveShortNames(ms, [link(bank, 0.9), own], () => [])[1]).toBe(own);
  });
  it('keeps the short form own link when it already names the same person', () => {
    const ms = mentions(['Aung San Suu Kyi', 'PER'], ['Suu Kyi', 'PER']);
    const own = link(suuKyi, 0.4);
    expect(resolveShortNames(ms, [link(suuKyi, 0.9), own], () => [])[1]).toBe(own);
  });
});
