import { describe, expect, it } from 'vitest';
import { spellingKey } from '../../src/lexicon/spelling.js';

describe('spellingKey', () => {
  it('gives British and American spellings of a word one key', () => {
    for (const [british, american] of [
      ['utilise', 'utilize'],
      ['realised', 'realized'],
      ['organisations', 'organizations'],
      ['apologising', 'apologizing'],
      ['analyse', 'analyze'],
      ['centre', 'center'],
      ['Fibres', 'fibers'],
      ['theatre', 'theater'],
    ]) expect(spellingKey(british)).toBe(spellingKey(american));
  });

  it('leaves other words as their lower case, and keeps different words apart', () => {
    expect(spellingKey('Paris')).toBe('paris');
    expect(spellingKey('rise')).toBe('rise');
    expect(spellingKey('acre')).toBe('acre');
    expect(spellingKey('colour')).not.toBe(spellingKey('color')); // -our is left alone: four / for
    expect(spellingKey('')).toBe('');
    expect(spellingKey('wise')).not.toBe(spellingKey('wize'));
  });
});
