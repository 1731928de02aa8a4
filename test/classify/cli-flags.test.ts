import { describe, expect, it } from 'vitest';
import { parseClassifierFlags } from '../../src/cli/flags.js';
import { parseServeArgs } from '../../src/cli/serve.js';

describe('--classifier name=DIR', () => {
  it('reads repeated flags into a name → directory map', () => {
    expect(parseClassifierFlags(['news=models/news', 'legal=/x/y=z'])).toEqual({ news: 'models/news', legal: '/x/y=z' });
    expect(parseClassifierFlags(undefined)).toBeUndefined();
  });

  it('refuses a flag without a name or a directory, and a name given twice', () => {
    expect(() => parseClassifierFlags(['news'])).toThrow(/name=DIR/);
    expect(() => parseClassifierFlags(['=dir'])).toThrow(/name=DIR/);
    expect(() => parseClassifierFlags(['a='])).toThrow(/name=DIR/);
    expect(() => parseClassifierFlags(['a=x', 'a=y'])).toThrow(/given twice/);
  });

  it('reaches serve settings', () => {
    expect(parseServeArgs(['--classifier', 'news=dir'], {}).classifiers).toEqual({ news: 'dir' });
  });
});

describe('train progress line', () => {
  it('names the label for the SVM and the epoch for logistic regression', async () => {
    const { progressLine } = await import('../../src/cli/classifier.js');
    expect(progressLine({ epoch: 4, epochs: 10, done: 42, total: 100, docsPerSecond: 1234.4, label: 37, labels: 90 })).toBe(
      'train:  42% label 37/90, epoch 4/10, 42/100 document visits, 1234/s',
    );
    expect(progressLine({ epoch: 1, epochs: 2, done: 5, total: 10, docsPerSecond: 3 })).toBe('train:  50% epoch 1/2, 5/10 document visits, 3/s');
  });
});
