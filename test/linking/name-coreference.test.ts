import { describe, expect, it } from 'vitest';
import { kbEntity } from './fixtures.js';
import { fullNameOf, fullNamesOf, resolveGivenNames, resolveShortNames, type NamedMention, type NameLink } from '../../src/linking/name-coreference.js';
import { normalizeAlias } from '../../src/linking/normalize.js';
import type { KbEntity } from '../../src/linking/kb-schema.js';

const entity = kbEntity;
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

describe('fullNamesOf', () => {
  /** The definition, pair by pair (what the indexed version replaced). */
  function naive(ms: readonly NamedMention[]): number[][] {
    const keys = ms.map((m) => normalizeAlias(m.text));
    return ms.map((m, i) => {
      const key = keys[i];
      if (key.length < 2 || !/^\p{Lu}/u.test(m.text)) return [];
      return ms.flatMap((o, j) =>
        j !== i && o.label === 'PER' && keys[j].length > key.length && keys[j].endsWith(` ${key}`) && (o.end <= m.start || o.start >= m.end) ? [j] : [],
      );
    });
  }

  it('lists what the pairwise definition lists, overlapping and lower-case mentions included', () => {
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const names = ['Suu Kyi', 'Aung San Suu Kyi', 'Kyi', 'Mark Waugh', 'Waugh', 'Steve Waugh', 'waugh', 'San Suu Kyi'];
    for (let trial = 0; trial < 100; trial++) {
      const ms: NamedMention[] = [];
      let at = 0;
      for (let k = 0; k < 12; k++) {
        const text = names[Math.floor(rand() * names.length)];
        const start = rand() < 0.2 ? Math.max(0, at - 2) : at; // some overlap the one before
        ms.push({ start, end: start + text.split(' ').length, text, label: rand() < 0.7 ? 'PER' : undefined });
        at = start + 4;
      }
      expect(fullNamesOf(ms).map((l) => [...l])).toEqual(naive(ms));
    }
  });

  it('shares one list among the mentions of a name: 20,000 mentions, not 10⁸ entries', { timeout: 5_000 }, () => {
    const ms = Array.from({ length: 20_000 }, (_, i): NamedMention => (i % 2 === 0 ? { start: 3 * i, end: 3 * i + 2, text: 'Barack Obama', label: 'PER' } : { start: 3 * i, end: 3 * i + 1, text: 'Obama', label: 'PER' }));
    const all = fullNamesOf(ms);
    expect(all[1]).toBe(all[3]);
    expect(all[1]).toHaveLength(10_000);
    expect(fullNameOf(ms, all).slice(0, 4)).toEqual([-1, 0, -1, 2]);
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
    // A place-tagged mention linked to a person is the unlinked full name's person all the same ("Haas" in a headline).
    const haas = mentions(['Haas', 'ORG'], ['Jay Haas', 'PER']);
    expect(resolveShortNames(haas, [link(skater, 0.7), undefined], () => [])[0]).toBeUndefined();
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

describe('resolveGivenNames', () => {
  const swift = entity(4, 'Taylor_Swift', ['MusicalArtist', 'Person', 'Agent']);
  const province = entity(5, 'Isabel,_Leyte', ['Settlement', 'Place']);
  const given = (w: string) => ['Taylor', 'Isabel'].includes(w);
  const none = () => [];

  it('gives a given name alone the person its full name links to', () => {
    const ms = mentions(['Taylor Swift', 'PER'], ['Taylor', 'PER']);
    const out = resolveGivenNames(ms, [link(swift, 0.9), undefined], none, given);
    expect(out[1]?.entity).toBe(swift);
    expect(out[1]?.probability).toBe(0.9);
  });

  it('unlinks it, whatever its class, when the full name is a person the KB lacks', () => {
    const ms = mentions(['Isabel Ruiz', 'PER'], ['Isabel', 'LOC']);
    expect(resolveGivenNames(ms, [undefined, link(province, 0.7)], none, given)[1]).toBeUndefined();
  });

  it('leaves a word that is no given name, a full name linked to no person, and two people of one given name', () => {
    const ms = mentions(['Isabel Ruiz', 'PER'], ['Isabel', 'LOC']);
    expect(resolveGivenNames(ms, [undefined, link(province, 0.7)], none, () => false)[1]?.entity).toBe(province);
    const bankFirst = mentions(['Taylor Bank', 'PER'], ['Taylor', 'PER']);
    expect(resolveGivenNames(bankFirst, [link(bank, 0.8), link(province, 0.6)], none, given)[1]?.entity).toBe(province);
    const two = mentions(['Taylor Swift', 'PER'], ['Taylor Lautner', 'PER'], ['Taylor', 'PER']);
    expect(resolveGivenNames(two, [link(swift, 0.9), undefined, link(skater, 0.5)], none, given)[2]?.entity).toBe(skater);
  });
});

