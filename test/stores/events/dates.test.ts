import { describe, expect, it } from 'vitest';
import { InvalidDateError, formatHttpDate, newSid, parseDate, SID_PATTERN } from '../../../src/stores/events/index.js';

describe('parseDate', () => {
  const iso = (s: string): string => parseDate(s).toISOString();

  it.each([
    ['2010-06-28', '2010-06-28T00:00:00.000Z'],
    ['2010-06-28T22:17', '2010-06-28T22:17:00.000Z'],
    ['2010-06-28T22:17:06', '2010-06-28T22:17:06.000Z'],
    ['2010-06-28 22:17:06', '2010-06-28T22:17:06.000Z'],
    ['2010-06-28T22:17:06.25Z', '2010-06-28T22:17:06.250Z'],
    ['2010-06-28T22:17:06+02:00', '2010-06-28T20:17:06.000Z'],
    ['2010-06-28T22:17:06-0530', '2010-06-29T03:47:06.000Z'],
    ['2010-06-28T22:17:06+02', '2010-06-28T20:17:06.000Z'],
    ['Mon, 28 Jun 2010 22:17:06 GMT', '2010-06-28T22:17:06.000Z'],
    ['Mon, 28 Jun 2010 22:17:06 +0000', '2010-06-28T22:17:06.000Z'],
    ['28 Jun 2010 22:17 -0700', '2010-06-29T05:17:00.000Z'],
    ['Mon, 28 Jun 2010 22:17:06 PDT', '2010-06-29T05:17:06.000Z'],
    ['Mon, 28 Jun 2010 22:17:06 EST', '2010-06-29T03:17:06.000Z'],
    ['Mon, 28 Jun 2010 22:17:06', '2010-06-28T22:17:06.000Z'],
    ['Monday, 28-Jun-10 22:17:06 GMT', '2010-06-28T22:17:06.000Z'],
    ['Thu, 01 Jan 70 00:00:00 GMT', '1970-01-01T00:00:00.000Z'],
    ['Mon Jun 28 22:17:06 2010', '2010-06-28T22:17:06.000Z'],
    ['28 June 2010', '2010-06-28T00:00:00.000Z'],
    ['  mon, 28 jun 2010   22:17:06 gmt ', '2010-06-28T22:17:06.000Z'],
    ['2012-02-29', '2012-02-29T00:00:00.000Z'],
  ])('reads %j', (input, expected) => {
    expect(iso(input)).toBe(expected);
  });

  it.each([
    '',
    'yesterday',
    '2010-13-01',
    '2010-02-29',
    '2010-06-31',
    '2010-06-28T24:00:00Z',
    '2010-06-28T22:60',
    '2010-06-28T22:17:06+25:00',
    '28 Foo 2010',
    '2010/06/28',
    '1277763426',
    '0999-01-01',
    '2010-06-28junk',
  ])('refuses %j with an error naming it', (input) => {
    let error: unknown;
    try {
      parseDate(input, 'start');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidDateError);
    expect((error as InvalidDateError).value).toBe(input);
    expect((error as InvalidDateError).culprit).toBe('start');
    expect((error as InvalidDateError).status).toBe(400);
    expect((error as Error).message).toContain(`"${input}"`);
  });
});

describe('formatHttpDate', () => {
  it('writes the spec sample form with two-digit days', () => {
    expect(formatHttpDate(new Date('2010-06-28T22:17:06Z'))).toBe('Mon, 28 Jun 2010 22:17:06 GMT');
    expect(formatHttpDate(new Date('2010-06-07T02:03:04Z'))).toBe('Mon, 07 Jun 2010 02:03:04 GMT');
  });

  it('round-trips through parseDate', () => {
    const d = new Date('2031-12-31T23:59:59Z');
    expect(parseDate(formatHttpDate(d)).getTime()).toBe(d.getTime());
  });
});

describe('newSid', () => {
  it('is 26 Crockford base32 characters, time first, and unique', () => {
    const sids = new Set(Array.from({ length: 1000 }, () => newSid()));
    expect(sids.size).toBe(1000);
    for (const sid of sids) expect(sid).toMatch(SID_PATTERN);
    expect(newSid(0).slice(0, 10)).toBe('0000000000');
    expect(newSid(1277763426000) < newSid(1277763427000)).toBe(true);
  });
});
