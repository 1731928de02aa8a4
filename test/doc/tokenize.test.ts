import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/doc/tokenize.js';

const words = (text: string): string[] => tokenize(text).map((t) => text.slice(t.start, t.end));
const marked = (text: string): string[] => tokenize(text).map((t) => text.slice(t.start, t.end) + (t.joinsPrevious ? '^' : ''));

describe('tokenize', () => {
  it('keeps an initial K. whole before a capitalized word, and a thousand\'s k before a new sentence apart', () => {
    expect(words('A book by J. K. Rowling sold well.')).toEqual(['A', 'book', 'by', 'J.', 'K.', 'Rowling', 'sold', 'well', '.']);
    expect(words('It cost $50k. Then it rose.')).toContain('k');
  });

  it('splits contractions into syntactic words, marking the multi-word token', () => {
    expect(marked("I don't know, I'm sure we'll see. They can't, he won't.")).toEqual([
      'I', 'do', "n't^", 'know', ',', 'I', "'m^", 'sure', 'we', "'ll^", 'see', '.', 'They', 'ca', "n't^", ',', 'he', 'wo', "n't^", '.',
    ]);
    expect(marked("I'd've")).toEqual(['I', "'d^", "'ve^"]);
    expect(marked('don’t')).toEqual(['do', 'n’t^']);
  });

  it('splits the contractions EWT splits without an apostrophe', () => {
    expect(marked('you cannot say im gonna dont')).toEqual(['you', 'can', 'not^', 'say', 'i', 'm^', 'gon', 'na^', 'do', 'nt^']);
    // "its" is mostly the possessive and stays whole.
    expect(words('its color')).toEqual(['its', 'color']);
  });

  it('splits possessives, singular and plural, but not a closing quote', () => {
    expect(marked("John's car and the parents' house")).toEqual(['John', "'s^", 'car', 'and', 'the', 'parents', "'^", 'house']);
    expect(marked("he said 'yes' twice")).toEqual(['he', 'said', "'", 'yes', "'", 'twice']);
  });

  it('keeps URLs and e-mail addresses whole, without trailing punctuation', () => {
    expect(words('See https://example.com/a?b=1. Or www.foo.org, or jane.doe@mail.example.com!')).toEqual([
      'See', 'https://example.com/a?b=1', '.', 'Or', 'www.foo.org', ',', 'or', 'jane.doe@mail.example.com', '!',
    ]);
    expect(words('(http://en.wikipedia.org/wiki/Foo_(bar))')).toEqual(['(', 'http://en.wikipedia.org/wiki/Foo_(bar)', ')']);
    // An address after punctuation inside one chunk, a phone number, and '@' that starts or ends no address.
    expect(words('(mail:jo@x.org) call 555-123-4567 @user hi@ a@b')).toEqual([
      '(', 'mail', ':', 'jo@x.org', ')', 'call', '555-123-4567', '@', 'user', 'hi', '@', 'a@b',
    ]);
    expect(words('mailto:x@y.z ftp://a.b 1-800-555-1234 HTTP://x.org WWW.Foo.org')).toEqual([
      'mailto:x@y.z', 'ftp://a.b', '1-800-555-1234', 'HTTP://x.org', 'WWW.Foo.org',
    ]);
  });

  it('keeps emoticons and punctuation runs as single tokens', () => {
    expect(words('Great :) see you :-( ok ;) wow!!! really?! hmm...')).toEqual([
      'Great', ':)', 'see', 'you', ':-(', 'ok', ';)', 'wow', '!!!', 'really', '?!', 'hmm', '...',
    ]);
  });

  it('keeps abbreviation periods and numbers whole', () => {
    expect(words('The U.S. economy, e.g. Dr. Smith, costs $1,000.50 on 10/23/2000 at 5:30pm.')).toEqual([
      'The', 'U.S.', 'economy', ',', 'e.g.', 'Dr.', 'Smith', ',', 'costs', '$', '1,000.50', 'on', '10/23/2000', 'at', '5:30', 'pm', '.',
    ]);
    // EWT writes the period of a sentence-final "etc." as its own token.
    expect(words('apples, pears etc. The end')).toEqual(['apples', ',', 'pears', 'etc', '.', 'The', 'end']);
    expect(words('Call 713-853-3989 or -3.5%')).toEqual(['Call', '713-853-3989', 'or', '-', '3.5', '%']);
  });

  it('follows EWT hyphenation: split, except after common prefixes', () => {
    expect(words('a 15-year-old non-stop e-mail from a well-known co-worker')).toEqual([
      'a', '15', '-', 'year', '-', 'old', 'non-stop', 'e-mail', 'from', 'a', 'well', '-', 'known', 'co-worker',
    ]);
    expect(words('pages 5-10 and/or 1/2')).toEqual(['pages', '5', '-', '10', 'and', '/', 'or', '1', '/', '2']);
  });

  it('gives exact UTF-16 spans around astral characters', () => {
    const text = 'I love 🍕 and 👍🏽, ok 𝒳y';
    const toks = tokenize(text);
    expect(toks.map((t) => text.slice(t.start, t.end))).toEqual(['I', 'love', '🍕', 'and', '👍🏽', ',', 'ok', '𝒳y']);
    const pizza = toks[2];
    expect(pizza.end - pizza.start).toBe(2);
    expect(text.codePointAt(pizza.start)).toBe(0x1f355);
    for (const t of toks) expect(text.slice(t.start, t.end).trim()).toBe(text.slice(t.start, t.end));
  });

  it('handles empty and whitespace-only input', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' \n\t  \u00a0 ')).toEqual([]);
  });

  it('covers every non-space character exactly once, in order', () => {
    const text = "He's (really) \"sure\"—isn't he? 3x5 cards @ $2/each; ok!?";
    const toks = tokenize(text);
    let last = 0;
    for (const t of toks) {
      expect(t.start).toBeGreaterThanOrEqual(last);
      expect(text.slice(last, t.start).trim()).toBe('');
      last = t.end;
    }
    expect(text.slice(last).trim()).toBe('');
  });

  it('tokenizes 200 kB quickly', () => {
    const para = "The U.S. didn't say, e.g., that John's 15-year-old car (built 1999) cost $12,500.99! See http://x.org. ";
    const text = para.repeat(Math.ceil(200_000 / para.length));
    const t0 = performance.now();
    const toks = tokenize(text);
    const ms = performance.now() - t0;
    expect(toks.length).toBeGreaterThan(40_000);
    expect(ms).toBeLessThan(1500);
  });
});
