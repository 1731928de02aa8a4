/**
 * Event sids: ULID-shaped, 26 characters of Crockford base32 (no I, L, O, U).
 * The first 10 carry the creation time in milliseconds, the last 16 carry 80
 * random bits from the platform CSPRNG. So sids are unique without a central
 * counter (several PostgreSQL-backed instances can mint them at once), are
 * safe in a URL path, and sort roughly by creation time when eyeballed.
 * Nothing relies on that order: the stores order by timestamp and insertion.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const SID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newSid(now: number = Date.now()): string {
  let time = '';
  let t = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  // 16 characters × 5 bits = 80 bits; one random byte per character, masked.
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let rand = '';
  for (const b of bytes) rand += ALPHABET[b & 31]!;
  return time + rand;
}
