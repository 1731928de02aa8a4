/**
 * The document-domain term of word-sense disambiguation (src/semantics/wsd-domains.ts): the table's
 * codec and the shipped table, the document's domain profile and the term on a made-up table, and
 * the senses layer on a Unix manual, a sermon and a bank's leaflet (the committed models).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { layerDomainEvidence } from '../../src/semantics/domain-evidence.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { domainProfile, SenseDomains, weighDomains, type DomainTarget } from '../../src/semantics/wsd-domains.js';
import { WsdModel, type WsdParams } from '../../src/semantics/wsd-model.js';
import type { Word } from '../../src/types.js';
import { parseDomainDocument } from '../../training/senses/eval-domain.js';

/** A made-up table: synsets 0–1 computing, 2 religion, 3–5 no domain (5 inherits religion), 6 law + economy. */
function tinyDomains(): SenseDomains {
  const names = ['computer_science', 'economy', 'law', 'religion'];
  const first = Uint8Array.from([1, 1, 4, 0, 0, 0, 3]);
  const second = Uint8Array.from([0, 0, 0, 0, 0, 0, 2]);
  const inherited = Uint8Array.from([0, 0, 0, 0, 0, 4, 0]);
  return new SenseDomains(names, Float32Array.from([0.001, 0.01, 0.005, 0.005]), first, second, inherited);
}

/** What weighDomains reads of a model: its table and parameters. */
function stubModel(domains: SenseDomains, params: Partial<WsdParams>): WsdModel {
  const full = { alpha: 0.9, lambdaBag: 0.2, lambdaCol: 1, mu: 10, window: 0, ...params } as WsdParams;
  return {
    senseDomains: domains,
    params: full,
    readsDomains: () => true,
    paramsFor: () => full,
  } as unknown as WsdModel;
}

const target = (synsets: number[], tagCounts?: number[]): DomainTarget => ({
  pos: 'n',
  senses: { synsets: Int32Array.from(synsets), tagCounts: Float32Array.from(tagCounts ?? synsets.map(() => 0)) },
});

/** Targets and their probabilities laid out as the senses layer does (offsets into one array). */
function layout(list: Array<[DomainTarget, number[]]>): { targets: DomainTarget[]; values: Float64Array; offsets: Int32Array } {
  const offsets = new Int32Array(list.length + 1);
  list.forEach(([t], k) => (offsets[k + 1] = offsets[k] + t.senses.synsets.length));
  const values = new Float64Array(offsets[list.length]);
  list.forEach(([, p], k) => values.set(p, offsets[k]));
  return { targets: list.map(([t]) => t), values, offsets };
}

