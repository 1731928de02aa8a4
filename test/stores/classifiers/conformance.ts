/**
 * The behaviour every ClassifierStore backend must have. Each backend's test
 * file calls runClassifierStoreConformance with a factory for a fresh, empty
 * store; the suite closes it after each test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CategoryDefinition, ClassifierStore } from '../../../src/stores/classifiers/index.js';

const cat = (categoryId: string, query = `concept('${categoryId}')`, label = categoryId.toUpperCase()): CategoryDefinition => ({ categoryId, label, query });

export function runClassifierStoreConformance(name: string, makeStore: () => Promise<ClassifierStore>): void {
  describe(`ClassifierStore conformance: ${name}`, () => {
    let store: ClassifierStore;
    afterEach(async () => {
      await store?.close();
    });
    const fresh = async () => (store = await makeStore());

    it('replaces, lists and pages classifiers per owner, in the order given', async () => {
      const s = await fresh();
      const b = await s.replace('alice', 'b_cls', [cat('z'), cat('a'), cat('m', "word('it''s')", '')]);
      expect(b).toMatchObject({ id: 'b_cls', size: 3 });
      expect(b.revision).toMatch(/\S{8,}/);
      await s.replace('alice', 'a_cls', [cat('x')]);
      await s.replace('bob', 'c_cls', [cat('y')]);
      expect((await s.list('alice')).map((c) => c.id)).toEqual(['a_cls', 'b_cls']);
      expect((await s.list('bob')).map((c) => [c.id, c.size])).toEqual([['c_cls', 1]]);
      expect(await s.list('nobody')).toEqual([]);
      expect(await s.categories('alice', 'b_cls', 2, 1)).toEqual({ categories: [cat('a'), cat('m', "word('it''s')", '')], total: 3 });
      expect(await s.category('alice', 'b_cls', 'z')).toEqual(cat('z'));
      // Another owner's classifier is invisible.
      expect(await s.categories('bob', 'b_cls', 10, 0)).toBeUndefined();
      expect(await s.category('bob', 'b_cls', 'z')).toBeUndefined();
    });

    it('replaces a classifier whole, with a new revision that never comes back', async () => {
      const s = await fresh();
      const first = await s.replace('k', 'c', [cat('a'), cat('b')]);
      const second = await s.replace('k', 'c', [cat('c')]);
      expect(second.revision).not.toBe(first.revision);
      expect((await s.definition('k', 'c'))).toEqual({ revision: second.revision, categories: [cat('c')] });
      expect(await s.revisions('k', ['c', 'missing'])).toEqual(new Map([['c', second.revision]]));
      await s.remove('k', 'c');
      const third = await s.replace('k', 'c', [cat('c')]);
      expect([first.revision, second.revision]).not.toContain(third.revision);
    });

    it('removes categories and classifiers, saying which was missing', async () => {
      const s = await fresh();
      const made = await s.replace('k', 'c', [cat('a'), cat('b')]);
      expect(await s.removeCategory('k', 'c', 'a')).toBe('removed');
      expect(await s.removeCategory('k', 'c', 'a')).toBe('no-category');
      expect(await s.removeCategory('k', 'nope', 'a')).toBe('no-classifier');
      const after = await s.definition('k', 'c');
      expect(after?.categories).toEqual([cat('b')]);
      expect(after?.revision).not.toBe(made.revision);
      expect(await s.remove('k', 'c')).toBe(true);
      expect(await s.remove('k', 'c')).toBe(false);
      expect(await s.definition('k', 'c')).toBeUndefined();
      expect(await s.categories('k', 'c', 10, 0)).toBeUndefined();
    });
  });
}
