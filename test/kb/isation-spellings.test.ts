import { describe, expect, it } from 'vitest';
import { otherIsationSpelling } from '../../src/linking/kb-build/kb-writer.js';

describe('-isation and -ization spellings of a name', () => {
  it('gives the other spelling, keeping the case and the rest of the name', () => {
    expect(otherIsationSpelling('World Health Organization')).toBe('World Health Organisation');
    expect(otherIsationSpelling('World Health Organisation')).toBe('World Health Organization');
    expect(otherIsationSpelling('Organisations of the United Nations')).toBe('Organizations of the United Nations');
    expect(otherIsationSpelling('Civilization (video game)')).toBe('Civilisation (video game)');
  });

  it('leaves names without the ending alone', () => {
    for (const name of ['Nation', 'Station', 'Sensation (band)', 'United Nations', 'Zation', '', 'Łódź']) expect(otherIsationSpelling(name)).toBeUndefined();
  });
});
