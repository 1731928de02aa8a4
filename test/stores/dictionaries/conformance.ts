/**
 * The behaviour every DictionaryStore backend must have. Each backend's test
 * file calls runDictionaryStoreConformance with a factory for a fresh, empty
 * store; the suite closes it after each test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DictionaryEntry, DictionarySettings } from '../../../src/dictionaries/entries.js';
import type { DictionaryStore } from '../../../src/stores/dictionaries/index.js';

const TOKEN: DictionarySettings = { matchType: 'token', caseInsensitive: false, language: 'any' };
const STEM: DictionarySettings = { matchType: 'stem', caseInsensitive: true, language: 'eng' };

const entry = (id: string, text: string, extra: Partial<DictionaryEntry> = {}): DictionaryEntry => ({ id, text: [text], ...extra });

export function runDictionaryStoreConformance(name: string, makeStore: () => Promise<DictionaryStore>): void {
  describe(`DictionaryStore conformance: ${name}`, () => {
    let store: DictionaryStore;
    afterEach(async () => {
      await store?.close();
    });
    const fresh = async () => (store = await makeStore());

    it('creates, gets and lists dictionaries by id, per owner', async () => {
      const s = await fresh();
      const b = await s.create('alice', 'b_dict', STEM);
      expect(b).toMatchObject({ id: 'b_dict', ...STEM, size: 0 });
      expect(b.revision).toMatch(/\S{8,}/);
      await s.create('alice', 'a_dict', TOKEN);
      await s.create('bob', 'c_dict', TOKEN);
      expect((await s.list('alice')).map((d) => d.id)).toEqual(['a_dict', 'b_dict']);
      expect((await s.list('bob')).map((d) => d.id)).toEqual(['c_dict']);
      expect(await s.list('nobody')).toEqual([]);
      expect(await s.get('alice', 'b_dict')).toEqual(b);
      // Another owner's dictionary is invisible.
      expect(await s.get('bob', 'b_dict')).toBeUndefined();
    });

    it('adds entries (upserting by id, keeping order) and pages through them', async () => {
      const s = await fresh();
      const created = await s.create('k', 'd', TOKEN);
      const after = await s.addEntries('k', 'd', [
        entry('1', 'Angela Merkel', { data: { party: ['CDU'] }, types: ['Person'] }),
        entry('2', 'Paris'),
        entry('3', '𝒳 astral'),
      ]);
      expect(after?.size).toBe(3);
      expect(after?.revision).not.toBe(created.revision);
      await s.addEntries('k', 'd', [entry('2', 'Paris, France'), entry('4', 'Berlin')]);
      const all = await s.entries('k', 'd', 10, 0);
      expect(all?.total).toBe(4);
      expect(all?.entries.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
      expect(all?.entries[0]).toEqual(entry('1', 'Angela Merkel', { data: { party: ['CDU'] }, types: ['Person'] }));
      expect(all?.entries[1]?.text).toEqual(['Paris, France']);
      expect(all?.entries[2]?.text).toEqual(['𝒳 astral']);
      const page = await s.entries('k', 'd', 2, 1);
      expect(page?.entries.map((e) => e.id)).toEqual(['2', '3']);
      expect(page?.total).toBe(4);
      expect((await s.entries('k', 'd', 5, 10))?.entries).toEqual([]);
      expect(await s.entries('k', 'missing', 5, 0)).toBeUndefined();
      expect(await s.addEntries('k', 'missing', [entry('x', 'y')])).toBeUndefined();
      expect(await s.addEntries('other', 'd', [entry('x', 'y')])).toBeUndefined();
    });

    it('gets and removes single entries, with a new revision on each change', async () => {
      const s = await fresh();
      await s.create('k', 'd', TOKEN);
      const r1 = (await s.addEntries('k', 'd', [entry('a', 'Alpha'), entry('b', 'Beta')]))!.revision;
      expect(await s.entry('k', 'd', 'a')).toEqual(entry('a', 'Alpha'));
      expect(await s.entry('k', 'd', 'zz')).toBeUndefined();
      expect(await s.entry('k', 'nope', 'a')).toBeUndefined();
      expect(await s.removeEntry('k', 'd', 'a')).toBe('removed');
      expect(await s.removeEntry('k', 'd', 'a')).toBe('no-entry');
      expect(await s.removeEntry('k', 'nope', 'a')).toBe('no-dictionary');
      const d = await s.get('k', 'd');
      expect(d?.size).toBe(1);
      expect(d?.revision).not.toBe(r1);
    });

    it('replaces a dictionary on re-create and removes it with its entries', async () => {
      const s = await fresh();
      const first = await s.create('k', 'd', TOKEN);
      await s.addEntries('k', 'd', [entry('a', 'Alpha')]);
      const again = await s.create('k', 'd', STEM);
      expect(again).toMatchObject({ ...STEM, size: 0 });
      expect(again.revision).not.toBe(first.revision);
      expect(await s.remove('k', 'd')).toBe(true);
      expect(await s.remove('k', 'd')).toBe(false);
      expect(await s.get('k', 'd')).toBeUndefined();
      // Re-created after a delete: no old entries, and a revision never seen before.
      const third = await s.create('k', 'd', TOKEN);
      expect(third.size).toBe(0);
      expect([first.revision, again.revision]).not.toContain(third.revision);
    });

    it('reports revisions of existing ids only and reads a whole source', async () => {
      const s = await fresh();
      await s.create('k', 'd1', STEM);
      await s.create('k', 'd2', TOKEN);
      await s.addEntries('k', 'd1', [entry('x', 'runs'), entry('y', 'walks')]);
      const revs = await s.revisions('k', ['d1', 'd2', 'absent']);
      expect([...revs.keys()].sort()).toEqual(['d1', 'd2']);
      expect((await s.revisions('k', [])).size).toBe(0);
      expect((await s.revisions('other', ['d1'])).size).toBe(0);
      const src = await s.source('k', 'd1');
      expect(src?.revision).toBe(revs.get('d1'));
      expect(src?.source).toEqual({ ...STEM, entries: [entry('x', 'runs'), entry('y', 'walks')] });
      expect(await s.source('k', 'absent')).toBeUndefined();
    });

    it('stores a 20 000-entry batch in one call', async () => {
      const s = await fresh();
      await s.create('k', 'big', TOKEN);
      const batch = Array.from({ length: 20_000 }, (_, i) => entry(`e${i}`, `Name ${i}`));
      expect((await s.addEntries('k', 'big', batch))?.size).toBe(20_000);
      const last = await s.entries('k', 'big', 1, 19_999);
      expect(last?.entries[0]?.id).toBe('e19999');
    });
  });
}
