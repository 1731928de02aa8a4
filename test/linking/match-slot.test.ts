import { describe, expect, it } from 'vitest';
import { matchSlot } from '../../src/linking/features.js';

const slot = (text: string, name: string) => {
  const toks = text.split(' ');
  const start = toks.indexOf(name);
  return matchSlot(toks, { start, end: start + 1 });
};

describe('matchSlot (features teamSlot / placeSlot)', () => {
  it('reads a side in a match from the words around the name', () => {
    expect(slot('Belgium beat Turkey 2-1', 'Belgium')).toBe('match');
    expect(slot('they lost against Belgium on Saturday', 'Belgium')).toBe('match');
    expect(slot('Belgium v Turkey', 'Turkey')).toBe('match');
    expect(slot('the Alabama versus Florida game', 'Alabama')).toBe('match');
    expect(slot('Belgium vs. Turkey', 'Belgium')).toBe('match');
    expect(slot('ATLANTA AT CHICAGO HOUSTON AT PITTSBURGH', 'CHICAGO')).toBe('match');
  });
  it('reads a place from a dateline, before the date or after the city', () => {
    expect(slot('TOFTIR , Faroes 1996-08-31 Slovakia beat the Faroes', 'Faroes')).toBe('place');
    expect(slot('BIRMINGHAM , England 1996-08-31 England beat Pakistan', 'England')).toBe('place');
    expect(slot('Fans from Leeds , England and Wales', 'England')).not.toBe('place');
    expect(slot('NEW YORK ( Reuters ) - Alex Rodriguez drove in three runs', 'YORK')).toBe('place');
    expect(slot('the New York ( Reuters ) office', 'York')).not.toBe('place');
  });
  it('reads a place from a nationality in parentheses or a locative preposition', () => {
    expect(slot('Marc Wilmots ( Belgium ) scored', 'Belgium')).toBe('place');
    expect(slot('the final in Belgium attracted a crowd', 'Belgium')).toBe('place');
    expect(slot('ENGLAND BEAT PAKISTAN AT LEEDS', 'LEEDS')).toBe('place');
    expect(slot('the match at Wembley', 'Wembley')).toBe('place');
  });
  it('says nothing otherwise, also at the edges of the document', () => {
    expect(slot('Belgium', 'Belgium')).toBe('none');
    expect(slot('Belgium kicked off their campaign', 'Belgium')).toBe('none');
  });
});
