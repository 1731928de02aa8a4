import { describe, expect, it } from 'vitest';
import { classForTitleHead, containingPlaceOf } from '../../src/linking/kb-build/types.js';

describe('classes from the form of a title (untyped KB entities)', () => {
  it("reads the head word that ends an English name", () => {
    expect(classForTitleHead('World_Bank')).toBe('Bank');
    expect(classForTitleHead('Kansai_International_Airport')).toBe('Airport');
    expect(classForTitleHead('Socialist_Party')).toBe('PoliticalParty');
  });
  it('says nothing for one-word titles, heads that come first, disambiguated titles and generic heads', () => {
    expect(classForTitleHead('Bank')).toBeUndefined();
    expect(classForTitleHead('Lake_Geneva')).toBeUndefined();
    expect(classForTitleHead('Labour_Party_(UK)')).toBeUndefined();
    expect(classForTitleHead('Grammy_Awards')).toBeUndefined();
    expect(classForTitleHead('Object_constructor')).toBeUndefined();
  });
  it('finds the region of a "Place,_Region" title', () => {
    expect(containingPlaceOf('Springfield,_Virginia')).toBe('Virginia');
    expect(containingPlaceOf('Washington,_D.C.')).toBe('D.C.');
    expect(containingPlaceOf('Lindsay_Davenport')).toBeUndefined();
    expect(containingPlaceOf('Smith,_jr.')).toBeUndefined();
  });
});
