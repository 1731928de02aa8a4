import { beforeAll, describe, expect, it } from 'vitest';
import { Lexicon } from '../../src/lexicon/index.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { isRegularInflection } from '../../src/lexicon/morphy.js';

let lexicon: Lexicon;
beforeAll(async () => {
  lexicon = await Lexicon.load(fileLoader());
});

const cases = (rows: [word: string, xpos: string, lemma: string][]) =>
  it.each(rows)('%s/%s → %s', (word, xpos, lemma) => expect(lexicon.lemmatize(word, xpos)).toBe(lemma));

describe('irregular forms (WordNet exception lists)', () => {
  cases([
    ['went', 'VBD', 'go'],
    ['gone', 'VBN', 'go'],
    ['was', 'VBD', 'be'],
    ['were', 'VBD', 'be'],
    ['is', 'VBZ', 'be'],
    ['are', 'VBP', 'be'],
    ['has', 'VBZ', 'have'],
    ['did', 'VBD', 'do'],
    ['children', 'NNS', 'child'],
    ['mice', 'NNS', 'mouse'],
    ['geese', 'NNS', 'goose'],
    ['better', 'JJR', 'good'],
    ['Worse', 'JJR', 'bad'],
  ]);
});

describe('suffix rules', () => {
  cases([
    ['running', 'VBG', 'run'],
    ['Running', 'VBG', 'run'],
    ['stopped', 'VBD', 'stop'],
    ['stopping', 'VBG', 'stop'],
    ['hoped', 'VBD', 'hope'],
    ['singing', 'VBG', 'sing'], // not "singe": the more often sense-tagged lemma wins
    ['boxes', 'NNS', 'box'],
    ['cities', 'NNS', 'city'],
    ['uses', 'VBZ', 'use'],
    ['biggest', 'JJS', 'big'],
    ['happier', 'JJR', 'happy'],
    ['faster', 'RBR', 'fast'],
  ]);

  it('reduces only inflected tags: a base-form tag keeps the word', () => {
    expect(lexicon.lemmatize('went', 'NN')).toBe('went');
    expect(lexicon.lemmatize('running', 'NN')).toBe('running');
    expect(lexicon.lemmatize('Found', 'VB')).toBe('found');
  });
});

describe('closed classes and contractions (EWT conventions)', () => {
  cases([
    ["n't", 'RB', 'not'],
    ["'m", 'VBP', 'be'],
    ["'re", 'VBP', 'be'],
    ["'s", 'VBZ', 'be'],
    ["'s", 'POS', "'s"],
    ["'ll", 'MD', 'will'],
    ["'d", 'MD', 'would'],
    ['wo', 'MD', 'will'],
    ['ca', 'MD', 'can'],
    ['I', 'PRP', 'I'],
    ['me', 'PRP', 'I'],
    ['my', 'PRP$', 'my'],
    ['them', 'PRP', 'they'],
    ['The', 'DT', 'the'],
    ['An', 'DT', 'a'],
  ]);
});

describe('case, numbers, punctuation', () => {
  cases([
    ['Paris', 'NNP', 'Paris'],
    ['NASA', 'NNP', 'NASA'],
    ['Americans', 'NNPS', 'American'],
    ['GINSBURG', 'NNP', 'Ginsburg'], // a shouted name gets title case…
    ['FERC', 'NNP', 'FERC'], // …a short acronym does not
    ['states', 'NNPS', 'State'],
    ['sooooo', 'RB', 'so'], // stretched for emphasis
    ['am', 'VBP', 'be'], // a present form only the exception list knows
    ['DUI', 'NN', 'dui'], // not "duo": singular nouns skip the plural exception list
    ['House', 'NN', 'house'],
    ['AS400', 'NN', 'AS400'],
    ['42', 'CD', '42'],
    ['1,000', 'CD', '1000'],
    ['3.5', 'CD', '3.5'],
    [',', ',', ','],
    ['(', '-LRB-', '('],
    ['--', ':', '--'],
  ]);
});

