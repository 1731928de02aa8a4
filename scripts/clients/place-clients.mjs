#!/usr/bin/env node
/**
 * Puts the official client libraries' sources where the live client suite
 * (test/http/clients-live/) looks for them: `.clients/<name>/`, git-ignored.
 * Their code never enters this repository; the suite skips, saying why, where
 * they are absent (CI has no way to fetch them).
 *
 *   node scripts/clients/place-clients.mjs [MIRROR_DIR]
 *
 * MIRROR_DIR holds bare git mirrors named owner+repo/repo (what the
 * development machines' `fetch` of a public GitHub repository gives; default
 * ../.mirror). Each client is taken at a pinned ref, so the suite runs the
 * same code every time: the released sources, and for the Ruby gem its pull
 * request #10, which fixes the gem's own gzip bug (without it the gem reads no
 * response at all).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CLIENTS = [
  { name: 'textrazor-python', mirror: 'TextRazor+textrazor-python', ref: 'refs/heads/master' },
  { name: 'textrazor-java', mirror: 'TextRazor+textrazor-java', ref: 'refs/heads/master' },
  { name: 'textrazor-php', mirror: 'TextRazor+textrazor-php', ref: 'refs/heads/master' },
  { name: 'textrazor-ruby', mirror: 'andhapp+textrazor', ref: 'refs/pull/10/head' },
];

const root = resolve(import.meta.dirname, '..', '..');
const mirrors = resolve(process.argv[2] ?? join(root, '..', '.mirror'));
const into = join(root, '.clients');
mkdirSync(into, { recursive: true });
let placed = 0;
for (const c of CLIENTS) {
  const git = join(mirrors, c.mirror, 'repo');
  if (!existsSync(git)) {
    console.log(`skipped ${c.name}: no mirror at ${git}`);
    continue;
  }
  const dir = join(into, c.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const commit = execFileSync('git', ['--git-dir', git, 'rev-parse', c.ref], { encoding: 'utf8' }).trim();
  execFileSync('sh', ['-c', 'git --git-dir "$1" archive --format=tar "$2" | tar -x -C "$3"', 'place', git, commit, dir]);
  console.log(`placed ${c.name} at ${commit.slice(0, 12)} (${c.ref}) in ${dir}`);
  placed++;
}
console.log(`${placed} of ${CLIENTS.length} clients placed`);
