import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { ReferenceSynsetStore } from './synsets-reference.js';
import { SynsetRelations } from '../../src/semantics/relations.js';
import { decodeWeights, indexVocab, listVocabulary, packedWeights, parseVocab } from '../../src/semantics/wsd-weights.js';

// The compact store (bytes and typed-array indexes) against the store built as Maps and strings
// (synsets-reference.ts) on the shipped WordNet files: every lemma, every word that begins a multiword
// lemma, and every 11th synset's id, name, members and sense keys.
const file = (name: string) => gunzipSync(readFileSync(`${defaultModelsDir}senses/${name}`)).toString('utf8');
const synsetsTsv = file('synsets.tsv.gz');
const indexTsv = file('index.tsv.gz');
const apartTsv = readFileSync(`${defaultModelsDir}senses/multiwords-apart.tsv`, 'utf8');
let compact: SynsetStore;
let reference: ReferenceSynsetStore;
beforeAll(() => {
  compact = SynsetStore.fromText(synsetsTsv, indexTsv, apartTsv);
  reference = ReferenceSynsetStore.fromText(synsetsTsv, indexTsv, apartTsv);
});

const POS: WordNetPos[] = ['n', 'v', 'a', 'r'];
const plain = (senses: { synsets: Int32Array; tagCounts: Float32Array } | undefined) => senses && { synsets: Array.from(senses.synsets), tagCounts: Array.from(senses.tagCounts) };

