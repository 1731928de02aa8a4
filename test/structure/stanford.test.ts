import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConllu } from '../../src/eval/conllu.js';
import { RELATION_MAP, docToStanford, udToStanford, type UdSentence } from '../../src/structure/stanford.js';

/** Rows: form, UPOS, XPOS, 1-based head (0 = root), UD relation — as in CoNLL-U. */
type Row = [string, string, string, number, string];

function sentence(rows: Row[]): UdSentence {
  return {
    forms: rows.map((r) => r[0]),
    upos: rows.map((r) => r[1]),
    xpos: rows.map((r) => r[2]),
    heads: rows.map((r) => r[3]),
    deprels: rows.map((r) => r[4]),
  };
}

/** The converted tree as `rel(head, dependent)` strings, in word order ("ROOT" for the root). */
function arcs(rows: Row[]): string[] {
  const s = sentence(rows);
  const t = udToStanford(s);
  return s.forms.map((f, i) => `${t.deprels[i]}(${t.heads[i] === 0 ? 'ROOT' : s.forms[t.heads[i] - 1]}, ${f})`);
}

describe('udToStanford', () => {
  it('makes prepositions head their objects', () => {
    expect(
      arcs([
        ['The', 'DET', 'DT', 2, 'det'],
        ['cat', 'NOUN', 'NN', 3, 'nsubj'],
        ['sat', 'VERB', 'VBD', 0, 'root'],
        ['on', 'ADP', 'IN', 6, 'case'],
        ['the', 'DET', 'DT', 6, 'det'],
        ['mat', 'NOUN', 'NN', 3, 'obl'],
        ['.', 'PUNCT', '.', 3, 'punct'],
      ]),
    ).toEqual(['det(cat, The)', 'nsubj(sat, cat)', 'root(ROOT, sat)', 'prep(sat, on)', 'det(mat, the)', 'pobj(on, mat)', 'punct(sat, .)']);
  });

  it('leaves a fronted prepositional phrase under its verb (the moved preposition is no longer a case marker)', () => {
    expect(
      arcs([
        ['On', 'ADP', 'IN', 2, 'case'],
        ['Tuesday', 'PROPN', 'NNP', 4, 'obl'],
        ['he', 'PRON', 'PRP', 4, 'nsubj'],
        ['left', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['prep(left, On)', 'pobj(On, Tuesday)', 'nsubj(left, he)', 'root(ROOT, left)']);
  });

  it('lets the copula head a prepositional predicate', () => {
    expect(
      arcs([
        ['The', 'DET', 'DT', 2, 'det'],
        ['cat', 'NOUN', 'NN', 6, 'nsubj'],
        ['is', 'AUX', 'VBZ', 6, 'cop'],
        ['on', 'ADP', 'IN', 6, 'case'],
        ['the', 'DET', 'DT', 6, 'det'],
        ['mat', 'NOUN', 'NN', 0, 'root'],
        ['.', 'PUNCT', '.', 6, 'punct'],
      ]),
    ).toEqual(['det(cat, The)', 'nsubj(is, cat)', 'root(ROOT, is)', 'prep(is, on)', 'det(mat, the)', 'pobj(on, mat)', 'punct(is, .)']);
  });

  it('keeps cop under a nominal or adjectival predicate and marks negation', () => {
    expect(
      arcs([
        ['Bill', 'PROPN', 'NNP', 4, 'nsubj'],
        ['is', 'AUX', 'VBZ', 4, 'cop'],
        ['not', 'PART', 'RB', 4, 'advmod'],
        ['big', 'ADJ', 'JJ', 0, 'root'],
      ]),
    ).toEqual(['nsubj(big, Bill)', 'cop(big, is)', 'neg(big, not)', 'root(ROOT, big)']);
  });

  it('converts passives, possessives and agents', () => {
    expect(
      arcs([
        ['John', 'PROPN', 'NNP', 3, 'nmod:poss'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['dog', 'NOUN', 'NN', 5, 'nsubj:pass'],
        ['was', 'AUX', 'VBD', 5, 'aux:pass'],
        ['bitten', 'VERB', 'VBN', 0, 'root'],
        ['by', 'ADP', 'IN', 8, 'case'],
        ['a', 'DET', 'DT', 8, 'det'],
        ['snake', 'NOUN', 'NN', 5, 'obl:agent'],
      ]),
    ).toEqual([
      'poss(dog, John)',
      "possessive(John, 's)",
      'nsubjpass(bitten, dog)',
      'auxpass(bitten, was)',
      'root(ROOT, bitten)',
      'prep(bitten, by)',
      'det(snake, a)',
      'pobj(by, snake)',
    ]);
  });

  it('handles multiword prepositions with mwe', () => {
    expect(
      arcs([
        ['He', 'PRON', 'PRP', 2, 'nsubj'],
        ['cried', 'VERB', 'VBD', 0, 'root'],
        ['because', 'ADP', 'IN', 5, 'case'],
        ['of', 'ADP', 'IN', 3, 'fixed'],
        ['you', 'PRON', 'PRP', 2, 'obl'],
      ]),
    ).toEqual(['nsubj(cried, He)', 'root(ROOT, cried)', 'prep(cried, because)', 'mwe(because, of)', 'pobj(because, you)']);
  });

  it('chains stacked prepositions with pcomp', () => {
    expect(
      arcs([
        ['It', 'PRON', 'PRP', 2, 'nsubj'],
        ['came', 'VERB', 'VBD', 0, 'root'],
        ['from', 'ADP', 'IN', 6, 'case'],
        ['under', 'ADP', 'IN', 6, 'case'],
        ['the', 'DET', 'DT', 6, 'det'],
        ['bed', 'NOUN', 'NN', 2, 'obl'],
      ]),
    ).toEqual(['nsubj(came, It)', 'root(ROOT, came)', 'prep(came, from)', 'pcomp(from, under)', 'det(bed, the)', 'pobj(under, bed)']);
  });

  it('heads names by their last word, moves cc to the first conjunct, renames objects and particles', () => {
    expect(
      arcs([
        ['Bill', 'PROPN', 'NNP', 3, 'nsubj'],
        ['Clinton', 'PROPN', 'NNP', 1, 'flat'],
        ['picked', 'VERB', 'VBD', 0, 'root'],
        ['up', 'ADP', 'RP', 3, 'compound:prt'],
        ['apples', 'NOUN', 'NNS', 3, 'obj'],
        ['and', 'CCONJ', 'CC', 8, 'cc'],
        ['orange', 'NOUN', 'NN', 8, 'compound'],
        ['juice', 'NOUN', 'NN', 5, 'conj'],
      ]),
    ).toEqual([
      'nn(Clinton, Bill)',
      'nsubj(picked, Clinton)',
      'root(ROOT, picked)',
      'prt(picked, up)',
      'dobj(picked, apples)',
      'cc(apples, and)',
      'nn(juice, orange)',
      'conj(apples, juice)',
    ]);
  });

  it('makes infinitival to an aux, relative clauses rcmod, numbers num and time nouns tmod', () => {
    expect(
      arcs([
        ['She', 'PRON', 'PRP', 2, 'nsubj'],
        ['wants', 'VERB', 'VBZ', 0, 'root'],
        ['to', 'PART', 'TO', 4, 'mark'],
        ['buy', 'VERB', 'VB', 2, 'xcomp'],
        ['two', 'NUM', 'CD', 6, 'nummod'],
        ['books', 'NOUN', 'NNS', 4, 'obj'],
        ['that', 'PRON', 'WDT', 8, 'nsubj'],
        ['sold', 'VERB', 'VBD', 6, 'acl:relcl'],
        ['yesterday', 'NOUN', 'NN', 8, 'obl:unmarked'],
      ]),
    ).toEqual([
      'nsubj(wants, She)',
      'root(ROOT, wants)',
      'aux(buy, to)',
      'xcomp(wants, buy)',
      'num(books, two)',
      'dobj(buy, books)',
      'nsubj(sold, that)',
      'rcmod(books, sold)',
      'tmod(sold, yesterday)',
    ]);
  });

  it('keeps one root and no cycles on every UD relation', () => {
    for (const rel of Object.keys(RELATION_MAP)) {
      if (rel === 'root') continue;
      const s = sentence([
        ['a', 'NOUN', 'NN', 3, 'case'],
        ['b', 'NOUN', 'NN', 3, rel],
        ['c', 'VERB', 'VBD', 0, 'root'],
      ]);
      const t = udToStanford(s);
      expect(t.heads.filter((h) => h === 0)).toHaveLength(1);
      for (let i = 1; i <= 3; i++) {
        let j = i;
        for (let steps = 0; j !== 0; steps++) {
          expect(steps).toBeLessThan(4);
          j = t.heads[j - 1];
        }
      }
    }
  });

  it('is empty for an empty sentence and rejects heads out of range', () => {
    expect(udToStanford(sentence([]))).toEqual({ heads: [], deprels: [] });
    expect(() => udToStanford({ forms: ['a'], upos: ['X'], xpos: ['X'], heads: [2], deprels: ['root'] })).toThrow(RangeError);
  });
});

const dev = fileURLToPath(new URL('../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu', import.meta.url));
if (!existsSync(dev)) console.log('EWT conversion test skipped: ../shared/data/ud-english-ewt is not present in this checkout');

describe.skipIf(!existsSync(dev))('udToStanford on UD English-EWT dev (needs ../shared/data)', () => {
  it('turns every gold tree into one tree with Stanford labels only', () => {
    const stanford = new Set([...Object.values(RELATION_MAP), 'prep', 'pobj', 'pcomp', 'possessive', 'neg', 'vmod', 'tmod']);
    const problems: string[] = [];
    for (const s of parseConllu(readFileSync(dev, 'utf8'))) {
      const t = udToStanford({
        forms: s.words.map((w) => w.form),
        upos: s.words.map((w) => w.upos),
        xpos: s.words.map((w) => w.xpos),
        heads: s.words.map((w) => w.head ?? 0),
        deprels: s.words.map((w) => w.deprel),
      });
      const text = s.words.map((w) => w.form).join(' ');
      if (t.heads.filter((h) => h === 0).length !== 1) problems.push(`roots: ${text}`);
      t.heads.forEach((_, i) => {
        let j = i + 1;
        for (let steps = 0; j !== 0 && steps <= t.heads.length; steps++) j = t.heads[j - 1];
        if (j !== 0) problems.push(`cycle at ${i}: ${text}`);
      });
      for (const d of t.deprels) if (!stanford.has(d)) problems.push(`label ${d}: ${text}`);
    }
    expect(problems).toEqual([]);
  });
});

/** A sentence of "Dogs" then `units` times "and Ann Lee, sleeping in Rome": a conjunct name with a clause and a prepositional phrase. */
function longSentence(units: number): Row[] {
  const rows: Row[] = [['Dogs', 'NOUN', 'NNS', 0, 'root']];
  for (let u = 0; u < units; u++) {
    const p = rows.length + 1; // 1-based number of the unit's first word
    rows.push(
      ['and', 'CCONJ', 'CC', p + 1, 'cc'],
      ['Ann', 'PROPN', 'NNP', 1, 'conj'],
      ['Lee', 'PROPN', 'NNP', p + 1, 'flat'],
      ['sleeping', 'VERB', 'VBG', p + 1, 'acl'],
      ['in', 'ADP', 'IN', p + 5, 'case'],
      ['Rome', 'PROPN', 'NNP', p + 3, 'obl'],
    );
  }
  return rows;
}

describe('udToStanford on very long sentences', () => {
  // Each pass once scanned every word for a word's dependents: quadratic, ~16 s
  // for the 100,000-word sentence of a 200 kB text without punctuation.
  it('converts a 100,000-word sentence as it converts a short one, without a quadratic pass', { timeout: 5_000 }, () => {
    const unit = 6;
    const short = udToStanford(sentence(longSentence(2)));
    const long = udToStanford(sentence(longSentence(100_000 / unit)));
    // the second unit of the short sentence, with heads relative to the unit's start (or the root word)
    const pattern = (t: { heads: readonly number[]; deprels: readonly string[] }, start: number): string[] =>
      Array.from({ length: unit }, (_, k) => {
        const h = t.heads[start + k];
        return `${t.deprels[start + k]}:${h === 1 ? 'Dogs' : h - 1 - start}`;
      });
    const expected = pattern(short, 1 + unit);
    expect(expected).toEqual(['cc:Dogs', 'nn:2', 'conj:Dogs', 'vmod:2', 'prep:3', 'pobj:4']);
    for (const start of [1, 1 + unit, 1 + 5_000 * unit, long.heads.length - unit]) expect(pattern(long, start)).toEqual(expected);
  });
});

describe('docToStanford', () => {
  it('converts each sentence of a doc in place, with doc-level head indices', () => {
    const rows: Row[] = [
      ['Stop', 'VERB', 'VB', 0, 'root'],
      ['.', 'PUNCT', '.', 1, 'punct'],
      ['It', 'PRON', 'PRP', 2, 'nsubj'],
      ['sat', 'VERB', 'VBD', 0, 'root'],
      ['on', 'ADP', 'IN', 4, 'case'],
      ['mats', 'NOUN', 'NNS', 2, 'obl'],
    ];
    // doc-level UD heads: sentence 2 starts at token 2
    const doc = {
      tokens: rows.map((r) => r[0]),
      sentStart: [0, 2],
      sentEnd: [2, 6],
      upos: rows.map((r) => r[1]),
      xpos: rows.map((r) => r[2]),
      head: [-1, 0, 3, -1, 5, 3],
      deprel: rows.map((r) => r[4]),
    };
    const t = docToStanford(doc);
    expect(Array.from(t.head)).toEqual([-1, 0, 3, -1, 3, 4]);
    expect(t.deprel).toEqual(['root', 'punct', 'nsubj', 'root', 'prep', 'pobj']);
  });
});
