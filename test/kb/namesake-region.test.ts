import { describe, expect, it } from 'vitest';
import { popularityTerms, type PriorRow } from '../../src/linking/kb-build/kb-writer.js';
import { ontology } from './temp-kb-writer.js';

const row = (over: Partial<PriorRow>): PriorRow => ({ popularity: 0, label: '', title: null, qid: null, dbpedia: null, props: null, ...over });

/** The region's popularity share goes to the town of its name: the region's term is 0, the town's positive. */
function expectTownTakesShare(region: PriorRow, town: PriorRow): void {
  const [r, t] = popularityTerms([region, town], ontology);
  expect(r).toBe(0);
  expect(t).toBeGreaterThan(0);
}

describe("a town and the region named after it share the name's prior as the town's (KB build)", () => {
  it("gives the province's popularity share to its capital of the same name", () => {
    const city = row({ label: 'Tokushima', qid: 'Q207309', dbpedia: '["City"]', props: '{"P17":"Q17"}' });
    const prefecture = row({ label: 'Tokushima', qid: 'Q160734', popularity: 515, dbpedia: '["AdministrativeRegion"]', props: '{"P17":"Q17"}' });
    const terms = popularityTerms([prefecture, city], ontology);
    expect(terms[0]).toBe(0);
    expect(terms[1]).toBeCloseTo(Math.log1p(515));
  });

  it('reads a town whose transliteration writes the Arabic article ("An Najaf") as the region\'s namesake, not "Cebu City"', () => {
    const city = row({ label: 'An Najaf', qid: 'Q168193', dbpedia: '["City"]', props: '{"P17":"Q796","P131":"Q192882"}' });
    const governorate = row({ label: 'Najaf', qid: 'Q192882', dbpedia: '["AdministrativeRegion"]', props: '{"P17":"Q796"}' });
    expectTownTakesShare(governorate, city);
    const cebuCity = row({ label: 'Cebu City', qid: 'Q1467', popularity: 4194, dbpedia: '["City"]', props: '{"P17":"Q928","P131":"Q13786"}' });
    const cebu = row({ label: 'Cebu', qid: 'Q13786', popularity: 7449, dbpedia: '["AdministrativeRegion"]', props: '{"P17":"Q928"}' });
    expect(popularityTerms([cebu, cebuCity], ontology)).toEqual([Math.log1p(7449), Math.log1p(4194)]);
  });

  it('lets the town take the share where neither has popularity', () => {
    const city = row({ label: 'Catanzaro', qid: 'Q3883', dbpedia: '["City"]', props: '{"P17":"Q38"}' });
    const province = row({ label: 'Catanzaro', qid: 'Q16159', dbpedia: '["AdministrativeRegion"]', props: '{"P17":"Q38"}' });
    expectTownTakesShare(province, city);
  });

  it("leaves a region alone beside a town of its name in another country, a country or a state", () => {
    const county = row({ label: 'Devon', title: 'Devon', popularity: 3000, dbpedia: '["AdministrativeRegion"]', props: '{"P17":"Q145"}' });
    const alberta = row({ label: 'Devon', qid: 'Q21694695', dbpedia: '["City"]', props: '{"P17":"Q16"}' });
    expect(popularityTerms([county, alberta], ontology)).toEqual([Math.log1p(3000), 0]);
    const country = row({ label: 'Mexico', popularity: 9000, dbpedia: '["Country"]', props: '{"P17":"Q96"}' });
    const town = row({ label: 'Mexico', dbpedia: '["City"]', props: '{"P17":"Q96"}' });
    expect(popularityTerms([country, town], ontology)).toEqual([Math.log1p(9000), 0]);
  });
});
