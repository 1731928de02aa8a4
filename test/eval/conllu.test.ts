import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  conlluToRawText,
  conlluToRawTextWithSpans,
  parseConllu,
  segmentationToConllu,
  surfaceTokens,
  writeConllu,
} from '../../src/eval/conllu.js';
import { AnalysisError } from '../../src/errors.js';

const fixture = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'doc', 'ewt-dev-slice.conllu'), 'utf8');

const SMALL = [
  '# newdoc id = d1',
  '# newpar',
  '# text = I don\'t know.',
  '1\tI\tI\tPRON\tPRP\t_\t3\tnsubj\t_\t_',
  "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_",
  '2\tdo\tdo\tAUX\tVBP\t_\t4\taux\t_\t_',
  "3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t_\t_",
  '4\tknow\tknow\tVERB\tVB\t_\t0\troot\t_\tSpaceAfter=No',
  '5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_',
  '',
  '# text = Go home!',
  '1\tGo\tgo\tVERB\tVB\t_\t0\troot\t_\t_',
  '2\thome\thome\tADV\tRB\t_\t1\tadvmod\t_\tSpaceAfter=No',
  '3\t!\t!\tPUNCT\t.\t_\t1\tpunct\t_\t_',
  '',
  '# newpar',
  '1\tBye\tbye\tINTJ\tUH\t_\t0\troot\t_\t_',
  '',
].join('\n');

describe('CoNLL-U', () => {
  it('parses words, multi-word tokens and comments', () => {
    const s = parseConllu(SMALL);
    expect(s).toHaveLength(3);
    expect(s[0].comments).toEqual(['newdoc id = d1', 'newpar', "text = I don't know."]);
    expect(s[0].words.map((w) => w.form)).toEqual(['I', 'do', "n't", 'know', '.']);
    expect(s[0].multiwords).toEqual([{ first: 2, last: 3, form: "don't", misc: '_' }]);
    expect(s[0].words[3].head).toBe(0);
    expect(surfaceTokens(s[0]).map((t) => [t.form, t.spaceAfter])).toEqual([
      ['I', true], ["don't", true], ['know', false], ['.', true],
    ]);
  });

  it('round-trips a slice of EWT byte for byte', () => {
    expect(writeConllu(parseConllu(fixture))).toBe(fixture);
    expect(writeConllu(parseConllu(SMALL))).toBe(SMALL + '\n');
  });

  it('rebuilds the raw text with paragraph breaks and SpaceAfter', () => {
    expect(conlluToRawText(parseConllu(SMALL))).toBe("I don't know. Go home!\n\nBye\n");
    const { text, spans } = conlluToRawTextWithSpans(parseConllu(SMALL));
    expect(spans.map(([a, b]) => text.slice(a, b))).toEqual(["I don't know.", 'Go home!', 'Bye']);
  });

  it('rejects malformed lines with a 400', () => {
    expect(() => parseConllu('1\tonly\tthree')).toThrow(AnalysisError);
    expect(() => parseConllu('2\tx\tx\tX\tX\t_\t0\troot\t_\t_')).toThrow(/out of sequence/);
  });

  it('writes a segmentation with multi-word tokens and SpaceAfter=No', () => {
    const text = "I don't.";
    const tokens = [
      { start: 0, end: 1 },
      { start: 2, end: 4 },
      { start: 4, end: 7 },
      { start: 7, end: 8 },
    ];
    const out = segmentationToConllu({ text, tokens, sentenceEnds: [4], joinsPrevious: [false, false, true, false], upos: ['PRON', 'AUX', 'PART', 'PUNCT'] });
    expect(writeConllu(out)).toBe(
      [
        "# text = I don't.",
        '1\tI\t_\tPRON\t_\t_\t_\t_\t_\t_',
        "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No",
        '2\tdo\t_\tAUX\t_\t_\t_\t_\t_\t_',
        "3\tn't\t_\tPART\t_\t_\t_\t_\t_\t_",
        '4\t.\t_\tPUNCT\t_\t_\t_\t_\t_\t_',
        '',
        '',
      ].join('\n'),
    );
  });
});
