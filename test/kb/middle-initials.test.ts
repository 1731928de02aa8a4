import { describe, expect, it } from 'vitest';
import { withoutMiddleInitials } from '../../src/linking/kb-build/kb-writer.js';

describe("a person's name without the middle initials", () => {
  it('drops the initials between the first name and the last', () => {
    expect(withoutMiddleInitials('Linda B. Buck')).toBe('Linda Buck');
    expect(withoutMiddleInitials('Herbert_C._Brown')).toBe('Herbert Brown');
    expect(withoutMiddleInitials('George H. W. Bush')).toBe('George Bush');
    expect(withoutMiddleInitials('Martin Luther King Jr.')).toBeUndefined();
    expect(withoutMiddleInitials('Sammy Davis Jr.')).toBeUndefined();
    expect(withoutMiddleInitials('Booker T. Washington')).toBe('Booker Washington');
    expect(withoutMiddleInitials('Cecil B. DeMille (director)')).toBe('Cecil DeMille');
  });
  it('gives nothing without a first name before the initials or without initials', () => {
    expect(withoutMiddleInitials('J. K. Rowling')).toBeUndefined();
    expect(withoutMiddleInitials('Linda Buck')).toBeUndefined();
    expect(withoutMiddleInitials('T. S. Eliot')).toBeUndefined();
    expect(withoutMiddleInitials('')).toBeUndefined();
  });
});
