import { describe, expect, it } from 'vitest';
import { parseClassifierFlags } from '../../src/cli/classifier-flags.js';
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
