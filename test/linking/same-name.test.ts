/**
 * One name, one meaning per document (src/linking/disambiguate.ts, sameNameElsewhere): a mention the ranker left
 * without a choice takes the entity the document's other mentions of the same string link to. Shipped KB and NER.
 */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('the same name twice in a document (shipped KB)', () => {
  const entities = useShippedEntities();

  it('links the second "Harvard", tagged a place, as the first, tagged an organisation', async () => {
    const ents = await entities('Pauli received his Ph.D. from Harvard in 1954 and became a professor at Harvard.');
    const harvard = ents.filter((e) => e.matchedText === 'Harvard');
    expect(harvard.map((e) => e.entityId)).toEqual(['Harvard_University', 'Harvard_University']);
    // Both carry the same confidence: the link the document vouches for.
    expect(harvard[0].confidenceScore).toBe(harvard[1].confidenceScore);
  });
});
