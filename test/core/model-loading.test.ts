/**
 * A request's models load side by side with the sentence segmentation, not
 * after it: on a cold start in a browser every model is a fetch and a WASM
 * compile, and overlapping them is most of the first result's time.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyzer, fileLoader, type ResourceLoader } from '../../src/index.js';

describe('model loading', () => {
  it("starts loading the tagger's model before the sentence model has been read", async () => {
    const files = fileLoader();
    let taggerRequested!: () => void;
    const tagger = new Promise<void>((resolve) => (taggerRequested = resolve));
    const loader: ResourceLoader = {
      exists: (path) => files.exists(path),
      text: (path) => files.text(path),
      async bytes(path) {
        if (path.startsWith('tagger/')) taggerRequested();
        // The segmenter's model is held back until the tagger's is asked for:
        // were the models loaded one after the other, this would never resolve.
        if (path === 'sentences/model.onnx') {
          await Promise.race([
            tagger,
            new Promise((_, reject) => setTimeout(() => reject(new Error('the tagger was not loaded while the text was segmented')), 5_000)),
          ]);
        }
        return files.bytes(path);
      },
    };
    const analyzer = await createAnalyzer({ loader });
    const response = await analyzer.analyze({ text: 'Dogs bark loudly.', extractors: 'words', languageOverride: 'eng' });
    expect(response.ok).toBe(true);
    // the tagger ran: its tags, not the words' own (the verb's exact tag is a matter of the tagger's accuracy)
    const tags = response.response?.sentences?.[0]?.words?.map((w) => w.partOfSpeech);
    expect([tags?.[0], tags?.[2], tags?.[3]]).toEqual(['NNS', 'RB', '.']);
    expect(tags?.[1]).toMatch(/^VB/);
  });
});
