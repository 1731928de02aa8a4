/**
 * training/chunker/np-error-buckets.ts: the error classes of an
 * `eval chunks --out` file (word, file POS, gold chunk, predicted NP tag).
 */
import { describe, expect, it } from 'vitest';
import { bucketErrors, parseScoredFile } from '../../training/chunker/np-error-buckets.js';

/** A four-column file from rows of [word, pos, gold, predicted]. */
const file = (...sentences: [string, string, string, string][][]): string =>
  sentences.map((s) => s.map((r) => r.join(' ')).join('\n')).join('\n\n') + '\n';

describe('np-error-buckets', () => {
  it('reads the four columns and refuses a three-column line', () => {
    const s = parseScoredFile(file([['The', 'DT', 'B-NP', 'B-NP'], ['bank', 'NN', 'I-NP', 'I-NP']]));
    expect(s).toHaveLength(1);
    expect(s[0].predicted).toEqual(['B-NP', 'I-NP']);
    expect(() => parseScoredFile('The DT B-NP\n')).toThrow(/four columns/);
  });

  it('puts each error in one class, keyed by the POS at the disagreement', () => {
    const r = bucketErrors(
      parseScoredFile(
        file(
          // a right edge taking in a word: "[Mr. Ortiz] claims" predicted as one phrase
          [['Mr.', 'NNP', 'B-NP', 'B-NP'], ['Ortiz', 'NNP', 'I-NP', 'I-NP'], ['claims', 'VBZ', 'B-VP', 'I-NP'], ['it', 'PRP', 'B-NP', 'B-NP']],
          // false merge: "[the bank] [Tuesday]" predicted as one phrase
          [['the', 'DT', 'B-NP', 'B-NP'], ['bank', 'NN', 'I-NP', 'I-NP'], ['Tuesday', 'NNP', 'B-NP', 'I-NP']],
          // false split of "[stocks and bonds]", a missed "[it]", a spurious "[old]"
          [['stocks', 'NNS', 'B-NP', 'B-NP'], ['and', 'CC', 'I-NP', 'O'], ['bonds', 'NNS', 'I-NP', 'B-NP'], ['it', 'PRP', 'B-NP', 'O'], ['old', 'JJ', 'B-ADJP', 'B-NP']],
          // left boundary: "[about 5 %]" predicted without "about"
          [['about', 'RB', 'B-NP', 'O'], ['5', 'CD', 'I-NP', 'B-NP'], ['%', 'NN', 'I-NP', 'I-NP']],
        ),
      ),
    );
    const counts = Object.fromEntries(r.buckets.map((b) => [b.key, b.count]));
    expect(counts).toEqual({
      'right+ VBZ': 1,
      'false-merge NN|NNP': 1,
      'false-split CC|NNS': 1,
      'missed PRP': 1,
      'spurious JJ': 1,
      'left- RB': 1,
    });
    expect([r.gold, r.predicted, r.correct]).toEqual([7, 7, 1]);
    // the example marks gold phrases with [ ] and predicted ones with { }
    expect(r.buckets.find((b) => b.key === 'left- RB')?.examples[0]).toBe('[about/RB {5/CD %/NN}]');
  });
});
