/**
 * Importing textlens and analyzing text does not load Node's network
 * modules: the guarded download (node:http, https, net, tls, dns: ~4 MB
 * resident) is imported on the first `url` request only. (node:net is not
 * checked: tsx, which runs this source, loads it itself.)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('network modules', () => {
  it('are not loaded by import and a text analysis', () => {
    const script = `const { createAnalyzer } = await import('./src/index.ts');
const a = await createAnalyzer();
await a.analyze('The quick brown fox jumps.', { extractors: 'words', languageOverride: 'eng' });
console.log(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (https?|tls|dns)/.test(m))));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual([]);
  });
});
