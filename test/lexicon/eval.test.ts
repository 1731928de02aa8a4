import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalLemmas } from '../../src/eval/lemma.js';
import { Lexicon } from '../../src/lexicon/index.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const fixture = fileURLToPath(new URL('../fixtures/lexicon/ewt-dev-first40.conllu', import.meta.url));
const ewtDev = fileURLToPath(new URL('../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu', import.meta.url));

let lexicon: Lexicon;
beforeAll(async () => {
  lexicon = await Lexicon.load(fileLoader());
});

describe('evalLemmas', () => {
  it('scores every syntactic word of the fixture and lists the misses', () => {
    const r = evalLemmas(readFileSync(fixture, 'utf8'), lexicon);
    expect(r.total).toBe(960); // words with an integer ID (awk -F"\t" '$1 ~ /^[0-9]+$/' | wc -l)
    expect(r.correct).toBe(r.total - r.errors.reduce((s, e) => s + e[4], 0));
    expect(r.accuracy).toBeGreaterThan(0.95);
  });

  it('counts a wrong lemma as an error', () => {
    const conllu = ['1\tDogs\tdog\tNOUN\tNNS\t_\t2\tnsubj\t_\t_', '2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_', ''].join('\n');
    const always = { lemmatize: () => 'dog' };
    expect(evalLemmas(conllu, always)).toMatchObject({ total: 2, correct: 1, accuracy: 0.5, errors: [['bark', 'VBP', 'bark', 'dog', 1]] });
  });
});

const reason = existsSync(ewtDev) ? '' : ` (skipped: ${ewtDev} is missing; it is in ../shared/data on the project machines and in CI)`;
describe.skipIf(!existsSync(ewtDev))(`lemma accuracy on the first 500 sentences of EWT dev, gold tags${reason}`, () => {
  it('stays above 97%', () => {
    const r = evalLemmas(readFileSync(ewtDev, 'utf8'), lexicon, { maxSentences: 500 });
    expect(r.total).toBeGreaterThan(5000);
    expect(r.accuracy).toBeGreaterThan(0.97);
  });
});
if (reason) console.warn(reason.trim());
