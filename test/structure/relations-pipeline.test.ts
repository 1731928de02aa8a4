import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { main } from '../../src/cli/main.js';
import { carbCommand } from '../../src/cli/eval-carb.js';
import type { Relation, Sentence } from '../../src/types.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

async function relationsOf(text: string, extra: Record<string, unknown> = {}, a: Analyzer = analyzer) {
  const r = await a.analyze({ text, extractors: ['relations', 'words'], ...extra });
  expect(r.ok).toBe(true);
  return { relations: r.response!.relations as Relation[], sentences: r.response!.sentences as Sentence[], message: r.message };
}

/** `predicate | ROLE: words …` from the response, with the words extractor's tokens. */
function render(relations: Relation[], sentences: Sentence[]): string[] {
  return relations.map((r) => {
    const w = (ps: number[]) => ps.map((p) => sentences[r.sentencePosition].words[p].token).join(' ');
    return [w(r.wordPositions), ...r.params.map((p) => `${p.relation}: ${w(p.wordPositions)}`)].join(' | ');
  });
}

describe('relations extractor in analyze()', () => {
  it('returns relations with ids, sentence positions, params and a confidence', async () => {
    const { relations, sentences } = await relationsOf('Apple bought Beats in 2014. The deal was approved by regulators.');
    expect(render(relations, sentences)).toEqual([
      'bought | SUBJECT: Apple | OBJECT: Beats | OTHER: in 2014',
      'was approved | SUBJECT: The deal | OTHER: by regulators',
    ]);
    expect(relations.map((r) => [r.id, r.sentencePosition])).toEqual([[0, 0], [1, 1]]);
    for (const r of relations) expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('reads the tree with the tagger\'s slips repaired, as the noun phrases do ("If it rains": rains/NNS is a verb)', async () => {
    const r = await analyzer.analyze({ text: 'If it rains, we will stay home.', extractors: ['relations', 'words'] });
    const words = r.response!.sentences![0].words;
    expect(words.find((w) => w.token === 'rains')!.partOfSpeech).toBe('NNS'); // the response keeps the tagger's tag
    const { relations, sentences } = await relationsOf('If it rains, we will stay home.');
    expect(render(relations, sentences)).toEqual(['rains | SUBJECT: it', 'will stay | SUBJECT: we | OTHER: home']);
  });

  it('gives the same word positions in both dependency schemes and with the fast parser', async () => {
    const text = 'The man who sold the house to us moved to Paris, where he opened a bakery.';
    const ud = await relationsOf(text, { dependencies: { scheme: 'ud' } });
    const stanford = await relationsOf(text, { dependencies: { scheme: 'stanford' } });
    expect(stanford.relations).toEqual(ud.relations);
    expect(render(ud.relations, ud.sentences)).toContain('sold | SUBJECT: The man | OBJECT: the house | OTHER: to us');
    const fast = await createAnalyzer({ parser: 'fast' });
    const f = await relationsOf(text, {}, fast);
    expect(render(f.relations, f.sentences).some((r) => r.startsWith('sold | SUBJECT: The man'))).toBe(true);
  });

  it('gives each relation lists of its own, also where split relations share a predicate and arguments', async () => {
    const { relations, sentences } = await relationsOf('It rained. John and Mary bought a car and a bike.');
    const split = [
      'bought | SUBJECT: John | OBJECT: a car',
      'bought | SUBJECT: John | OBJECT: a bike',
      'bought | SUBJECT: Mary | OBJECT: a car',
      'bought | SUBJECT: Mary | OBJECT: a bike',
    ];
    expect(render(relations, sentences)).toEqual(['rained | SUBJECT: It', ...split]);
    const lists = relations.flatMap((r) => [r.wordPositions, ...r.params.map((p) => p.wordPositions)]);
    expect(new Set(lists).size).toBe(lists.length);
    // editing one relation's lists leaves the others as they were
    const [, first] = relations;
    first.wordPositions.push(0);
    for (const p of first.params) p.wordPositions.push(0);
    expect(render(relations.slice(2), sentences)).toEqual(split.slice(1));
  });

  it('counts positions per sentence with astral characters in the text', async () => {
    const { relations, sentences } = await relationsOf('😀 Hi there. 😀 Maria 😀 loves pizza 😀 .');
    const r = relations.find((x) => x.sentencePosition === 1)!;
    expect(render([r], sentences)[0]).toMatch(/^loves \| SUBJECT: .*Maria/);
  });

  it('returns an empty list for text without a verb and for empty text', async () => {
    expect((await relationsOf('Hello.')).relations).toEqual([]);
    expect((await relationsOf(' ')).relations).toEqual([]);
  });

  it('handles a very long sentence', async () => {
    const text = `${Array.from({ length: 150 }, (_, i) => `team ${i} won game ${i}`).join(' and ')}.`;
    const { relations } = await relationsOf(text);
    expect(relations.length).toBeGreaterThan(50);
  });

  it('skips the extractor for non-English text with a message that names the language and the override', async () => {
    const text = 'Der Hund schläft im Garten, und die Katze spielt mit dem Ball.';
    const r = await analyzer.analyze({ text, extractors: ['relations'] });
    expect(r.response!.relations).toBeUndefined();
    expect(r.message).toMatch(/Skipped relations.*need English models, and the text's language is 'deu' \(set languageOverride=eng/);
  });

  it('serves relation facts to rules', async () => {
    const rules = "acquired(B, T) :- relation(Id, S, H, _), lemma(S, H, buy), relation_param(Id, K1, 'SUBJECT', BH), relation_param(Id, K2, 'OBJECT', TH), K1 < K2, word(S, BH, B), word(S, TH, T).";
    const r = await analyzer.analyze({ text: 'Apple bought Beats.', extractors: ['relations', 'acquired'], rules });
    expect(r.response!.matchingRules).toEqual([{ name: 'acquired', arity: 2, bindings: [['Apple', 'Beats']] }]);
  });
});

const fixtures = fileURLToPath(new URL('../fixtures/carb/', import.meta.url));
const lastLine = (s: string): string => s.trim().split('\n').pop()!;

describe('textlens eval carb', () => {
  it('scores an extractions file; the last line is name=value pairs', async () => {
    let out = '';
    const code = await carbCommand(['--gold', `${fixtures}gold.tsv`, '--score', `${fixtures}openie5_output.txt`], (s) => (out += s));
    expect(code).toBe(0);
    expect(lastLine(out)).toBe('f1=54.00 auc=31.12 p=54.33 r=53.69');
  });

  it('runs the pipeline on the sentences, writes CaRB tab lines with --out, and scores them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-carb-'));
    let out = '';
    await carbCommand(['--gold', `${fixtures}gold.tsv`, '--sentences', `${fixtures}sentences.txt`, '--out', join(dir, 'out.tsv')], (s) => (out += s));
    const m = /^f1=(\d+\.\d\d) auc=(\d+\.\d\d) p=(\d+\.\d\d) r=(\d+\.\d\d)$/.exec(lastLine(out));
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(40);
    const lines = readFileSync(join(dir, 'out.tsv'), 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const l of lines) {
      const f = l.split('\t');
      expect(f.length).toBeGreaterThanOrEqual(4);
      expect(Number(f[1])).toBeGreaterThan(0);
    }
    // what --out wrote scores the same through --score
    let again = '';
    await carbCommand(['--gold', `${fixtures}gold.tsv`, '--score', join(dir, 'out.tsv')], (s) => (again += s));
    expect(lastLine(again)).toBe(lastLine(out));
  });

  it('exits non-zero with a clear message on a missing file or a wrong format', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-carb-'));
    writeFileSync(join(dir, 'bad.tsv'), 'a sentence\tnot-a-number\trel\targ\n');
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (errors.push(s), true)) as typeof process.stderr.write;
    try {
      expect(await main(['eval', 'carb', '--gold', join(dir, 'missing.tsv'), '--score', join(dir, 'bad.tsv')])).toBe(2);
      expect(await main(['eval', 'carb', '--gold', `${fixtures}gold.tsv`, '--score', join(dir, 'bad.tsv')])).toBe(2);
      expect(await main(['eval', 'carb', '--gold', `${fixtures}gold.tsv`, '--sentences', `${fixtures}gold.tsv`])).toBe(2);
      expect(await main(['eval', 'carb', '--gold', `${fixtures}gold.tsv`])).toBe(2);
      expect(await main(['eval', 'carb', '--gold', `${fixtures}gold.tsv`, '--score', `${fixtures}openie5.carb.tsv`, '--out', join(dir, 'x')])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errors[0]).toMatch(/--gold .*missing\.tsv: no such file/);
    expect(errors[1]).toMatch(/bad\.tsv, line 1: .*numeric confidence/);
    expect(errors[2]).toMatch(/has a tab; --sentences takes one sentence per line/);
    expect(errors[3]).toMatch(/one of --sentences or --score/);
    expect(errors[4]).toMatch(/--out writes the pipeline's extractions/);
  });
});
