/**
 * Progress of the eval commands that loop over items: `eval html` on three
 * pages written here. Not a terminal → a plain line on stderr with the
 * count, the rate and the ETA; --quiet → nothing; stdout (the scores, last
 * line included) is the same either way.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { evalHtmlExtraction } from '../../src/eval/html-extraction.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const child = fileURLToPath(new URL('./cli-child.ts', import.meta.url));

const BODIES = [
  'The river flooded the lower town after three days of rain. Residents moved their cars to the hill.',
  'A small bakery on the corner now sells bread made from rye grown in the valley. It opens at six.',
  'The library will close for repairs in March. Books can be returned to the school next door.',
];

/** A directory in the layout `eval html` reads: ground-truth.json and html/<id>.html.gz. */
function pages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'textlens-eval-html-'));
  mkdirSync(join(dir, 'html'));
  const truth: Record<string, { articleBody: string }> = {};
  BODIES.forEach((body, i) => {
    const id = `page${i}`;
    truth[id] = { articleBody: body };
    const html = `<html><head><title>News ${i}</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>Story ${i}</h1><p>${body}</p></article><footer>© Example</footer></body></html>`;
    writeFileSync(join(dir, 'html', `${id}.html.gz`), gzipSync(html));
  });
  writeFileSync(join(dir, 'ground-truth.json'), JSON.stringify(truth));
  return dir;
}

const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', child, ...args], { cwd: root, encoding: 'utf8', stdio: 'pipe' });

describe('eval html progress', () => {
  it('reports each page once, in order, with the total, and scores as without', async () => {
    const dir = pages();
    const reports: Array<[number, number]> = [];
    const withProgress = await evalHtmlExtraction(dir, { onItem: (done, total) => reports.push([done, total]) });
    expect(reports).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(withProgress).toEqual(await evalHtmlExtraction(dir));
  });

  it('prints a plain progress line on stderr when not a terminal, nothing with --quiet, and the same stdout', () => {
    const dir = pages();
    const shown = run(['eval', 'html', '--dir', dir]);
    const quiet = run(['eval', 'html', '--dir', dir, '--quiet']);
    expect(shown.status).toBe(0);
    expect(quiet.status).toBe(0);
    expect(shown.stdout).toMatch(/^cleanHTML on 3 pages \(word 4-gram shingles\): precision [\d.]+, recall [\d.]+, F1 [\d.]+\n$/);
    expect(quiet.stdout).toBe(shown.stdout);
    expect(shown.stderr).toMatch(/^eval html: 3\/3 pages \| [\d.]+ pages\/s \| ETA 0s\n$/);
    expect(quiet.stderr).toBe('');
  });
});
