import { describe, expect, it } from 'vitest';
import { laureateClass } from '../../src/linking/kb-build/nobel.js';

describe('laureateClass (a Nobel laureate class from the prize)', () => {
  it('reads the sciences as Scientist, economics as Economist, literature as Writer', () => {
    expect(laureateClass('person', ['Physics'])).toBe('Scientist');
    expect(laureateClass('person', ['Physiology or Medicine'])).toBe('Scientist');
    expect(laureateClass('person', ['Economic Sciences'])).toBe('Economist');
    expect(laureateClass('person', ['Literature'])).toBe('Writer');
  });
  it('says no more than Person for the Peace Prize, and takes the telling prize of a laureate with two', () => {
    expect(laureateClass('person', ['Peace'])).toBe('Person');
    expect(laureateClass('person', ['Peace', 'Chemistry'])).toBe('Scientist');
    expect(laureateClass('person', [''])).toBe('Person');
  });
  it('files an organisation as one whatever its prize', () => {
    expect(laureateClass('organisation', ['Peace'])).toBe('Organisation');
  });
});
