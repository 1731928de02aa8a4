/**
 * The linker's mention spans: a tagged name without the punctuation the
 * tagger took in at its edges, and one the tagger ended early taken to the
 * end of the KB name that starts with it (shipped KB, ranker and NER).
 */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('mention spans (shipped KB, ranker and NER)', () => {
  const entities = useShippedEntities();

  it('links a name the tagger marked with a trailing "!" over the name alone', async () => {
    const miley = (await entities('Old Stalker !: First Paris Hilton , now Miley Cyrus ! Cops responded to a break in')).find((e) => e.entityId === 'Miley_Cyrus');
    expect(miley?.matchedText).toBe('Miley Cyrus');
  });

  it('takes a name the tagger ended early to the end of the KB name ("Martin Luther" + "King")', async () => {
    const ents = await entities('Martin Luther King then began doctoral studies.');
    // One mention over the whole name (whether it is linked is the NIL decision's call on a multi-token person).
    expect(ents.some((e) => e.matchedText === 'Martin Luther King')).toBe(true);
    expect(ents.some((e) => e.matchedText === 'Martin Luther' || e.entityId === 'Martin_Luther')).toBe(false);
  });

  it('leaves a title out of a person\'s mention, once, unless the titled name is the KB\'s', async () => {
    const obama = await entities('President Barack Obama met reporters on Tuesday.');
    expect(obama.filter((e) => e.entityId === 'Barack_Obama').map((e) => e.matchedText)).toEqual(['Barack Obama']);
    const rutherford = await entities('He studied under Professor Rutherford at Manchester.');
    expect(rutherford.some((e) => e.matchedText.startsWith('Professor'))).toBe(false);
  });
});
