/**
 * Dates of the events API. Input is read flexibly, as the original service
 * did (it handed strings to a lenient date parser): date-only, ISO 8601,
 * RFC 2822, RFC 1123 / RFC 850 and asctime. A date or time without a zone is
 * UTC. Output is always an HTTP date (IMF-fixdate), the form of the spec's
 * sample: "Mon, 28 Jun 2010 22:17:06 GMT".
 *
 * The parser is our own rather than Date.parse: Date.parse reads zoneless
 * date-times in the machine's local zone and accepts engine-specific junk,
 * so the same query would select different events on different hosts.
 */
import { InvalidDateError } from './errors.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*';

/** Zone abbreviations RFC 2822 §4.3 defines, as minutes east of UTC. */
const NAMED_ZONES: Record<string, number> = {
  z: 0, gmt: 0, ut: 0, utc: 0,
  est: -300, edt: -240, cst: -360, cdt: -300,
  mst: -420, mdt: -360, pst: -480, pdt: -420,
};
const ZONE = '(z|gmt|utc|ut|est|edt|cst|cdt|mst|mdt|pst|pdt|[+-]\\d{2}(?::?\\d{2})?)';

// 2010-06-28, 2010-06-28T22:17, 2010-06-28 22:17:06.123+02:00, …Z
const ISO = new RegExp(
  `^(\\d{4})-(\\d{2})-(\\d{2})(?:[t ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d+))?)?\\s*${ZONE}?)?$`,
);
// Mon, 28 Jun 2010 22:17:06 GMT (RFC 1123), 28 Jun 2010 22:17 +0200 (RFC 2822),
// Monday, 28-Jun-10 22:17:06 GMT (RFC 850); the day name and the time are optional.
const RFC = new RegExp(
  `^(?:${DAYS}\\s*,?\\s*)?(\\d{1,2})[\\s-]+${MONTH}\\.?[\\s-]+(\\d{4}|\\d{2})(?:\\s+(\\d{2}):(\\d{2})(?::(\\d{2}))?(?:\\s*${ZONE})?)?$`,
);
// Mon Jun 28 22:17:06 2010 (asctime, always UTC in HTTP)
const ASCTIME = new RegExp(`^${DAYS}\\s+${MONTH}\\s+(\\d{1,2})\\s+(\\d{2}):(\\d{2}):(\\d{2})\\s+(\\d{4})$`);

interface Fields {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  offsetMinutes: number;
}

/**
 * Read a date string. Throws InvalidDateError naming the value (and the
 * parameter, when `culprit` is given) when no accepted format matches or the
 * fields are out of range (a 31 June, a 25th hour).
 */
export function parseDate(value: string, culprit?: string): Date {
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const fields = matchIso(text) ?? matchRfc(text) ?? matchAsctime(text);
  const date = fields && toDate(fields);
  if (!date) throw new InvalidDateError(value, culprit);
  return date;
}

/** A Date as given, or a string parsed by parseDate. Invalid Dates are refused. */
export function toDateInput(value: Date | string, culprit?: string): Date {
  if (typeof value === 'string') return parseDate(value, culprit);
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidDateError(String(value), culprit);
  }
  const year = value.getUTCFullYear();
  if (year < 1000 || year > 9999) throw new InvalidDateError(value.toISOString(), culprit);
  return value;
}

/** The HTTP date form of the spec: "Mon, 28 Jun 2010 22:17:06 GMT". */
export function formatHttpDate(date: Date): string {
  // toUTCString is specified (ECMA-262 §21.4.4.43) to produce exactly this form
  // for four-digit years, which is all we store.
  return date.toUTCString();
}

function matchIso(text: string): Fields | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  return {
    year: Number(y), month: Number(mo), day: Number(d),
    hour: Number(h ?? 0), minute: Number(mi ?? 0), second: Number(s ?? 0),
    millis: frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0,
    offsetMinutes: zoneOffset(zone),
  };
}

function matchRfc(text: string): Fields | undefined {
  const m = RFC.exec(text);
  if (!m) return undefined;
  const [, d, mon, y, h, mi, s, zone] = m;
  let year = Number(y);
  // RFC 2822 §4.3 obsolete two-digit years: 00-49 → 20xx, 50-99 → 19xx.
  if (y!.length === 2) year += year < 50 ? 2000 : 1900;
  return {
    year, month: MONTHS.indexOf(mon!) + 1, day: Number(d),
    hour: Number(h ?? 0), minute: Number(mi ?? 0), second: Number(s ?? 0),
    millis: 0, offsetMinutes: zoneOffset(zone),
  };
}

function matchAsctime(text: string): Fields | undefined {
  const m = ASCTIME.exec(text);
  if (!m) return undefined;
  const [, mon, d, h, mi, s, y] = m;
  return {
    year: Number(y), month: MONTHS.indexOf(mon!) + 1, day: Number(d),
    hour: Number(h), minute: Number(mi), second: Number(s), millis: 0, offsetMinutes: 0,
  };
}

function zoneOffset(zone: string | undefined): number {
  if (!zone) return 0; // no zone: UTC, as the spec's users expect
  const named = NAMED_ZONES[zone];
  if (named !== undefined) return named;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

function toDate(f: Fields): Date | undefined {
  if (f.year < 1000 || f.year > 9999) return undefined;
  if (f.month < 1 || f.month > 12 || f.day < 1 || f.day > 31) return undefined;
  if (f.hour > 23 || f.minute > 59 || f.second > 59) return undefined;
  if (Math.abs(f.offsetMinutes) > 18 * 60) return undefined;
  const utc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millis);
  // Date.UTC rolls 31 June over to 1 July; a rolled-over day is a bad date.
  if (new Date(utc).getUTCDate() !== f.day) return undefined;
  return new Date(utc - f.offsetMinutes * 60_000);
}
