import { describe, expect, it } from 'vitest';
import { classForTitle, classForTitleHead, containingPlaceOf } from '../../src/linking/kb-build/types.js';

describe('classes from the form of a title (untyped KB entities)', () => {
  it("reads the head word that ends an English name", () => {
    expect(classForTitleHead('World_Bank')).toBe('Bank');
    expect(classForTitleHead('Kansai_International_Airport')).toBe('Airport');
    expect(classForTitleHead('Socialist_Party')).toBe('PoliticalParty');
  });
  it('reads a sport as the disambiguator: a player, a team named as a place, no class for a competition or a term', () => {
    const place = (name: string) => ['Texas', 'Cleveland'].includes(name);
    expect(classForTitle('Kenny_Rogers_(baseball)', place)).toBe('BaseballPlayer');
    expect(classForTitle('Li_Na_(tennis)', place)).toBe('TennisPlayer');
    expect(classForTitle('Jordan_Hill_(ice_hockey)', place)).toBe('IceHockeyPlayer');
    expect(classForTitle('Texas_Rangers_(baseball)', place)).toBe('BaseballTeam');
    expect(classForTitle('Cleveland_Indians_(ice_hockey)', place)).toBe('HockeyTeam');
    expect(classForTitle('F.C._Porto_(basketball)', place)).toBe('BasketballTeam');
    expect(classForTitle('Colorado_Rockies_(NHL)', place)).toBe('HockeyTeam');
    for (const t of ['Run_(baseball)', 'Center_(basketball)', 'US_Open_(tennis)', 'Hong_Kong_Open_(tennis)', 'German_Cup_(ice_hockey)', 'Pacific_Division_(NHL)']) {
      expect(classForTitle(t, place)).toBeUndefined();
    }
  });
  it("reads a side's bank as a river's, not a lender", () => {
    expect(classForTitleHead('West_Bank')).toBeUndefined();
    expect(classForTitleHead('Left_Bank')).toBeUndefined();
    expect(classForTitleHead('Western_Bank')).toBe('Bank');
  });
  it('reads the head before "of", "in" or "for", where the name goes on after it', () => {
    expect(classForTitleHead('Nobel_Prize_in_Physics')).toBe('Award');
    expect(classForTitleHead('Academy_Award_for_Best_Actor')).toBe('Award');
    expect(classForTitleHead('University_of_Baghdad')).toBe('University');
    expect(classForTitleHead('Battle_of_Passchendaele')).toBe('MilitaryConflict');
    expect(classForTitleHead('Communist_Party_of_India')).toBe('PoliticalParty');
    // The last word is no head here: the economy of a union is no trade union.
    expect(classForTitleHead('Economy_of_the_European_Union')).toBeUndefined();
    expect(classForTitleHead('Jordanian_occupation_of_the_West_Bank')).toBeUndefined();
  });
  it('says nothing for one-word titles, heads that come first, disambiguated titles and generic heads', () => {
    expect(classForTitleHead('Bank')).toBeUndefined();
    expect(classForTitleHead('Lake_Geneva')).toBeUndefined();
    expect(classForTitleHead('Labour_Party_(UK)')).toBeUndefined();
    expect(classForTitleHead('Grammy_Awards')).toBeUndefined();
    expect(classForTitleHead('Object_constructor')).toBeUndefined();
  });
  it('finds the region of a "Place,_Region" title', () => {
    expect(containingPlaceOf('Springfield,_Virginia')).toBe('Virginia');
    expect(containingPlaceOf('Washington,_D.C.')).toBe('D.C.');
    expect(containingPlaceOf('Lindsay_Davenport')).toBeUndefined();
    expect(containingPlaceOf('Smith,_jr.')).toBeUndefined();
  });
  it('reads a span of years as a life only on a title that reads as a person\'s name', () => {
    expect(classForTitle('Charles_Darwin_(1809–1882)')).toBe('Person');
    expect(classForTitle('Elisabeth_of_France_(1602–1644)')).toBe('Person');
    expect(classForTitle('Charles,_Duke_of_Berry_(1686–1714)')).toBe('Person');
    expect(classForTitle('Kingdom_of_Poland_(1385–1569)')).toBeUndefined();
    expect(classForTitle('Department_of_Transport_(1983–1987)')).toBeUndefined();
    expect(classForTitle('Bergen_Township,_New_Jersey_(1661–1862)')).toBeUndefined();
    expect(classForTitle('Viacom_(1971–2005)')).toBeUndefined();
    expect(classForTitle('Frontier_Airlines_(1950–1986)')).toBeUndefined();
    expect(classForTitle('The_Sun_(1893–1906)')).toBeUndefined();
    expect(classForTitle('Pennsylvania_Station_(1910–1963)')).toBeUndefined();
    // "(football)" titles a club's section or a position, not a footballer.
    expect(classForTitle('Galatasaray_S.K._(football)')).toBeUndefined();
    expect(classForTitle('Ireland_national_football_team_(1882–1950)')).toBeUndefined();
    expect(classForTitle('John_Smith_(footballer)')).toBe('SoccerPlayer');
  });
  it('reads what a disambiguator names: works, periodicals, species, rivers, scholars', () => {
    expect(classForTitle('House_(TV_series)')).toBe('TelevisionShow');
    expect(classForTitle('The_Invisible_Man_(1975_TV_series)')).toBe('TelevisionShow');
    expect(classForTitle('Diary_of_a_Chambermaid_(1964_film)')).toBe('Film');
    expect(classForTitle('Atlanta_(magazine)')).toBe('Magazine');
    expect(classForTitle('Chicago_(play)')).toBe('Play');
    expect(classForTitle('Jerusalem_(EP)')).toBe('Album');
    expect(classForTitle('Bahia_(genus)')).toBe('Species');
    expect(classForTitle('Thon_(river)')).toBe('River');
    expect(classForTitle('Charles_Taylor_(philosopher)')).toBe('Person');
    expect(classForTitle('Paris_(Texas)')).toBeUndefined();
  });
});