describe('the domains table', () => {
  it('round-trips through its file format', () => {
    const d = tinyDomains();
    const back = SenseDomains.decode(d.encode());
    expect(back.names).toEqual(d.names);
    expect([...back.background]).toEqual([...d.background]);
    expect([...back.first]).toEqual([...d.first]);
    expect([...back.second]).toEqual([...d.second]);
    expect([...back.inherited]).toEqual([...d.inherited]);
    expect(() => SenseDomains.decode(d.encode().subarray(0, 20))).toThrow(/WND1|bytes/);
  });

  it('ships basic domains for WordNet 3.0 synsets as typed arrays (three bytes a synset)', async () => {
    const loader = fileLoader();
    const [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
    const domains = model.senseDomains!;
    expect(domains.first).toBeInstanceOf(Uint8Array);
    expect(domains.first.length).toBe(store.size);
    const sense = (lemma: string, name: string): number => [...store.senses(lemma, 'n')!.synsets].find((s) => store.name(s) === name)!;
    expect(domains.domainsOf(sense('c', 'c.n.09'))).toEqual(['computer_science']);
    expect(domains.domainsOf(sense('cd', 'cadmium.n.01'))).toEqual(['chemistry']);
    // Generic labels are no domain: degree_centigrade is metrology, in the factotum class.
    expect(domains.domainsOf(sense('c', 'degree_centigrade.n.01'))).toEqual([]);
    // The evil spirit has no label of its own; its hypernym belief.n.01 is religion.
    const devil = sense('daemon', 'devil.n.02');
    expect(domains.domainsOf(devil)).toEqual([]);
    expect(domains.names[domains.inherited[devil] - 1]).toBe('religion');
    expect(domains.background[domains.indexOf('computer_science')]).toBeLessThan(0.002);
  }, 30_000);
});

describe('the document profile and the domain term', () => {
  it('sums each target’s posterior over its senses’ domains, half to each of two, skipping silent targets', () => {
    const d = tinyDomains();
    const { targets, values, offsets } = layout([
      [target([0]), [1]],
      [target([1, 3]), [0.5, 0.5]],
      [target([6]), [1]],
      [target([2]), [1]],
    ]);
    const p = domainProfile(d, targets, values, offsets, (k) => k === 3);
    expect(p.total).toBe(3);
    expect([...p.counts]).toEqual([1.5, 0.5, 0.5, 0]);
    // The term's pass sums the same profile in its own loop.
    const pass = weighDomains(stubModel(d, { lambdaDomain: 1 }), targets, Float64Array.from(values), offsets, (k) => k === 3)!;
    expect(pass.profile.total).toBe(3);
    expect([...pass.profile.counts]).toEqual([...p.counts]);
    const withEvidence = domainProfile(d, targets, values, offsets, undefined, { counts: Float64Array.from([2, 0, 0, 0]), total: 2 });
    expect(withEvidence.total).toBe(6);
    expect(withEvidence.counts[0]).toBe(3.5);
  });

  it('raises the sense in the document’s domain, leaves a text about nothing alone and never counts a word for itself', () => {
    const d = tinyDomains();
    const model = stubModel(d, { lambdaDomain: 1, domainKappa: 5 });
    // Eight computing words, then an ambiguous word (computing sense 1 vs everyday sense 3, prior 0.2 / 0.8).
    const computing = Array.from({ length: 8 }, () => [target([0]), [1]] as [DomainTarget, number[]]);
    const doc = layout([...computing, [target([1, 3]), [0.2, 0.8]]]);
    weighDomains(model, doc.targets, doc.values, doc.offsets);
    const at = doc.offsets[8];
    expect(doc.values[at]).toBeGreaterThan(0.5);
    expect(doc.values[at] + doc.values[at + 1]).toBeCloseTo(1, 12);
    // The same word in a text of everyday words keeps its prior.
    const everyday = Array.from({ length: 8 }, () => [target([4]), [1]] as [DomainTarget, number[]]);
    const plain = layout([...everyday, [target([1, 3]), [0.2, 0.8]]]);
    weighDomains(model, plain.targets, plain.values, plain.offsets);
    expect(plain.values[plain.offsets[8]]).toBeCloseTo(0.2, 12);
    // Twenty occurrences of one ambiguous word do not make the document about their domain.
    // (one lemma: one candidate list, as the synset store hands out)
    const word = target([1, 3]);
    const alone = layout(Array.from({ length: 20 }, () => [word, [0.2, 0.8]] as [DomainTarget, number[]]));
    weighDomains(model, alone.targets, alone.values, alone.offsets);
    expect(alone.values[0]).toBeCloseTo(0.2, 12);
  });

  it('marks a rare noun none of whose senses belongs in a document clearly about another domain', () => {
    const d = tinyDomains();
    const model = stubModel(d, { lambdaDomain: 1, domainKappa: 5, domainWithhold: 2 });
    const computing = (): Array<[DomainTarget, number[]]> => Array.from({ length: 12 }, () => [target([0]), [1]] as [DomainTarget, number[]]);
    const foreignOf = (word: DomainTarget): number => {
      const doc = layout([...computing(), [word, [0.5, 0.5]]]);
      const result = weighDomains(model, doc.targets, doc.values, doc.offsets)!;
      expect(result.top).toBeGreaterThan(2);
      return result.foreign![12];
    };
    // Senses 2 (religion) and 5 (no domain of its own, inherits religion): foreign.
    expect(foreignOf(target([2, 5]))).toBe(1);
    // A sense of everyday use (4: no domain, inherits none) keeps the word.
    expect(foreignOf(target([2, 4]))).toBe(0);
    // So does common English (five SemCor tags).
    expect(foreignOf(target([2, 5], [4, 1]))).toBe(0);
    // And a document about nothing in particular tests nothing.
    const everyday = layout([...Array.from({ length: 12 }, () => [target([4]), [1]] as [DomainTarget, number[]]), [target([2, 5]), [0.5, 0.5]]]);
    expect(weighDomains(model, everyday.targets, everyday.values, everyday.offsets)!.foreign).toBeUndefined();
  });

  it('reads the linked entities’ types and the top-level topics as evidence', () => {
    const d = tinyDomains();
    const entity = { start: 0, end: 6, entityId: 'Linux', type: ['Software', 'Work'], kbTwoTypes: [], confidenceScore: 1, relevanceScore: 1, data: {} };
    const unlinked = { ...entity, entityId: undefined };
    const topic = { id: 'medtop:02000000', label: 'crime, law and justice', score: 0.4, mediaTopicId: 'medtop:02000000' };
    const e = layerDomainEvidence(d, [entity, unlinked], [topic])!;
    expect(e.counts[d.indexOf('computer_science')]).toBe(1);
    expect(e.counts[d.indexOf('law')]).toBeCloseTo(2, 12);
    expect(e.total).toBeCloseTo(3, 12);
    expect(layerDomainEvidence(d, undefined, [])).toBeUndefined();
  });
});

describe('senses in a domain', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  }, 60_000);

  async function words(text: string): Promise<Word[]> {
    const r = await analyzer.analyze(text, { extractors: 'words,senses', languageOverride: 'eng' });
    return (r.response?.sentences ?? []).flatMap((s) => s.words);
  }
  const top = (w: Word | undefined): string | undefined => w?.senses?.[0]?.synset;

  it('reads a Unix document’s C as the language, and gives its daemons no sense rather than the devil', async () => {
    const { text } = parseDomainDocument(readFileSync(new URL('../fixtures/wsd-domain/computing-unix-daemons.txt', import.meta.url), 'utf8'));
    const ws = await words(text);
    const daemons = ws.filter((w) => /^daemons?$/i.test(w.token));
    expect(daemons.length).toBeGreaterThan(8);
    // WordNet 3.0 has no program sense of "daemon" (only the evil spirit and the demigod).
    for (const w of daemons) expect(w.senses).toBeUndefined();
    expect(top(ws.find((w) => w.token === 'C'))).toBe('c.n.09');
    expect(top(ws.find((w) => w.token === 'memory'))).toBe('memory.n.04');
    expect(top(ws.find((w) => w.token === 'directory'))).toBe('directory.n.02');
  }, 30_000);

  it('keeps a religious text’s daemon and a bank’s CD in their own senses', async () => {
    const religion = await words(
      'The ancient Greeks believed that every man had a daemon, a spirit between the gods and mortals that guided his soul. ' +
        'Later the church taught that each daemon was a devil, an evil spirit sent to tempt the faithful away from God and prayer.',
    );
    for (const w of religion.filter((x) => x.token === 'daemon')) expect(['devil.n.02', 'daemon.n.02']).toContain(top(w));
    const finance = await words(
      'The bank pays five percent interest on a one-year CD. Savers who deposit money in the bank earn interest, and the deposit is insured up to a limit. ' +
        'When rates fall, the bank lowers the yield on each new CD, and investors move their savings into bonds and stocks.',
    );
    for (const w of finance.filter((x) => x.token === 'CD')) expect(top(w)).toBe('certificate_of_deposit.n.01');
    for (const w of finance.filter((x) => x.token === 'bank')) expect(top(w)).toBe('depository_financial_institution.n.01');
  }, 30_000);
});
