/** A name written with full stops ("B.A.", a degree) is no two-letter country code ("BA", Bosnia and Herzegovina). */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('dotted initialisms and country codes (shipped KB, ranker and NER)', () => {
  const entities = useShippedEntities();

  it('reads "B.A." as no country, and "U.S." and "U.K." still as theirs', async () => {
    const degrees = await entities('She earned a B.A. in English in 1990.');
    expect(degrees.some((e) => e.entityId === 'Bosnia_and_Herzegovina' || e.entityId === 'The_Bahamas')).toBe(false);
    const countries = await entities('U.S. officials met U.K. ministers in Geneva.');
    expect(countries.find((e) => e.matchedText === 'U.S.')?.entityId).toBe('United_States');
    expect(countries.find((e) => e.matchedText === 'U.K.')?.entityId).toBe('United_Kingdom');
  });
});
