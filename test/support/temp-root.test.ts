import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

// The leak this guards against: suites that made folders under the system's
// temporary directory and never removed them filled a shared disk (tens of
// GB over many runs) until npm could no longer install.
describe('the test run temporary root', () => {
  it('is where tmpdir() points inside a test worker', () => {
    expect(basename(tmpdir())).toMatch(/^textlens-test-run-/);
    expect(dirname(tmpdir())).not.toBe(tmpdir());
  });
});
