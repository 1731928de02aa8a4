import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('names written in lower case, as tweets write them (shipped KB)', () => {
  const entities = useShippedEntities();
  const linked = async (text: string) => (await entities(text)).filter((e) => e.entityId).map((e) => `${e.matchedText}=${e.entityId}`);

  it('links a name of two words or more whose KB name is those words capitalized', async () => {
    expect(await linked('omg kings of leon were amazing last night')).toContain('kings of leon=Kings_of_Leon');
    expect(await linked('watching the miami heat game with my brother')).toContain('miami heat=Miami_Heat');
  });

  it('leaves phrases alone: a capitalized concept title, a film named with a phrase, one lower-case word', async () => {
    expect(await linked('He plays rugby league for a local club.')).toEqual([]);
    expect(await linked('They are ordinary people with ordinary jobs.')).toEqual([]);
    expect(await linked('she loves twitter and facebook')).toEqual([]);
  });
});
