import { describe, expect, it } from 'vitest';
import { leadingTitleLength } from '../../src/linking/person-titles.js';

describe('a title before a person\'s name', () => {
  it('is the run of title words before a capitalized name', () => {
    expect(leadingTitleLength(['President', 'Barack', 'Obama'])).toBe(1);
    expect(leadingTitleLength(['Prime', 'Minister', 'Benjamin', 'Netanyahu'])).toBe(2);
    expect(leadingTitleLength(['Professor', 'Rutherford'])).toBe(1);
    expect(leadingTitleLength(['Dr.', 'Martin', 'Luther', 'King'])).toBe(1);
  });

  it('is nothing when no name follows, or the span opens with a name', () => {
    expect(leadingTitleLength(['President'])).toBe(0);
    expect(leadingTitleLength(['Prime', 'Minister'])).toBe(0);
    expect(leadingTitleLength(['President', 'of', 'France'])).toBe(0);
    expect(leadingTitleLength(['Barack', 'Obama'])).toBe(0);
    expect(leadingTitleLength([])).toBe(0);
    expect(leadingTitleLength(['Sir', 'Ísak'])).toBe(1);
  });
});
