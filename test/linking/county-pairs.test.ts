/** A county named with its state is one mention of the county, as a town is (src/linking/place-region.ts). */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('a county and its state (shipped KB, ranker and NER)', () => {
  const entities = useShippedEntities();

  it('reads "McHenry County, Illinois" as one mention of the county', async () => {
    const ents = await entities('He served as a judge in McHenry County, Illinois, for twenty years.');
    const county = ents.find((e) => e.entityId === 'McHenry_County,_Illinois');
    expect(county?.matchedText).toBe('McHenry County, Illinois');
    expect(ents.some((e) => e.entityId === 'Illinois')).toBe(false);
  });
});
