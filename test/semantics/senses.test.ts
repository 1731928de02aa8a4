import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import type { Word } from '../../src/types.js';

let analyzer: Analyzer;
let store: SynsetStore;
beforeAll(async () => {
  analyzer = await createAnalyzer();
  store = await SynsetStore.load(fileLoader());
}, 60_000);

async function words(text: string, extractors = 'words,senses'): Promise<Word[]> {
  const r = await analyzer.analyze(text, { extractors, languageOverride: 'eng' });
  return (r.response?.sentences ?? []).flatMap((s) => s.words);
}

function word(ws: Word[], token: string): Word {
  const w = ws.find((x) => x.token === token);
  if (!w) throw new Error(`no word ${token}`);
  return w;
}

describe('the synset store', () => {
  it('lists a lemma’s synsets in WordNet 3.0 sense order and gives NLTK-style names', () => {
    const bank = store.senses('bank', 'n')!;
    expect(bank.synsets.length).toBe(10);
    expect(store.name(bank.synsets[0])).toBe('bank.n.01');
    expect(store.name(bank.synsets[1])).toBe('depository_financial_institution.n.01');
    expect(store.ids[bank.synsets[1]]).toBe('08420278-n');
  });

  it('gives WordNet 3.0 sense keys, satellites with their head', () => {
    const bank = store.senses('bank', 'n')!;
    expect(store.senseKey('bank', bank.synsets[1])).toBe('bank%1:14:00::');
    const recent = store.senses('recent', 'a')!;
    expect([...recent.synsets].map((s) => store.senseKey('recent', s))).toContain('recent%5:00:00:past:00');
    expect(store.senseKey('river', bank.synsets[0])).toBeUndefined();
  });

  it('knows multiword lemmas with spaces or underscores, in any case', () => {
    expect(store.senses('ice cream', 'n')).toBeDefined();
    expect(store.senses('New_York', 'n')).toBeDefined();
    expect(store.senses('no such lemma', 'n')).toBeUndefined();
  });
});

