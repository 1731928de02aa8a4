/**
 * One sense per discourse (src/semantics/one-sense-per-discourse.ts): each
 * occurrence's posterior combined with the other occurrences' of its lemma in
 * the document. Off in the shipped model (no gain on dev: see the model
 * card); checked here with a weight set on the committed model.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileLoader } from '../../src/resources/file-loader.js';
import { DEFAULT_DISCOURSE_EPSILON, shareSensesInDiscourse, type DiscourseTarget } from '../../src/semantics/one-sense-per-discourse.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';

let shipped: WsdModel;
let on: WsdModel;
beforeAll(async () => {
  shipped = await WsdModel.load(fileLoader());
  on = shipped.withParams({ ...shipped.params, byPos: { ...shipped.params.byPos, n: { ...shipped.params.byPos?.n, lambdaDiscourse: 1 } } });
}, 60_000);

const BANK = { synsets: Int32Array.of(10, 11) };
const SHORE = { synsets: Int32Array.of(20, 21) };
const target = (senses: { synsets: Int32Array }, pos: DiscourseTarget['pos'] = 'n'): DiscourseTarget => ({ pos, senses });

/** values and offsets for two-sense targets. */
function layout(...ps: number[][]): { values: Float64Array; offsets: Int32Array } {
  const offsets = new Int32Array(ps.length + 1);
  ps.forEach((p, k) => (offsets[k + 1] = offsets[k] + p.length));
  return { values: Float64Array.from(ps.flat()), offsets };
}

describe('one sense per discourse', () => {
  it('is off in the shipped model: nothing changes', () => {
    expect(shipped.readsDiscourse()).toBe(false);
    const { values, offsets } = layout([0.9, 0.1], [0.4, 0.6]);
    shareSensesInDiscourse(shipped, [target(BANK), target(BANK)], values, offsets);
    expect(Array.from(values)).toEqual([0.9, 0.1, 0.4, 0.6]);
  });

  it('adds λ · the other occurrence\'s log(p + ε) to each one\'s log-probabilities', () => {
    const { values, offsets } = layout([0.9, 0.1], [0.4, 0.6]);
    shareSensesInDiscourse(on, [target(BANK), target(BANK)], values, offsets);
    const e = DEFAULT_DISCOURSE_EPSILON;
    const b = [0.4 * (0.9 + e), 0.6 * (0.1 + e)];
    const a = [0.9 * (0.4 + e), 0.1 * (0.6 + e)];
    expect(values[0]).toBeCloseTo(a[0] / (a[0] + a[1]), 12);
    expect(values[2]).toBeCloseTo(b[0] / (b[0] + b[1]), 12);
    // The unsure occurrence now takes the confident one's sense.
    expect(values[2]).toBeGreaterThan(values[3]);
    expect(values[0] + values[1]).toBeCloseTo(1, 12);
  });

  it('averages over the other occurrences (three of them weigh as much as one)', () => {
    const one = layout([0.9, 0.1], [0.3, 0.7]);
    shareSensesInDiscourse(on, [target(BANK), target(BANK)], one.values, one.offsets);
    const three = layout([0.9, 0.1], [0.9, 0.1], [0.9, 0.1], [0.3, 0.7]);
    shareSensesInDiscourse(on, [target(BANK), target(BANK), target(BANK), target(BANK)], three.values, three.offsets);
    expect(three.values[6]).toBeCloseTo(one.values[2], 12);
  });

  it('leaves alone lone lemmas, other lemmas, other parts of speech and skipped targets', () => {
    const { values, offsets } = layout([0.9, 0.1], [0.4, 0.6], [0.2, 0.8], [0.5, 0.5]);
    // BANK as noun and as verb (verbs have no weight), SHORE once, and a skipped BANK noun.
    shareSensesInDiscourse(on, [target(BANK), target(BANK, 'v'), target(SHORE), target(BANK)], values, offsets, (k) => k === 3);
    expect(Array.from(values)).toEqual([0.9, 0.1, 0.4, 0.6, 0.2, 0.8, 0.5, 0.5]);
  });

  it('does not depend on the order of the targets', () => {
    const a = layout([0.9, 0.1], [0.4, 0.6], [0.2, 0.8]);
    shareSensesInDiscourse(on, [target(BANK), target(BANK), target(BANK)], a.values, a.offsets);
    const b = layout([0.2, 0.8], [0.9, 0.1], [0.4, 0.6]);
    shareSensesInDiscourse(on, [target(BANK), target(BANK), target(BANK)], b.values, b.offsets);
    expect(b.values[2]).toBeCloseTo(a.values[0], 12);
    expect(b.values[4]).toBeCloseTo(a.values[2], 12);
    expect(b.values[0]).toBeCloseTo(a.values[4], 12);
  });
});
