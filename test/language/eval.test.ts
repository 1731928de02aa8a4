import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  evalLanguageId,
  formatSummaryLine,
  groupSentences,
  languageOfUdFile,
  readConlluSentences,
  readLabeledJsonl,
} from '../../src/language/eval.js';

const dir = mkdtempSync(join(tmpdir(), 'langid-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const conllu = (texts: string[]): string => texts.map((t, i) => `# sent_id = ${i + 1}\n# text = ${t}\n1\tx\tx\tX\t_\t_\t0\troot\t_\t_\n`).join('\n');

describe('language-id eval inputs', () => {
  it('labels a CoNLL-U file with the language its UD name starts with, English otherwise, and reads gzip', () => {
    expect(languageOfUdFile('/data/fr_gsd-ud-dev.conllu.gz')).toBe('fra');
    expect(languageOfUdFile('pt_bosque-ud-train.conllu')).toBe('por');
    expect(languageOfUdFile('ewt-dev-slice.conllu')).toBeUndefined();
    const path = join(dir, 'de_test-ud-dev.conllu.gz');
    writeFileSync(path, gzipSync(conllu(['Das ist ein Satz.', 'Noch ein Satz.'])));
    expect(readConlluSentences(path).map((s) => [s.language, s.text])).toEqual([
      ['deu', 'Das ist ein Satz.'],
      ['deu', 'Noch ein Satz.'],
    ]);
    const plain = join(dir, 'slice.conllu');
    writeFileSync(plain, conllu(['One sentence.']));
    expect(readConlluSentences(plain)[0]!.language).toBe('eng');
  });

  it('reads documents as JSON lines, and names the line that is not one', () => {
    const path = join(dir, 'docs.jsonl');
    writeFileSync(path, `${JSON.stringify({ language: 'eng', text: 'Line one.\nLine two.', source: 'x' })}\n\n`);
    expect(readLabeledJsonl(path)).toEqual([{ language: 'eng', text: 'Line one.\nLine two.', source: path }]);
    writeFileSync(path, '{"language": "eng"}\n');
    expect(() => readLabeledJsonl(path)).toThrow(/docs\.jsonl:1: expected/);
  });

  it('groups consecutive sentences of one source into documents, dropping a short rest', () => {
    const s = (text: string, source: string) => ({ language: 'eng', text, source });
    const docs = groupSentences([s('a', 'x'), s('b', 'x'), s('c', 'x'), s('d', 'y'), s('e', 'y'), s('f', 'y'), s('g', 'y')], 2);
    expect(docs.map((d) => d.text)).toEqual(['a b', 'd e', 'f g']);
  });

  it('scores the reliable flag per language: right, and wrong', () => {
    const report = evalLanguageId([
      { language: 'eng', text: 'The committee will publish its final report on the proposed changes next week.' },
      { language: 'fra', text: 'The committee will publish its final report on the proposed changes next week.' },
    ]);
    expect(report.byLanguage.eng).toMatchObject({ sentences: 1, accuracy: 1, reliableRight: 1, reliableWrong: 0 });
    expect(report.byLanguage.fra).toMatchObject({ sentences: 1, accuracy: 0, reliableRight: 0, reliableWrong: 1, confusions: 'eng:1' });
    expect(report.worstReliableWrong).toBe(1);
    expect(report.byBasis.agree).toEqual({ sentences: 2, accuracy: 0.5 });
    expect(formatSummaryLine(report)).toBe('accuracy=50.00 reliable_share=100.00 reliable_precision=50.00 sentences=2 worst_reliable_wrong=100.00');
  });
});

describe('textlens eval langid', () => {
  const slices = ['../fixtures/doc/ewt-dev-slice.conllu', '../fixtures/lexicon/ewt-dev-first40.conllu'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const last = (out: string): string => out.trim().split('\n').at(-1)!;
  const count = (out: string): number => Number(/sentences=(\d+)/.exec(last(out))![1]);

  async function run(args: string[]): Promise<{ code: number; out: string }> {
    const { evalCommand } = await import('../../src/cli/eval.js');
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
    try {
      return { code: await evalCommand(args), out };
    } finally {
      spy.mockRestore();
    }
  }

  it('reads every --conllu file it is given and ends with a name=value line', async () => {
    const one = await run(['langid', '--conllu', slices[0]!]);
    const both = await run(['langid', '--conllu', slices[0]!, '--conllu', slices[1]!]);
    expect(one.code).toBe(0);
    expect(last(both.out)).toMatch(/^accuracy=[\d.]+ reliable_share=[\d.]+ reliable_precision=[\d.]+ sentences=\d+ worst_reliable_wrong=[\d.]+$/);
    expect(count(both.out)).toBeGreaterThan(count(one.out));
  });

  it('scores documents of --group sentences, texts of --min-chars or more, and --jsonl documents', async () => {
    const sentences = count((await run(['langid', '--conllu', slices[0]!])).out);
    const grouped = count((await run(['langid', '--conllu', slices[0]!, '--group', '5'])).out);
    expect(grouped).toBe(Math.floor(sentences / 5));
    const long = count((await run(['langid', '--conllu', slices[0]!, '--min-chars', '40'])).out);
    expect(long).toBeGreaterThan(0);
    expect(long).toBeLessThan(sentences);
    const path = join(dir, 'cli.jsonl');
    writeFileSync(path, `${JSON.stringify({ language: 'eng', text: 'The committee will publish its final report on the proposed changes next week.' })}\n`);
    const docs = await run(['langid', '--jsonl', path]);
    expect(last(docs.out)).toBe('accuracy=100.00 reliable_share=100.00 reliable_precision=100.00 sentences=1 worst_reliable_wrong=0.00');
  });

  it('asks for input when given none', async () => {
    await expect(run(['langid'])).rejects.toThrow(/give --conllu, --tsv and\/or --jsonl/);
  });

  it('refuses two --conllu files where a command reads one', async () => {
    const { evalCommand } = await import('../../src/cli/eval.js');
    await expect(evalCommand(['lemma', '--conllu', slices[0]!, '--conllu', slices[1]!])).rejects.toThrow(/--conllu takes one file here \(got 2\)/);
  });
});
