import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseFrameworkData, parseGoldKeys } from '../../src/eval/wsd-framework.js';
import { answerFramework, scoreAnswers } from '../../src/eval/wsd.js';
import { wsdCommand } from '../../src/cli/eval-wsd.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/senses/${name}`, import.meta.url));
const DATA = fixture('semcor-br-d01.data.xml');
const GOLD = fixture('semcor-br-d01.gold.key.txt');
const se07 = fileURLToPath(new URL('../../../shared/data/wsd-dev/semeval2007/semeval2007', import.meta.url));

let store: SynsetStore;
let model: WsdModel;
beforeAll(async () => {
  [store, model] = await Promise.all([SynsetStore.load(fileLoader()), WsdModel.load(fileLoader())]);
}, 60_000);

/** Runs the command with stdout captured; returns its exit code and output. */
async function run(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await wsdCommand(args), out };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('framework files', () => {
  it('parses sentences, lemmas, universal POS and instances', () => {
    const docs = parseFrameworkData(readFileSync(DATA, 'utf8'));
    expect(docs).toHaveLength(1);
    expect(docs[0].sentences).toHaveLength(12);
    const instances = docs[0].sentences.flat().filter((t) => t.instanceId);
    expect(instances).toHaveLength(parseGoldKeys(readFileSync(GOLD, 'utf8')).size);
    expect(instances.every((t) => t.pos !== undefined)).toBe(true);
  });

  it('rejects a file that is not framework data, and a malformed key file', () => {
    expect(() => parseFrameworkData('<html></html>', 'x.xml')).toThrow(/x\.xml: not a WSD framework data file/);
    expect(() => parseGoldKeys('d000.s000.t000\n', 'k.txt')).toThrow(/k\.txt:1: expected "instance_id sense_key/);
    expect(() => parseGoldKeys('\n', 'k.txt')).toThrow(/no gold keys/);
  });
});

describe('textlens eval wsd', () => {
  it('answers every instance and beats chance on the SemCor fixture, last line name=value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsd-'));
    const out = join(dir, 'answers.key.txt');
    const r = await run(['--data', DATA, '--gold', GOLD, '--out', out]);
    expect(r.code).toBe(0);
    const last = r.out.trim().split('\n').at(-1)!;
    const fields = Object.fromEntries(last.split(' ').map((kv) => kv.split('=')));
    expect(Number(fields.instances)).toBe(120);
    expect(Number(fields.f1)).toBeGreaterThan(55);
    expect(Number(fields.first_sense_f1)).toBeGreaterThan(40);
    expect(fields.f1_noun).toBeDefined();
    // Two adverb instances have lemmas WordNet 3.0 does not list as adverbs: no answer, counted as misses.
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(118);
    expect(lines[0]).toMatch(/^d000\.s000\.t000 \S+%\d:\d\d:\d\d:/);
  });

  it('scores precision, recall and F1 as the framework does', () => {
    const gold = new Map([['a', ['x%1']], ['b', ['y%1', 'z%1']], ['c', ['w%1']]]);
    const answers = [
      { id: 'a', pos: 'n' as const, key: 'x%1' },
      { id: 'b', pos: 'v' as const, key: 'z%1' },
      { id: 'c', pos: 'n' as const },
    ];
    const s = scoreAnswers(answers, gold, (a) => a.key);
    expect(s).toMatchObject({ instances: 3, answered: 2, correct: 2, precision: 1 });
    expect(s.recall).toBeCloseTo(2 / 3);
    expect(s.f1).toBeCloseTo(0.8);
  });

  it('exits with a clear message on a missing file, a wrong format or mismatched files', async () => {
    await expect(run(['--data', '/no/such.data.xml', '--gold', GOLD])).rejects.toThrow(/cannot read --data \/no\/such\.data\.xml: no such file/);
    await expect(run(['--data', DATA])).rejects.toThrow(/--data and --gold are required/);
    const dir = mkdtempSync(join(tmpdir(), 'wsd-'));
    const bad = join(dir, 'bad.xml');
    writeFileSync(bad, 'not xml at all');
    await expect(run(['--data', bad, '--gold', GOLD])).rejects.toThrow(/not a WSD framework data file/);
    const otherGold = join(dir, 'other.key.txt');
    writeFileSync(otherGold, 'zzz bank%1:14:00::\n');
    await expect(run(['--data', DATA, '--gold', otherGold])).rejects.toThrow(/have no gold key/);
  });

  it('uses the given lemma and POS: a polysemous instance gets a key of its own lemma', () => {
    const xml = `<corpus lang="en"><text id="d0"><sentence id="d0.s0">
      <wf lemma="he" pos="PRON">He</wf><instance id="d0.s0.t0" lemma="deposit" pos="VERB">deposited</instance>
      <wf lemma="money" pos="NOUN">money</wf><wf lemma="in" pos="ADP">in</wf><wf lemma="the" pos="DET">the</wf>
      <instance id="d0.s0.t1" lemma="bank" pos="NOUN">bank</instance></sentence></text></corpus>`;
    const answers = answerFramework(store, model, xml, 'inline');
    expect(answers.map((a) => a.id)).toEqual(['d0.s0.t0', 'd0.s0.t1']);
    expect(answers[1].key).toBe('bank%1:14:00::');
  });
});

const reason = existsSync(`${se07}.data.xml`) ? '' : ` (skipped: ${se07}.data.xml is missing; it is in ../shared/data on the project machines and in CI)`;
describe.skipIf(reason !== '')(`SemEval-2007 dev${reason}`, () => {
  it('stays above the first-sense baseline', async () => {
    const r = await run(['--data', `${se07}.data.xml`, '--gold', `${se07}.gold.key.txt`]);
    const fields = Object.fromEntries(r.out.trim().split('\n').at(-1)!.split(' ').map((kv) => kv.split('=')));
    expect(Number(fields.instances)).toBe(455);
    expect(Number(fields.f1)).toBeGreaterThan(Number(fields.first_sense_f1) + 3);
  }, 60_000);
});
if (reason) console.warn(reason.trim());