describe('unknown and odd input', () => {
  it('guesses bases of inflected words WordNet lacks', () => {
    expect(lexicon.lemmatize('blorfing', 'VBG')).toBe('blorf');
    expect(lexicon.lemmatize('zorbles', 'NNS')).toBe('zorble');
    expect(lexicon.lemmatize('glimmed', 'VBD')).toBe('glim');
    expect(lexicon.lemmatize('frobnicated', 'VBN')).toBe('frobnicat'); // a guess, not a dictionary
    expect(lexicon.lemmatize('quuxes', 'VBZ')).toBe('quux');
  });

  it('lower-cases unknown uninflected words and keeps unknown tags harmless', () => {
    expect(lexicon.lemmatize('Blorf', 'NN')).toBe('blorf');
    expect(lexicon.lemmatize('Blorf', 'XX')).toBe('blorf');
    expect(lexicon.lemmatize('Blorf', '')).toBe('blorf');
  });

  it('returns the empty string for the empty string', () => {
    expect(lexicon.lemmatize('', 'NN')).toBe('');
    expect(lexicon.lemmatize('', 'NNS')).toBe('');
    expect(lexicon.lemmatize('', 'VBD')).toBe('');
  });

  it('passes astral characters through intact', () => {
    expect(lexicon.lemmatize('😀', 'NFP')).toBe('😀');
    expect(lexicon.lemmatize('😀', 'NN')).toBe('😀');
    expect(lexicon.lemmatize('𝒳yz', 'NN')).toBe('𝒳yz');
    expect(lexicon.lemmatize('cats😀', 'NNS')).toBe('cats😀');
  });

  it('answers the same from the cache as the first time', () => {
    const first = lexicon.lemmatize('geese', 'NNS');
    expect(lexicon.lemmatize('geese', 'NNS')).toBe(first);
  });
});

describe('WordNet access', () => {
  it('knows which lemmas exist per part of speech', () => {
    expect(lexicon.hasLemma('dog', 'n')).toBe(true);
    expect(lexicon.hasLemma('dog', 'v')).toBe(true);
    expect(lexicon.hasLemma('dog', 'r')).toBe(false);
    expect(lexicon.hasLemma('ice cream', 'n')).toBe(true);
    expect(lexicon.hasLemma('Ice_Cream', 'n')).toBe(true);
    expect(lexicon.hasLemma('blorf', 'n')).toBe(false);
    expect(lexicon.hasLemma('', 'n')).toBe(false);
    expect(lexicon.wordnet.size('n')).toBeGreaterThan(100_000);
  });

  it('gives morphy candidates, exceptions first', () => {
    expect(lexicon.morphy('leaves', 'n')).toEqual(['leaf', 'leave']);
    expect(lexicon.morphy('dogs', 'n')).toEqual(['dog']);
    expect(lexicon.morphy('blorfs', 'n')).toEqual([]);
  });

  it('reads tagged-sense counts as a frequency prior', () => {
    expect(lexicon.wordnet.taggedSenseCount('sing', 'v')).toBeGreaterThan(lexicon.wordnet.taggedSenseCount('singe', 'v'));
    expect(lexicon.wordnet.taggedSenseCount('blorf', 'v')).toBe(0);
  });
});

describe('isRegularInflection', () => {
  it('recognises a regular suffix of the part of speech, and nothing else', () => {
    expect(isRegularInflection('profits', 'profit', 'n')).toBe(true);
    expect(isRegularInflection('churches', 'church', 'n')).toBe(true);
    expect(isRegularInflection('bodies', 'body', 'n')).toBe(true);
    expect(isRegularInflection('baked', 'bake', 'v')).toBe(true);
    expect(isRegularInflection('walking', 'walk', 'v')).toBe(true);
    expect(isRegularInflection('walking', 'walk', 'n')).toBe(false);
    expect(isRegularInflection('profit', 'profit', 'n')).toBe(false);
    expect(isRegularInflection('profit', 'profits', 'n')).toBe(false);
    expect(isRegularInflection('s', '', 'n')).toBe(false);
    expect(isRegularInflection('earnings', 'profit', 'n')).toBe(false);
    expect(isRegularInflection('quickly', 'quick', 'r')).toBe(false);
  });
});

describe('WordNet lemma lists searched in place', () => {
  it('finds a lemma and not its prefixes or extensions, with its tagged-sense count', async () => {
    const { WordNetLexicon } = await import('../../src/lexicon/wordnet.js');
    // Sorted by UTF-16 code units, as the shipped files are: "dog" < "dog_days" < "dogma" < "dégât".
    const nouns = 'a\t3\ncat\ndog\t12\ndog_days\ndogma\t1\ndégât\n';
    const wn = WordNetLexicon.fromText({ n: nouns, v: '', a: '', r: 'fast' }, '{"n":{},"v":{},"a":{},"r":{}}');
    for (const lemma of ['a', 'cat', 'dog', 'dog days', 'dogma', 'Dégât']) expect(wn.hasLemma(lemma, 'n')).toBe(true);
    for (const lemma of ['', 'ca', 'cats', 'do', 'dog_', 'dog_day', 'dogmas', 'z', 'dégâts']) expect(wn.hasLemma(lemma, 'n')).toBe(false);
    expect([wn.taggedSenseCount('dog', 'n'), wn.taggedSenseCount('dogma', 'n'), wn.taggedSenseCount('cat', 'n'), wn.taggedSenseCount('a', 'n')]).toEqual([12, 1, 0, 3]);
    // the last line without a line break
    expect(wn.hasLemma('fast', 'r')).toBe(true);
    expect(wn.hasLemma('fas', 'r')).toBe(false);
  });
});
