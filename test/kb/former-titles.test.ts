import { describe, expect, it } from 'vitest';
import type { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('former-');
const titles = (kb: KbWriter) => (kb.db.prepare('SELECT title FROM entities ORDER BY id').all() as { title: string }[]).map((r) => r.title);

describe('former titles at KB build', () => {
  it('a title met with the mid of an entity stored under another title finds that entity later', () => {
    const kb = newWriter();
    const myanmar = kb.upsert({ title: 'Myanmar', mid: '/m/04xn_', qid: 'Q836' });
    // AIDA 2010: "Burma" with the same mid; then a source that knows only the title.
    expect(kb.upsert({ title: 'Burma', mid: '/m/04xn_' })).toBe(myanmar);
    expect(kb.upsert({ title: 'Burma', popularity: 10141 })).toBe(myanmar);
    expect(titles(kb)).toEqual(['Myanmar']);
    expect(kb.formerTitleCount).toBe(1);
  });
  it('a title alone does not redirect, and an existing entity of that title is kept apart', () => {
    const kb = newWriter();
    const a = kb.upsert({ title: 'Headingley' });
    const b = kb.upsert({ title: 'Headingley_Stadium', mid: '/m/062_1g' });
    expect(kb.upsert({ title: 'Headingley', mid: '/m/062_1g' })).toBe(b);
    expect(kb.upsert({ title: 'Headingley' })).toBe(a);
    expect(kb.formerTitleCount).toBe(0);
  });
});

describe('acronymOf (acronym aliases at KB build)', () => {
  it('takes the initials of 3-6 capitalized words, function words skipped', async () => {
    const { acronymOf } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(acronymOf('Irish Republican Army')).toBe('IRA');
    expect(acronymOf('National League for Democracy')).toBe('NLD');
    expect(acronymOf('Advanced Micro Devices')).toBe('AMD');
    expect(acronymOf('New York Stock Exchange (disambiguation)')).toBe('NYSE');
  });
  it('passes by short names, concepts (lower-case words) and names with other tokens', async () => {
    const { acronymOf } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(acronymOf('Bank of America')).toBeUndefined();
    expect(acronymOf('Gross domestic product')).toBeUndefined();
    expect(acronymOf('U.S. Steel 2000 Corp')).toBeUndefined();
    expect(acronymOf('A B C D E F G')).toBeUndefined();
  });
});

describe('Romanian cedilla and comma-below titles', () => {
  it('are one page at KB build, whichever spelling comes first', async () => {
    const { swapRomanianCommas } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(swapRomanianCommas('Chişinău')).toBe('Chișinău');
    expect(swapRomanianCommas('FC_Steaua_București')).toBe('FC_Steaua_Bucureşti');
    expect(swapRomanianCommas('London')).toBe('London');
    const kb = newWriter();
    const id = kb.upsert({ title: 'Chişinău', mid: '/m/0fn77' });
    expect(kb.upsert({ title: 'Chișinău', popularity: 465 })).toBe(id);
    expect(titles(kb)).toEqual(['Chişinău']);
  });
});

describe('umlaut-free spellings (English news: Moellenbeck, Haessler)', () => {
  it('transliterates umlauts and ß', async () => {
    const { withoutUmlauts } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(withoutUmlauts('Michael Möllenbeck')).toBe('Michael Moellenbeck');
    expect(withoutUmlauts('Thomas Häßler')).toBe('Thomas Haessler');
    expect(withoutUmlauts('Überlingen')).toBe('Ueberlingen');
    expect(withoutUmlauts('Zürich')).toBe('Zuerich');
    expect(withoutUmlauts('Paris')).toBe('Paris');
  });
});

describe('short organisation names', () => {
  it('drops a legal form and a leading "The", and puts a ministry head first', async () => {
    const { shortOrganisationNames } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(shortOrganisationNames('Dow_Chemical_Company')).toEqual(['Dow Chemical']);
    expect(shortOrganisationNames('The_Coca-Cola_Company')).toEqual(['Coca-Cola']);
    expect(shortOrganisationNames('United_States_Department_of_Agriculture')).toEqual([
      'Agriculture Department',
      'U.S. Agriculture Department',
      'U.S. Department of Agriculture',
      'Department of Agriculture',
    ]);
    expect(shortOrganisationNames('Ministry_of_Defence')).toEqual(['Defence Ministry']);
  });
  it('names a federal body of the United States as American text does: "U.S. …", a department without the country', async () => {
    const { shortOrganisationNames } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(shortOrganisationNames('United_States_Department_of_Homeland_Security')).toEqual(['U.S. Department of Homeland Security', 'Department of Homeland Security']);
    expect(shortOrganisationNames('United_States_Air_Force')).toEqual(['U.S. Air Force']);
    expect(shortOrganisationNames('United_States_Court_of_Appeals_for_the_Ninth_Circuit')).toEqual(['U.S. Court of Appeals for the Ninth Circuit']);
    // Not a body's name: lower-case words, a comma, a disambiguator.
    expect(shortOrganisationNames('United_States_Senate_elections,_2010')).toEqual([]);
    expect(shortOrganisationNames('United_States_Open_(squash)')).toEqual([]);
  });
  it('leaves one-word, disambiguated and other titles alone', async () => {
    const { shortOrganisationNames } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(shortOrganisationNames('Company')).toEqual([]);
    expect(shortOrganisationNames('Ford_Motor_Company_(disambiguation)')).toEqual([]);
    expect(shortOrganisationNames('Department_of_Trade_and_Industry')).toEqual([]);
    expect(shortOrganisationNames('London')).toEqual([]);
  });
});

describe('Arabic names without their article', () => {
  it('drops al-/el- before a capitalized part, nothing else', async () => {
    const { withoutArabicArticle } = await import('../../src/linking/kb-build/kb-writer.js');
    expect(withoutArabicArticle('Muammar al-Gaddafi')).toBe('Muammar Gaddafi');
    expect(withoutArabicArticle('Abdel Fattah el-Sisi')).toBe('Abdel Fattah Sisi');
    expect(withoutArabicArticle('Anne-Marie Duff')).toBe('Anne-Marie Duff');
    expect(withoutArabicArticle('Al-Ahly')).toBe('Al-Ahly');
  });
});
