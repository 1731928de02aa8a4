import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeCommand } from '../../src/cli/analyze.js';

async function run(args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  let out = '';
  const code = await analyzeCommand(args, (s) => (out += s));
  return { code, json: JSON.parse(out) as Record<string, unknown> };
}

describe('textlens analyze', () => {
  it('prints the response and exits 0 when ok', async () => {
    const { code, json } = await run(['--text', 'Dogs bark.', '--extractors', 'words']);
    expect(code).toBe(0);
    expect(json.ok).toBe(true);
  });

  it('takes spec parameters through --param, repeated', async () => {
    const { json } = await run([
      '--text',
      '<b>Hi</b> there',
      '--param',
      'cleanup.mode=stripTags',
      '--param',
      'cleanup.returnCleaned=true',
    ]);
    expect((json.response as { cleanedText: string }).cleanedText).toBe('Hi there');
  });

  it('prints the error envelope and exits 1 on a bad parameter', async () => {
    const { code, json } = await run(['--text', 'x', '--param', 'cleanup.mode=foo']);
    expect(code).toBe(1);
    expect(json).toMatchObject({ ok: false, message: '' });
    expect(json.error).toContain('cleanup.mode');
  });

  it('refuses a file that is not UTF-8', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-cli-'));
    const file = join(dir, 'latin1.txt');
    writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff]));
    const { code, json } = await run(['--file', file]);
    expect(code).toBe(1);
    expect(json.error).toMatch(/UTF-8/);
  });

  it('refuses unknown flags and missing files with a usable message', async () => {
    expect((await run(['--txt', 'x'])).code).toBe(1);
    const missing = await run(['--file', '/nonexistent/file.txt']);
    expect(missing.code).toBe(1);
    expect(missing.json.error).toContain('/nonexistent/file.txt');
  });
});

describe('textlens command line limits', () => {
  it('refuses an argument over 16,384 characters with the way round it, before any model loads', async () => {
    const { main, MAX_ARGUMENT_CHARS } = await import('../../src/cli/main.js');
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (errors.push(String(s)), true)) as typeof process.stderr.write;
    let code: number;
    try {
      code = await main(['analyze', '--text', 'Apple shares fell. '.repeat(1000)]);
    } finally {
      process.stderr.write = write;
    }
    expect(MAX_ARGUMENT_CHARS).toBe(16_384);
    expect(code).toBe(2);
    expect(errors.join('')).toMatch(/the value of --text \(argument 3\) is 19,000 characters.*--file FILE or on stdin/);
  });

  it('takes an argument of exactly the limit', async () => {
    const { code, json } = await run(['--text', 'a '.repeat(8192), '--extractors', 'words']);
    expect(code).toBe(0);
    expect(json.ok).toBe(true);
  });
});
