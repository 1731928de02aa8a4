import { describe, expect, it } from 'vitest';
import { institutionNameVariants } from '../../src/linking/kb-build/kb-writer.js';

const everyday = (w: string) => ['national', 'royal', 'american', 'modern', 'new'].includes(w);

describe('institutionNameVariants (institution names as text shortens them)', () => {
  it('keeps an institution name up to its head noun when a proper word comes before it', () => {
    expect(institutionNameVariants('Salk Institute for Biological Studies', everyday)).toEqual(['Salk Institute']);
    expect(institutionNameVariants('Oberlin Conservatory of Music', everyday)).toEqual(['Oberlin Conservatory']);
    expect(institutionNameVariants('Pasteur Institute of Iran', everyday)).toEqual(['Pasteur Institute']);
  });
  it('does not shorten a name of everyday words to a generic one', () => {
    expect(institutionNameVariants('National Institute of Standards and Technology', everyday)).toEqual([]);
    expect(institutionNameVariants('Royal Society for the Protection of Birds', everyday)).toEqual([]);
    expect(institutionNameVariants('Museum of Modern Art', everyday)).toEqual([]);
    expect(institutionNameVariants('School of Oriental and African Studies', everyday)).toEqual([]);
  });
  it('turns "X University" and "University of X" around, and drops a campus after a comma', () => {
    expect(institutionNameVariants('Utrecht University', everyday)).toEqual(['University of Utrecht']);
    expect(institutionNameVariants('University of Maryland, College Park', everyday)).toEqual(['University of Maryland', 'Maryland University']);
    // "Ohio State University" is no "University of Ohio State"; "Washington University in St. Louis" is kept whole.
    expect(institutionNameVariants('Ohio State University', everyday)).toEqual([]);
    expect(institutionNameVariants('Washington University in St. Louis', everyday)).toEqual([]);
  });
  it('gives nothing for names of other forms', () => {
    expect(institutionNameVariants('Apple Inc.', everyday)).toEqual([]);
    expect(institutionNameVariants('Institute', everyday)).toEqual([]);
    expect(institutionNameVariants('', everyday)).toEqual([]);
  });
});
