import { describe, expect, it } from 'vitest';
import { hasShippedKb, useShippedEntities } from './fixtures.js';

describe.skipIf(!hasShippedKb)('league teams called by their nicknames (shipped KB)', () => {
  const entities = useShippedEntities();
  const linked = async (text: string) => (await entities(text)).filter((e) => e.entityId).map((e) => `${e.matchedText}=${e.entityId}`);

  it('links a nickname in a report about sport', async () => {
    expect(await linked('Tom Brady threw three touchdown passes as the Buccaneers beat the Eagles in Philadelphia.')).toContain('Buccaneers=Tampa_Bay_Buccaneers');
    // A score is a word of sport: "beat" and "4-2" make this a match report.
    expect(await linked('The Oilers beat the Maple Leafs 4-2 in Toronto.')).toEqual(expect.arrayContaining(['Oilers=Edmonton_Oilers', 'Maple Leafs=Toronto_Maple_Leafs']));
  });

  it('reads a nickname the tagger calls a person as the team in a text about sport', async () => {
    expect(await linked('The Lakers beat the Celtics 110-102 on Sunday night behind 30 points from LeBron James.')).toContain('Lakers=Los_Angeles_Lakers');
    expect(await linked('Lakers is a word in a poem about lakes, not sport.')).toEqual([]);
  });

  it('reads a nickname the tagger calls a nationality (MISC) as the team in a text about sport', async () => {
    // The tagger reads "Celtics" as a people's name.
    expect(await linked('The Lakers beat the Celtics 110-102 behind 30 points from LeBron James.')).toContain('Celtics=Boston_Celtics');
    expect(await linked('The Celtics settled in Gaul and Britain long before Rome.')).not.toContain('Celtics=Boston_Celtics');
  });

  it('leaves a nickname that is also a band or a word alone outside sport', async () => {
    expect((await linked('The Eagles played Hotel California at the concert.')).some((x) => x.includes('Philadelphia_Eagles'))).toBe(false);
    expect(await linked('Our heat pumps use less power.')).toEqual([]);
  });

  it('reads a rugby union club by its town in a rugby report, and the town elsewhere', async () => {
    const report = await linked(
      'RUGBY UNION - ENGLISH CLUB RESULTS. Results of English rugby union matches on Saturday: Gloucester 19 Bristol 28, Northampton 46 Orrell 13, Bath 56 Sale 31.',
    );
    expect(report).toContain('Gloucester=Gloucester_Rugby');
    // the others are the club or silent: never the town or a football club
    expect(report.filter((x) => /^(Northampton|Bath)=/.test(x) && !/=(Northampton_Saints|Bath_Rugby)$/.test(x))).toEqual([]);
    expect(await linked('She grew up in Bath and studied in Leicester and Gloucester.')).toEqual(['Bath=Bath,_Somerset', 'Leicester=Leicester', 'Gloucester=Gloucester']);
  });

  it('names a competition without the body that runs it ("Champions League"), but no sport after a country\'s code', async () => {
    expect(await linked('Real Madrid beat Liverpool in the Champions League final.')).toContain('Champions League=UEFA_Champions_League');
    expect((await linked('He coached in the rugby league for years.')).some((x) => x.includes('USA_Rugby_League'))).toBe(false);
  });
});
