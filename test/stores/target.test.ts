import { describe, expect, it } from 'vitest';
import { parseStoreTarget } from '../../src/stores/target.js';

describe('parseStoreTarget', () => {
  it.each([
    ['postgres://u@h/db', { kind: 'postgres', url: 'postgres://u@h/db' }],
    ['POSTGRESQL://h/db', { kind: 'postgres', url: 'POSTGRESQL://h/db' }],
    ['memory:', { kind: 'memory' }],
    ['textlens-events.db', { kind: 'sqlite', path: 'textlens-events.db' }],
    ['memory', { kind: 'sqlite', path: 'memory' }],
    ['postgres:/one-slash', { kind: 'sqlite', path: 'postgres:/one-slash' }],
  ])('reads %s', (target, expected) => {
    expect(parseStoreTarget(target, 'open')).toEqual(expected);
  });

  it('refuses an empty target, naming the opener', () => {
    expect(() => parseStoreTarget('', 'openEventStore')).toThrow(/^openEventStore: empty target/);
  });
});
