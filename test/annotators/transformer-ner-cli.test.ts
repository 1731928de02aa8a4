/** `--ner-model DIR` on the commands: analyze and eval ner run the tiny transformer fixture. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeCommand } from '../../src/cli/analyze.js';
import { evalCommand } from '../../src/cli/eval.js';
import { parseServeArgs } from '../../src/cli/serve.js';
import type { AnalyzeResponse } from '../../src/types.js';

const MODEL = fileURLToPath(new URL('../fixtures/tiny-transformer-ner/', import.meta.url));

afterEach(() => vi.restoreAllMocks());

describe('--ner-model', () => {
  it('analyze uses the transformer model for entities', async () => {
    let printed = '';
    const code = await analyzeCommand(
      ['--text', 'Angela Merkel met Emmanuel Macron in Paris.', '--extractors', 'entities', '--ner-model', MODEL],
      (s) => (printed += s),
    );
    expect(code).toBe(0);
    const r = JSON.parse(printed) as AnalyzeResponse;
    expect(r.response!.entities!.length).toBeGreaterThan(0);
  });

  it('serve passes it on to the analysis workers', () => {
    expect(parseServeArgs(['--ner-model', MODEL], {}).nerModel).toBe(MODEL);
    expect(parseServeArgs([], {}).nerModel).toBeUndefined();
  });

  it('analyze reports a bad model directory as an error naming it', async () => {
    let printed = '';
    const code = await analyzeCommand(['--text', 'x', '--ner-model', join(tmpdir(), 'no-such-textlens-model')], (s) => (printed += s));
    expect(code).toBe(1);
    expect(printed).toContain('no-such-textlens-model');
  });

  it('eval ner scores the model on a CoNLL file, last line name=value', async () => {
    // Written for this test (not corpus text), IOB1 tags as in CoNLL-2003.
    const conll = ['-DOCSTART- -X- O O', '', 'Angela I-PER', 'Merkel I-PER', 'met O', 'Emmanuel I-PER', 'Macron I-PER', 'in O', 'Paris I-LOC', '. O', ''].join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'textlens-eval-'));
    try {
      writeFileSync(join(dir, 'tiny.conll'), conll);
      let out = '';
      vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
        out += String(s);
        return true;
      });
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      expect(await evalCommand(['ner', '--conll', join(dir, 'tiny.conll'), '--ner-model', MODEL])).toBe(0);
      const last = out.trim().split('\n').at(-1)!;
      expect(last).toMatch(/^f1=\d+\.\d\d precision=[\d.]+ recall=[\d.]+ tokens=8 seconds=[\d.]+ tokens_per_s=\d+$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
