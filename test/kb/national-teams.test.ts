import { describe, expect, it } from 'vitest';
import { nationalTeamCountry } from '../../src/linking/kb-build/kb-writer.js';

describe('nationalTeamCountry (national teams named by their country)', () => {
  it('reads the country of national teams of any sport, age group or gender', () => {
    expect(nationalTeamCountry('Japan_national_football_team')).toBe('Japan');
    expect(nationalTeamCountry("United_States_men's_national_soccer_team")).toBe('United States');
    expect(nationalTeamCountry('Romania_national_under-21_football_team')).toBe('Romania');
    expect(nationalTeamCountry('South_Africa_national_rugby_union_team')).toBe('South Africa');
    expect(nationalTeamCountry('England_cricket_team')).toBe('England');
    expect(nationalTeamCountry('Spain_Fed_Cup_team')).toBe('Spain');
  });
  it('gives nothing for clubs, franchises and other titles', () => {
    expect(nationalTeamCountry('Leeds_United_A.F.C.')).toBeUndefined();
    expect(nationalTeamCountry('Chicago_Bulls')).toBeUndefined();
    expect(nationalTeamCountry('China_(Superleague_Formula_team)')).toBeUndefined();
    expect(nationalTeamCountry('national_team')).toBeUndefined();
  });
});
