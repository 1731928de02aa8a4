/**
 * The SemCor reader of the senses build (training/senses/semcor.ts) on a
 * NAF document written here in the corpus's layout: each sense-tagged term's
 * lexical ids become WordNet 3.0 sense keys, one per id, also where one
 * reference holds several ids (442 tokens of the corpus, e.g. spirit's
 * "1:18:01::;1:18:00::"). And its split: which files train and which are dev,
 * with fewer train files (a learning curve) or all of them (WSD_TRAIN_FILES).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readSemcorFile, readSemcorSplit, spread } from '../../training/senses/semcor.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-semcor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A term of the NAF layout, with its lexical_key references (none: not sense-tagged). */
function term(id: number, pos: string, lemma: string, word: number, refs: string[]): string {
  const external = refs.map((r) => `        <externalRef confidence="1.0" reference="${r}" resource="WordNet-eng30" reftype="lexical_key"/>`).join('\n');
  return `    <term id="t${id}" pos="${pos}" lemma="${lemma}" type="open">
      <span>
        <target id="w${word}"/>
      </span>${refs.length > 0 ? `\n      <externalReferences>\n${external}\n      </externalReferences>` : ''}
    </term>`;
}

function nafFile(name: string, words: Array<[string, number]>, terms: string[]): string {
  const wf = words.map(([form, sent], i) => `    <wf id="w${i}" offset="${i}" sent="${sent}" para="1">${form}</wf>`).join('\n');
  const path = join(dir, name);
  writeFileSync(path, gzipSync(`<NAF>\n  <text>\n${wf}\n  </text>\n  <terms>\n${terms.join('\n')}\n  </terms>\n</NAF>\n`));
  return path;
}

describe('readSemcorFile', () => {
  const path = nafFile(
    'br-x01.naf.gz',
    [
      ['The', 1],
      ['spirit', 1],
      ['said', 1],
      ['False', 2],
    ],
    [term(0, 'DT', 'the', 0, []), term(1, 'NN', 'spirit', 1, ['1:18:01::;1:18:00::']), term(2, 'VB', 'say', 2, ['2:32:00::']), term(3, 'JJ', 'False', 3, ['5:00:00:incorrect:00;3:00:00::'])],
  );
  const doc = readSemcorFile(path, 'br-x01');

  it('splits a reference that holds several lexical ids into one key per id', () => {
    expect(doc.sentences[0][1]).toEqual({ lemma: 'spirit', pos: 'n', keys: ['spirit%1:18:01::', 'spirit%1:18:00::'] });
    // The lemma is lower-cased before the keys are built from it.
    expect(doc.sentences[1][0].keys).toEqual(['false%5:00:00:incorrect:00', 'false%3:00:00::']);
  });

  it('keeps one key for one id and none for an untagged term, in sentence order', () => {
    expect(doc.sentences.map((s) => s.map((t) => t.lemma))).toEqual([['the', 'spirit', 'say'], ['false']]);
    expect(doc.sentences[0][2].keys).toEqual(['say%2:32:00::']);
    expect(doc.sentences[0][0].keys).toEqual([]);
  });
});

describe('readSemcorSplit', () => {
  // 20 developer-visible files (and one held out): every tenth by sorted name is dev.
  const data = join(dir, 'data');
  mkdirSync(join(data, 'semcor', 'brown1'), { recursive: true });
  const names = Array.from({ length: 20 }, (_, i) => `brown1/br-x${String(i).padStart(2, '0')}.naf`);
  for (const name of names) nafFile(join('data', 'semcor', `${name}.gz`), [['word', 1]], [term(0, 'NN', 'word', 0, ['1:10:00::'])]);
  writeFileSync(join(data, 'semcor', 'split.tsv'), [...names.map((n) => `${n}\tshared`), 'brown1/br-z99.naf\theldout'].join('\n') + '\n');

  it('trains on the files that are not every tenth, and never on the held-out part', () => {
    const { train, dev } = readSemcorSplit(data, undefined);
    expect(dev.map((d) => d.name)).toEqual([names[0], names[10]]);
    expect(train).toHaveLength(18);
    expect(train.some((d) => d.name === names[0] || d.name.includes('z99'))).toBe(false);
  });

  it('takes a number of train files spread over the list, the dev files unchanged', () => {
    const { train, dev } = readSemcorSplit(data, '6');
    expect(dev).toHaveLength(2);
    // every third of the 18 train files (names 1..9, 11..19 without the dev ones)
    expect(train.map((d) => d.name)).toEqual([3, 6, 9, 13, 16, 19].map((i) => names[i]));
    expect(spread([1, 2, 3, 4], 4)).toEqual([1, 2, 3, 4]);
    expect(() => readSemcorSplit(data, '19')).toThrow(/WSD_TRAIN_FILES/);
    expect(() => readSemcorSplit(data, 'some')).toThrow(/WSD_TRAIN_FILES/);
  });

  it('trains on every developer-visible file with "all", dev files included, in name order', () => {
    const { train, dev } = readSemcorSplit(data, 'all');
    expect(train.map((d) => d.name)).toEqual(names);
    expect(dev).toHaveLength(2);
  });
});
