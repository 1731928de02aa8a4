/**
 * Two naming conventions the benchmarks outside AIDA share: a town followed
 * by its state or province is one mention of the town ("Boston,
 * Massachusetts"; src/linking/place-region.ts), and a plural demonym names the people, not the country
 * ("the Americans captured 100 soldiers"). Run on the shipped KB, ranker
 * and NER.
 */
import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('towns with their state, peoples by their plural (shipped KB, ranker and NER)', () => {
  const entities = useShippedEntities();

  it('reads a place named with its country as a place of that country, or as no namesake elsewhere', async () => {
    const greece = await entities('OLYMPIA, Greece -- A brilliant idea, taking the shot put back to the birthplace of the Olympic Games.');
    expect(greece.some((e) => e.entityId === 'Olympia,_Washington')).toBe(false);
    expect(greece.some((e) => e.entityId === 'Greece')).toBe(true);
    // a country inside another (England's towns give the United Kingdom), and a historical state, change nothing
    const england = await entities('LONDON, England -- Chelsea beat Arsenal 2-1 in the league on Saturday.');
    expect(england.some((e) => e.entityId === 'London')).toBe(true);
    const empire = await entities('Zsigmondy was born in Vienna, Austrian Empire, to Hungarian parents.');
    expect(empire.some((e) => e.entityId === 'Vienna')).toBe(true);
  });

  it('reads "Boston, Massachusetts" as one mention of Boston', async () => {
    const ents = await entities('She was born in Boston, Massachusetts, and studied law at Harvard.');
    const boston = ents.find((e) => e.entityId === 'Boston');
    expect(boston?.matchedText).toBe('Boston, Massachusetts');
    expect(boston?.wikidataId).toBe('Q100');
    expect(ents.some((e) => e.entityId === 'Massachusetts')).toBe(false);
  });

  it('joins a name and the place after its comma that the KB knows together as one name ("Trinity College, Cambridge")', async () => {
    const ents = await entities('He studied physics at Trinity College, Cambridge, before the war.');
    const college = ents.find((e) => e.entityId === 'Trinity_College,_Cambridge');
    expect(college?.matchedText).toBe('Trinity College, Cambridge');
    expect(ents.some((e) => e.matchedText === 'Cambridge')).toBe(false);
    // the name alone left silent (Jesus College, Oxford ranks first): its candidate that both names name
    const jesus = await entities('He enrolled at Jesus College, Cambridge, graduating in 1937.');
    expect(jesus.find((e) => e.matchedText === 'Jesus College, Cambridge')?.entityId).toBe('Jesus_College,_Cambridge');
    // a name the KB does not know with the place after it: the tagger's mention as before
    const harvard = await entities('She lectured at Harvard University, Boston, for a year.');
    expect(harvard.find((e) => e.entityId === 'Harvard_University')?.matchedText).toBe('Harvard University');
  });

  it('joins a town titled with its state ("Long_Beach,_California")', async () => {
    const ents = await entities('The company is based in Long Beach, California.');
    const town = ents.find((e) => e.entityId === 'Long_Beach,_California');
    expect(town?.matchedText).toBe('Long Beach, California');
    expect(ents.some((e) => e.entityId === 'California')).toBe(false);
  });

  it('takes the town the state names, not the likelier namesake ("Springfield, Illinois")', async () => {
    const ents = await entities('He designed stained glass in Springfield, Illinois.');
    const town = ents.find((e) => e.matchedText === 'Springfield, Illinois');
    expect(town?.entityId).toBe('Springfield,_Illinois');
    expect(ents.some((e) => e.entityId === 'Springfield,_Massachusetts' || e.entityId === 'Illinois')).toBe(false);
  });

  it('joins a state written out in full even when the state alone is not linked ("Cedar Rapids, Iowa")', async () => {
    const ents = await entities('He was in private practice in Cedar Rapids, Iowa from 1959 to 1965.');
    const town = ents.find((e) => e.entityId === 'Cedar_Rapids,_Iowa');
    expect(town?.matchedText).toBe('Cedar Rapids, Iowa');
    expect(ents.some((e) => e.entityId === 'Iowa')).toBe(false);
  });

  it('joins a town whose province only the city list names ("Brantford, Ontario": P131 from dr5hn\'s state code)', async () => {
    const ents = await entities('Polillo was born in Brantford, Ontario, and moved to Toronto in 1950.');
    const town = ents.find((e) => e.matchedText === 'Brantford, Ontario');
    expect(town?.wikidataId).toBe('Q34180');
    expect(ents.some((e) => e.entityId === 'Ontario')).toBe(false);
  });

  it('joins a city that is also its county ("Athens, Georgia": a City and an AdministrativeRegion), not the likelier Athens', async () => {
    const ents = await entities('The band formed in Athens, Georgia, in 1980.');
    const town = ents.find((e) => e.matchedText === 'Athens, Georgia');
    expect(town?.entityId).toBe('Athens,_Georgia');
    expect(town?.wikidataId).toBe('Q203263');
    expect(ents.some((e) => e.entityId === 'Athens' || e.entityId === 'Georgia_(U.S._state)')).toBe(false);
  });

  it('reads the town named once with its state wherever the document names it alone ("Norfolk" after "Norfolk, Virginia")', async () => {
    // English places in between pull "Norfolk" alone towards the English county.
    const ents = await entities(
      'The destroyer operated out of Norfolk, Virginia during the spring of 1945. She then escorted convoys from England to Norway and spent two years in the Mediterranean. She called at Gibraltar, Malta and Naples, and trained with British ships off Plymouth. In 1950 she departed Norfolk for duty with the 6th Fleet. She returned to Norfolk 27 February 1965.',
    );
    const norfolk = ents.filter((e) => e.matchedText.startsWith('Norfolk'));
    expect(norfolk.map((e) => e.matchedText)).toEqual(['Norfolk, Virginia', 'Norfolk', 'Norfolk']);
    for (const e of norfolk) expect(e.entityId).toBe('Norfolk,_Virginia');
  });

  it('leaves a town unlinked when its only namesake lies in another state ("Parkersburg, Iowa")', async () => {
    const ents = await entities('Born in Parkersburg, Iowa, Harold Duane Vietor was in the U.S. Navy.');
    expect(ents.some((e) => e.entityId === 'Parkersburg,_West_Virginia')).toBe(false);
  });

  it('keeps a dateline\'s town and state as two mentions, as wire copy annotates them', async () => {
    const ents = await entities('IRVINE, Calif 1996-08-22 Shares of the company rose.');
    expect(ents.find((e) => e.entityId === 'Irvine,_California')?.matchedText).toBe('IRVINE');
    expect(ents.find((e) => e.entityId === 'California')?.matchedText).toBe('Calif');
  });

  it('keeps the town\'s own name when the state\'s abbreviation is not linked ("Portland, OR")', async () => {
    const ents = await entities('Playing a show in Portland, OR at 9:00 PM today');
    expect(ents.find((e) => e.entityId === 'Portland,_Oregon')?.matchedText).toBe('Portland');
  });

  it('keeps a town and its country as two mentions', async () => {
    const ents = await entities('He moved from Paris, France to Lyon in 1990.');
    expect(ents.find((e) => e.entityId === 'Paris')?.matchedText).toBe('Paris');
    expect(ents.find((e) => e.entityId === 'France')?.matchedText).toBe('France');
  });

  it('keeps a list of neighbouring states as a list', async () => {
    const ents = await entities('Storms hit Ohio, Michigan and Indiana on Tuesday.');
    expect(ents.find((e) => e.entityId === 'Ohio')?.matchedText).toBe('Ohio');
    expect(ents.find((e) => e.entityId === 'Michigan')?.matchedText).toBe('Michigan');
  });

  it('links a plural demonym to the people, not to the country', async () => {
    const ents = await entities('In the confused retreat, the Americans captured 100 soldiers and the Germans retreated.');
    expect(ents.find((e) => e.matchedText === 'Americans')?.wikidataId).toBe('Q846570');
    expect(ents.find((e) => e.matchedText === 'Germans')?.wikidataId).toBe('Q42884');
    expect(ents.some((e) => e.entityId === 'United_States' || e.entityId === 'Germany')).toBe(false);
  });
});
