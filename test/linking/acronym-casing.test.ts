/**
 * "The" and an acronym in capitals ("The WHO") is no name written in words ("The Who", the band): the alias
 * matcher compares the capitals (src/linking/alias-matcher.ts, capitalsAgree). Run on the shipped KB.
 */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('"The" and an acronym (shipped KB)', () => {
  const entities = useShippedEntities();

  it('does not read "The WHO" as the band The Who', async () => {
    const ents = await entities('The WHO said the new variant was first detected in South Africa.');
    expect(ents.some((e) => e.entityId === 'The_Who')).toBe(false);
    expect(ents.find((e) => e.entityId === 'South_Africa')).toBeDefined();
  });

  it('still reads the band by its own name, and an acronym the KB writes in capitals', async () => {
    const band = await entities('Roger Daltrey sang with The Who at Woodstock in 1969.');
    expect(band.some((e) => e.entityId === 'The_Who')).toBe(true);
    const bbc = await entities('She said The BBC had reported it first.');
    expect(bbc.find((e) => e.matchedText.endsWith('BBC'))?.entityId).toBe('BBC');
  });
});

describe.skipIf(!hasShippedKb)('an acronym means the candidate whose name the document spells out (shipped KB)', () => {
  const entities = useShippedEntities();
  const linkOf = async (text: string, name: string) => (await entities(text)).find((e) => e.matchedText === name)?.entityId;

  it('reads "IOC" beside "Olympic" as the International Olympic Committee, not the prior\'s Indian Oil Corporation', async () => {
    expect(await linkOf('Olympic champion Kostas Kederis left hospital ahead of his date with IOC inquisitors.', 'IOC')).toBe('International_Olympic_Committee');
    expect(await linkOf('The vaccine was approved by the FDA for use against the drug-resistant strain.', 'FDA')).toBe('Food_and_Drug_Administration');
  });

  it("keeps an acronym that is its entity's own name, and the prior's reading without words of another", async () => {
    expect(await linkOf('NATO troops entered Bosnia on Monday.', 'NATO')).toBe('NATO');
    expect(await linkOf('Civil servants of the FDA union voted to strike.', 'FDA')).toBe('FDA_(trade_union)');
  });
});
