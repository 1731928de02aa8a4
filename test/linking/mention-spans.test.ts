/**
 * The linker's mention spans: a tagged name without the punctuation the
 * tagger took in at its edges, and one the tagger ended early taken to the
 * end of the KB name that starts with it (shipped KB, ranker and NER).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { createAnalyzer } from '../../src/analyzer.js';
import type { Analyzer } from '../../src/analyzer.js';

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;

describe.skipIf(!existsSync(kbFile))('mention spans (shipped KB, ranker and NER)', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  });

  it('links a name the tagger marked with a trailing "!" over the name alone', async () => {
    const res = await analyzer.analyze({ text: 'Old Stalker !: First Paris Hilton , now Miley Cyrus ! Cops responded to a break in', extractors: 'entities', languageOverride: 'eng' });
    const miley = res.response!.entities!.find((e) => e.entityId === 'Miley_Cyrus');
    expect(miley?.matchedText).toBe('Miley Cyrus');
  });

  it('takes a name the tagger ended early to the end of the KB name ("Martin Luther" + "King")', async () => {
    const res = await analyzer.analyze({ text: 'Martin Luther King then began doctoral studies.', extractors: 'entities', languageOverride: 'eng' });
    const ents = res.response!.entities!;
    expect(ents.find((e) => e.entityId === 'Martin_Luther_King_Jr.')?.matchedText).toBe('Martin Luther King');
    expect(ents.some((e) => e.entityId === 'Martin_Luther')).toBe(false);
  });
});