describe('senses on words', () => {
  it('gives every candidate sense, scores summing to 1, best first', async () => {
    const ws = await words('The investors deposited their money in the bank on Monday.');
    const bank = word(ws, 'bank');
    expect(bank.senses!.length).toBe(10);
    const total = bank.senses!.reduce((z, s) => z + s.score, 0);
    expect(total).toBeCloseTo(1, 3);
    for (let k = 1; k < bank.senses!.length; k++) expect(bank.senses![k - 1].score).toBeGreaterThanOrEqual(bank.senses![k].score);
    expect(new Set(bank.senses!.map((s) => s.synset)).size).toBe(bank.senses!.length);
  });

  it('leaves function words, punctuation and auxiliaries without senses', async () => {
    const ws = await words('The dog has been sleeping on the sofa.');
    for (const t of ['The', 'has', 'been', 'on', 'the', '.']) expect(word(ws, t).senses).toBeUndefined();
    expect(word(ws, 'dog').senses).toBeDefined();
    expect(word(ws, 'sleeping').senses!.some((s) => s.synset.startsWith('sleep.v.'))).toBe(true);
  });

  it('takes the river bank and the money bank in different contexts', async () => {
    const river = word(await words('We sat on the grassy bank of the river and watched the water flow past.'), 'bank');
    const money = word(await words('She went to the bank to deposit a check and withdraw some cash from her account.'), 'bank');
    expect(river.senses![0].synset).toBe('bank.n.01');
    expect(money.senses![0].synset).toBe('depository_financial_institution.n.01');
  });

  it('attaches a multiword expression’s senses to its first word', async () => {
    const ws = await words('We ate ice cream in New York before the plane took off.');
    expect(word(ws, 'ice').senses!.map((s) => s.synset)).toContain('ice_cream.n.01');
    expect(word(ws, 'cream').senses).toBeUndefined();
    expect(word(ws, 'New').senses![0].synset).toMatch(/^new_york\.n\./);
    expect(word(ws, 'York').senses).toBeUndefined();
    expect(word(ws, 'took').senses!.every((s) => s.synset.includes('.v.'))).toBe(true);
    expect(word(ws, 'off').senses).toBeUndefined();
  });

  it('leaves apart the word pairs SemCor reads as two words (lives in, do it, paid for, the street)', async () => {
    // Each pair is also a WordNet lemma: live_in "reside at one's place of work", do_it "have sex",
    // pay_for "treat", the_street "Wall Street".
    for (const [pair, apart] of [['live_in', 'v'], ['do_it', 'v'], ['pay_for', 'v'], ['sit_in', 'v'], ['the_street', 'n']] as const) {
      expect(store.senses(pair, apart)).toBeDefined();
      expect(store.readApart(pair, apart)).toBe(true);
    }
    const ws = await words('She lives in Paris. I will do it tomorrow. They sat in the garden, paid for the meal and walked down the street.');
    expect(word(ws, 'lives').senses!.every((s) => !s.synset.startsWith('live_in.'))).toBe(true);
    expect(word(ws, 'lives').senses!.some((s) => s.synset === 'live.v.02')).toBe(true);
    expect(word(ws, 'do').senses!.some((s) => s.synset.startsWith('do.v.'))).toBe(true);
    expect(word(ws, 'do').senses!.some((s) => s.synset.startsWith('sleep_together'))).toBe(false);
    expect(word(ws, 'paid').senses![0].synset).toBe('pay.v.01');
    expect(word(ws, 'sat').senses!.some((s) => s.synset.startsWith('sit.v.'))).toBe(true);
    expect(word(ws, 'the').senses).toBeUndefined();
    expect(word(ws, 'street').senses![0].synset).toBe('street.n.01');
  });

  it('matches adverbs a preposition opens (at least, of course, for example), not the pairs SemCor reads apart (in this)', async () => {
    const ws = await words('At least ten people died. Of course, it was a mistake. For example, cats sleep. In this case we agree.');
    expect(word(ws, 'At').senses![0].synset).toBe('at_least.r.01');
    expect(word(ws, 'least').senses).toBeUndefined();
    expect(word(ws, 'Of').senses!.every((s) => s.synset.includes('.r.'))).toBe(true);
    expect(word(ws, 'course').senses).toBeUndefined();
    expect(word(ws, 'For').senses![0].synset).toBe('for_example.r.01');
    expect(store.readApart('in_this', 'r')).toBe(true);
    expect(word(ws, 'In').senses).toBeUndefined();
    expect(word(ws, 'case').senses!.some((s) => s.synset.startsWith('case.n.'))).toBe(true);
  });

  it('still matches a determiner’s lemma before a capitalized name, and the pairs SemCor reads together', async () => {
    expect(store.readApart('take_off', 'v')).toBe(false);
    expect(store.readApart('ice_cream', 'n')).toBe(false);
    const ws = await words('The plane took off from The Hague.');
    expect(word(ws, 'took').senses!.every((s) => s.synset.includes('.v.') && !s.synset.startsWith('take.v.'))).toBe(true);
    expect(word(ws, 'Hague').senses).toBeUndefined();
    expect(ws.filter((w) => w.token === 'The')[1].senses![0].synset).toBe('the_hague.n.01');
  });

  it('matches every multiword lemma with a store built without the apart list (a models directory from before it)', () => {
    const bare = SynsetStore.fromText('00000001-v\t41\tlive_in:0\t\n00000002-v\t41\tlive:0\t\n', 'live_in\tv\t0\nlive\tv\t1\n');
    expect(bare.readApart('live_in', 'v')).toBe(false);
    const listed = SynsetStore.fromText('00000001-v\t41\tlive_in:0\t\n', 'live_in\tv\t0\n', 'live_in\tv\t1\t55\n');
    expect(listed.readApart('live_in', 'v')).toBe(true);
    expect(listed.readApart('live_in', 'n')).toBe(false);
    expect(() => SynsetStore.fromText('', '', 'live_in\n')).toThrow(/multiwords-apart\.tsv/);
  });

  it('gives a name only the senses WordNet writes capitalized', async () => {
    const ws = await words('John met Einstein.');
    const john = store.senses('john', 'n')!.synsets;
    const capitalized = [...john].filter((s) => store.members(s).some(([l]) => l === 'John')).map((s) => store.name(s));
    expect(capitalized.length).toBeLessThan(john.length); // "john" (a toilet) is lower case
    expect(word(ws, 'John').senses!.map((s) => s.synset).sort()).toEqual(capitalized.sort());
    expect(word(ws, 'Einstein').senses![0].synset).toBe('einstein.n.01');
  });

  it('gives no senses to the parts of a name WordNet does not list whole (Tim Cook is not James Cook)', async () => {
    expect(store.senses('cook', 'n')).toBeDefined(); // cook.n.02 is James Cook, the navigator
    const ws = await words('Tim Cook met Paris Hilton in Paris, then flew to New York with Einstein.');
    for (const t of ['Tim', 'Cook', 'Hilton']) expect(word(ws, t).senses).toBeUndefined();
    expect(ws.filter((w) => w.token === 'Paris')[0].senses).toBeUndefined();
    expect(ws.filter((w) => w.token === 'Paris')[1].senses![0].synset).toMatch(/^paris\.n\./);
    expect(word(ws, 'New').senses![0].synset).toMatch(/^new_york\.n\./);
    expect(word(ws, 'Einstein').senses![0].synset).toBe('einstein.n.01');
  });

  it('adds no senses when only words are requested, and words when only senses are', async () => {
    expect((await words('The bank was closed.', 'words')).every((w) => w.senses === undefined)).toBe(true);
    const only = await words('The bank was closed.', 'senses');
    expect(word(only, 'bank').senses).toBeDefined();
  });

  it('skips non-English text with a message that says the model is English-only', async () => {
    const german = 'Die Bank am Fluss war voller Menschen, die in der Sonne saßen und auf das Wasser schauten.';
    const r = await analyzer.analyze(german, { extractors: 'words,senses', languageOverride: 'deu' });
    expect(r.response!.sentences!.flatMap((s) => s.words).some((w) => w.senses !== undefined)).toBe(false);
    expect(r.message).toMatch(/Skipped senses.*English models/);
  });

  it('handles empty text, one word, astral characters and a long text', async () => {
    expect(await words(' \n ')).toEqual([]);
    const one = await words('Banks');
    expect(one[0].senses!.length).toBeGreaterThan(1);
    const astral = await words('The 😀 cat 𝒳 chased the mouse.');
    expect(word(astral, 'cat').senses).toBeDefined();
    expect(word(astral, 'mouse').startingPos).toBe(23); // code points: each emoji counts one
    const long = await words('The river bank flooded after the storm. '.repeat(400));
    expect(long.filter((w) => w.token === 'bank').every((w) => w.senses![0].synset === long[2].senses![0].synset)).toBe(true);
  }, 60_000);
});