describe('compact synset store', () => {
  it('answers every lemma and multiword start as the Map-built store', () => {
    const words = new Set<string>();
    for (const line of indexTsv.split('\n')) {
      const lemma = line.split('\t')[0];
      if (!lemma) continue;
      words.add(lemma);
      const underscore = lemma.indexOf('_');
      if (underscore > 0) words.add(lemma.slice(0, underscore));
    }
    expect(words.size).toBeGreaterThan(150_000);
    let mismatches = 0;
    for (const word of words) {
      const a = compact.entry(word);
      const b = reference.entry(word);
      const same =
        a !== undefined &&
        b !== undefined &&
        POS.every((p) => JSON.stringify(plain(a[p])) === JSON.stringify(plain(b[p]))) &&
        JSON.stringify([...(a.seconds ?? [])].sort()) === JSON.stringify([...(b.seconds ?? [])].sort()) &&
        JSON.stringify([...(a.longSeconds ?? [])].sort()) === JSON.stringify([...(b.longSeconds ?? [])].sort());
      if (!same) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('finds nothing for words WordNet lacks, and reads spaced or capitalized lemmas as the reference', () => {
    for (const word of ['', 'the', 'zzyzx', 'ice_', '_cream', 'café', 'ice cream', 'Ice_Cream', 'naïve', '\u{1F600}']) {
      expect(compact.entry(word) === undefined).toBe(reference.entry(word) === undefined);
      for (const p of POS) expect(plain(compact.senses(word, p))).toEqual(plain(reference.senses(word, p)));
    }
    expect(compact.entry('zzyzx')).toBeUndefined();
    expect(plain(compact.senses('Ice Cream', 'n'))).toEqual(plain(reference.senses('ice_cream', 'n')));
  });

  it('keeps an entry the same object while cached (the sense model caches by its arrays)', () => {
    expect(compact.sensesOf('bank', 'n')).toBe(compact.sensesOf('bank', 'n'));
    expect(compact.entry('ice')?.seconds?.has('cream')).toBe(true);
  });

  it('decodes synset ids, names, members and sense keys as the reference', () => {
    expect(compact.size).toBe(reference.size);
    expect(compact.ids.length).toBe(reference.ids.length);
    for (let s = 0; s < reference.size; s += 11) {
      expect(compact.id(s)).toBe(reference.ids[s]);
      expect(compact.posLetter(s)).toBe(reference.posLetter(s));
      expect(compact.name(s)).toBe(reference.name(s));
      const members = reference.members(s);
      expect(compact.members(s)).toEqual(members);
      for (const [lemma] of members) expect(compact.senseKey(lemma, s)).toBe(reference.senseKey(lemma, s));
    }
    expect(compact.senseKey('bank', compact.sensesOf('bank', 'n')!.synsets[0])).toBe('bank%1:17:01::');
  });

  it('names every member by its place in the list of all members, and finds senses without keeping entries', () => {
    const store = SynsetStore.fromText(synsetsTsv, indexTsv, apartTsv);
    const offsets = store.memberOffsets();
    let wrong = 0;
    // Backwards, so that a member is often asked for before the rest of its synset.
    for (let s = store.size - 1; s >= 0; s -= 7) {
      const members = reference.members(s);
      if (offsets[s + 1] - offsets[s] !== members.length) wrong++;
      for (let m = members.length - 1; m >= 0; m--) if (store.memberLemma(offsets[s] + m) !== members[m][0]) wrong++;
    }
    expect(wrong).toBe(0);
    expect(store.memberLemma(offsets[store.size] - 1)).toBe(reference.members(store.size - 1).at(-1)![0]);
    for (const word of ['bank', 'Bank', 'New_York', 'new york', 'ice cream', 'zzyzx', 'profits', 'naïve']) {
      for (const p of POS) expect(plain(store.lookupSenses(word, p))).toEqual(plain(reference.senses(word, p)));
    }
    // Looked up, not kept: the cached entry made later is a new object, and lookups read it once it exists.
    expect(store.lookupSenses('bank', 'n')).not.toBe(store.lookupSenses('bank', 'n'));
    const kept = store.sensesOf('bank', 'n');
    expect(store.lookupSenses('bank', 'n')).toBe(kept);
  });

  it('keeps its caches under their budgets, dropping what was not used again, with the same answers', () => {
    const budget = { entries: 64 * 1024, names: 8 * 1024, members: 16 * 1024 };
    const small = SynsetStore.fromText(synsetsTsv, indexTsv, apartTsv, budget);
    const words = indexTsv.split('\n', 30_000).filter((_, i) => i % 7 === 0).map((line) => line.split('\t')[0]);
    let wrong = 0;
    let most = { entries: 0, names: 0, members: 0 };
    // Twice over: the second pass reads again what the first one's turnovers dropped.
    for (let pass = 0; pass < 2; pass++) {
      for (const word of words) {
        for (const p of POS) if (JSON.stringify(plain(small.sensesOf(word, p))) !== JSON.stringify(plain(compact.sensesOf(word, p)))) wrong++;
        const synset = compact.sensesOf(word, 'n')?.synsets[0] ?? compact.sensesOf(word, 'v')?.synsets[0];
        if (synset !== undefined && (small.name(synset) !== compact.name(synset) || JSON.stringify(small.members(synset)) !== JSON.stringify(compact.members(synset)))) wrong++;
        const held = small.cachedBytes;
        most = { entries: Math.max(most.entries, held.entries), names: Math.max(most.names, held.names), members: Math.max(most.members, held.members) };
      }
    }
    expect(wrong).toBe(0);
    expect(most.entries).toBeLessThanOrEqual(budget.entries);
    expect(most.names).toBeLessThanOrEqual(budget.names);
    expect(most.members).toBeLessThanOrEqual(budget.members);
    // It did fill them (the words asked for are far more than the budgets hold), and a word used again stays the same object.
    expect(most.entries).toBeGreaterThan(budget.entries / 4);
    expect(small.sensesOf('bank', 'n')).toBe(small.sensesOf('bank', 'n'));
  });

  it('reads apart the multiword lemmas the reference reads apart', () => {
    for (const line of apartTsv.split('\n').filter(Boolean)) {
      const [lemma, pos] = line.split('\t') as [string, WordNetPos];
      expect(compact.readApart(lemma, pos)).toBe(reference.readApart(lemma, pos));
    }
  });
});

describe('feature vocabulary read in its bytes', () => {
  it('gives every feature the id and background count of the list parser, and -1 to unknown features', () => {
    const bytes = gunzipSync(readFileSync(`${defaultModelsDir}senses/wsd-vocab.txt.gz`));
    const listed = parseVocab(bytes.toString('utf8'));
    const indexed = indexVocab(new Uint8Array(bytes));
    expect(indexed.vocab.size).toBe(listed.vocab.length);
    expect(Array.from(indexed.background)).toEqual(Array.from(listed.background));
    let wrong = 0;
    listed.vocab.forEach((feature, i) => {
      if (indexed.vocab.id(feature) !== i) wrong++;
    });
    expect(wrong).toBe(0);
    for (const unknown of ['', 'zzyzx-not-a-feature', '\u{1F600}', `${listed.vocab[0]} `]) expect(indexed.vocab.id(unknown)).toBe(listVocabulary(listed.vocab).id(unknown));
  });

  it('refuses a file that repeats a feature', () => {
    expect(() => indexVocab(new TextEncoder().encode('a\t1\nb\t2\na\t3\n'))).toThrow(/line 3 repeats a feature/);
  });
});

describe('sense weights read in place', () => {
  it('give every synset the feature ids, counts and mass the decoded arrays give', () => {
    const bytes = new Uint8Array(readFileSync(`${defaultModelsDir}senses/wsd-weights.bin`));
    const decoded = decodeWeights(bytes);
    const packed = packedWeights(bytes);
    expect(Array.from(packed.start)).toEqual(Array.from(decoded.start));
    expect(Array.from(packed.mass)).toEqual(Array.from(decoded.mass));
    const total = decoded.feature.length;
    const feature = new Uint32Array(total + 1);
    const count = new Uint16Array(total + 1);
    // Each synset written at an offset of one, so a synset that wrote at its own start would show.
    for (let s = 0; s < packed.mass.length; s++) packed.read(s, feature, count, decoded.start[s] + 1);
    expect(Buffer.from(feature.buffer, 4).equals(Buffer.from(decoded.feature.buffer))).toBe(true);
    expect(Buffer.from(count.buffer, 2).equals(Buffer.from(decoded.count.buffer))).toBe(true);
  });

  it('refuse a file whose feature stream does not match its entry count', () => {
    const bytes = new Uint8Array(readFileSync(`${defaultModelsDir}senses/wsd-weights.bin`));
    const cut = bytes.slice();
    new DataView(cut.buffer).setUint32(12, new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true) + 1, true);
    expect(() => packedWeights(cut)).toThrow(/length mismatch/);
  });
});

describe('relations held as typed arrays', () => {
  it('give every synset the lists and hyponyms the text gives (split as the old loader split it)', () => {
    const text = gunzipSync(readFileSync(`${defaultModelsDir}senses/relations.tsv.gz`)).toString('utf8');
    const relations = SynsetRelations.fromText(text);
    const lines = text.split('\n');
    const hyponyms = new Map<number, number[]>();
    const keys = ['hypernyms', 'similar', 'entails', 'causes', 'alsoSee', 'verbGroup'] as const;
    let wrong = 0;
    lines.forEach((line, s) => {
      const columns = line.split('\t').map((c) => (c === '' ? [] : c.split(' ').map(Number)));
      const links = relations.links(s);
      if (keys.some((k, c) => JSON.stringify(links[k]) !== JSON.stringify(columns[c] ?? []))) wrong++;
      for (const h of columns[0] ?? []) hyponyms.set(h, [...(hyponyms.get(h) ?? []), s]);
    });
    expect(wrong).toBe(0);
    for (let s = 0; s < lines.length + 2; s++) if (JSON.stringify([...relations.hyponyms(s)]) !== JSON.stringify(hyponyms.get(s) ?? [])) wrong++;
    expect(wrong).toBe(0);
    expect(relations.links(lines.length + 5).hypernyms).toEqual([]);
    // The same lists as views (list), for every 5th synset and past the end.
    for (let s = 0; s < lines.length + 2; s += 5) for (const k of keys) if (JSON.stringify([...relations.list(s, k)]) !== JSON.stringify(relations.links(s)[k])) wrong++;
    expect(wrong).toBe(0);
  });

  it('refuses a line with other characters', () => {
    expect(() => SynsetRelations.fromText('1 2\t3\nx\n')).toThrow(/line 2/);
  });
});
