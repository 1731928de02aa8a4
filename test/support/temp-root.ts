// Vitest global setup: every test run writes its temporary files under one
// directory of its own, removed when the run ends, so that repeated runs (a
// developer's loop, CI on a shared host) do not fill the disk. Tests name
// their folders with tmpdir() as usual; the workers (forks) and the commands
// they spawn inherit TMPDIR, which tmpdir() reads. A test that cleans up
// after itself still should: this is the backstop for the ones that fail
// half-way or were written without a teardown.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'textlens-test-run-'));
  // The same modes as /tmp: the PostgreSQL suites run the server as the
  // postgres user (when we are root), which must reach its folder in here.
  chmodSync(root, 0o1777);
  const previous = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  process.env.TMPDIR = root;
  process.env.TMP = root;
  process.env.TEMP = root;
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
