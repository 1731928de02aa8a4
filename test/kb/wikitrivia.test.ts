import { describe, expect, it } from 'vitest';
import { keepsName, nameOfTitle, wikitriviaClass, type WordTests } from '../../src/linking/kb-build/wikitrivia.js';

const PERSON = new Set(['Person', 'Politician', 'Monarch', 'Scientist', 'Writer', 'Actor', 'MusicalArtist', 'Athlete']);
const isPerson = (c: string) => PERSON.has(c);
const words: WordTests = {
  everyday: (w) => ['home', 'help', 'wall', 'bad', 'blood', 'the'].includes(w),
  inWordNet: (w) => ['home', 'help', 'wall', 'bad', 'blood', 'the', 'vertigo', 'rebirth', 'stalingrad'].includes(w),
};

describe('wikitriviaClass (an item class from its deck and description)', () => {
  it("takes the deck's class, or the description's where the deck mixes kinds", () => {
    expect(wikitriviaClass(['technology-computing-languages'], 'Programming or computer language', isPerson)).toBe('ProgrammingLanguage');
    expect(wikitriviaClass(['business-media'], 'Newspaper in Los Angeles', isPerson)).toBe('Newspaper');
    expect(wikitriviaClass(['business-media'], 'Radio station', isPerson)).toBe('RadioStation');
    expect(wikitriviaClass(['engineering-aeroplanes'], 'Airline of Germany', isPerson)).toBe('Airline');
    expect(wikitriviaClass(['sport-teams'], 'NBA franchise in Chicago', isPerson)).toBe('BasketballTeam');
  });
  it("refines a person deck's class by the description, within Person only", () => {
    expect(wikitriviaClass(['people-famous-deaths-contemporary'], 'American actor', isPerson)).toBe('Actor');
    expect(wikitriviaClass(['leaders-politicians-europe-france'], '', isPerson)).toBe('Politician');
    // A description naming no person class keeps the deck's.
    expect(wikitriviaClass(['people-famous-deaths-modern'], 'Founder of a company', isPerson)).toBe('Person');
  });
  it('gives nothing for decks of concepts, and reads the next deck of an item in several', () => {
    expect(wikitriviaClass(['art-movements'], 'Art movement', isPerson)).toBeUndefined();
    expect(wikitriviaClass(['history-nations'], 'Dynasty', isPerson)).toBeUndefined();
    expect(wikitriviaClass(['art-movements', 'entertainment-films'], 'Film directed by X', isPerson)).toBe('Film');
  });
});

describe('nameOfTitle and keepsName (which names become aliases)', () => {
  it('reads the name from a page title without its disambiguator', () => {
    expect(nameOfTitle('All_Quiet_on_the_Western_Front_(1930_film)')).toBe('All Quiet on the Western Front');
    expect(nameOfTitle('Emmanuel_Macron')).toBe('Emmanuel Macron');
    expect(nameOfTitle('Brú_na_Bóinne')).toBe('Brú na Bóinne');
  });
  it('keeps names, but not one everyday word', () => {
    expect(keepsName('Emmanuel Macron', 'Politician', words)).toBe(true);
    expect(keepsName('Figma', 'Website', words)).toBe(true);
    expect(keepsName('Home', 'Company', words)).toBe(false);
  });
  it("keeps no work's name that is initials, a word WordNet knows, or two everyday words", () => {
    expect(keepsName('JFK', 'Film', words)).toBe(false);
    expect(keepsName('Vertigo', 'Film', words)).toBe(false);
    expect(keepsName('Stalingrad', 'Album', words)).toBe(false);
    expect(keepsName('The Wall', 'Album', words)).toBe(false);
    expect(keepsName('Bad Blood', 'Song', words)).toBe(false);
    expect(keepsName('Minecraft', 'VideoGame', words)).toBe(true);
    expect(keepsName('All Quiet on the Western Front', 'Film', words)).toBe(true);
    // The same names are kept for what is no work.
    expect(keepsName('Stalingrad', 'Settlement', words)).toBe(true);
    expect(keepsName('', 'Film', words)).toBe(false);
  });
});

describe("classFromKinds and readsAsPopular (the first version's items)", () => {
  it('types a person by the first listed occupation that names a class under Person', async () => {
    const { classFromKinds } = await import('../../src/linking/kb-build/wikitrivia.js');
    const isPersonClass = (c: string) => ['Person', 'Politician', 'Actor', 'MusicalArtist', 'Writer', 'Athlete'].includes(c);
    expect(classFromKinds(['human'], ['film actor', 'television producer'], isPersonClass)).toBe('Actor');
    // Without a description, only the first listed occupation counts: Wikidata lists them in no order of weight.
    expect(classFromKinds(['human'], ['painter', 'singer-songwriter'], isPersonClass)).toBe('Person');
    expect(classFromKinds(['human'], ['singer-songwriter', 'painter'], isPersonClass)).toBe('MusicalArtist');
    expect(classFromKinds(['human'], [], isPersonClass)).toBe('Person');
  });
  it("takes the occupation the person's description names first, else the first listed, else Person", async () => {
    const { classFromKinds } = await import('../../src/linking/kb-build/wikitrivia.js');
    const isPersonClass = (c: string) => ['Person', 'Politician', 'Actor', 'MusicalArtist', 'Writer', 'Athlete'].includes(c);
    // Elvis Presley: "film actor" is listed first, the description says singer first.
    expect(classFromKinds(['human'], ['film actor', 'rock singer', 'actor'], isPersonClass, 'American singer and actor (1935–1977)')).toBe('MusicalArtist');
    // "actress" names the actor.
    expect(classFromKinds(['human'], ['singer', 'film actor'], isPersonClass, 'British actress and singer')).toBe('Actor');
    // Bill Gates: no listed occupation with a class is in the description and the first has none.
    expect(classFromKinds(['human'], ['entrepreneur', 'programmer', 'bridge player', 'actor'], isPersonClass, 'American business magnate and philanthropist')).toBe('Person');
  });
  it('types other items by their instance-of labels, and leaves unknown kinds untyped', async () => {
    const { classFromKinds } = await import('../../src/linking/kb-build/wikitrivia.js');
    const none = () => false;
    expect(classFromKinds(['rock group'], [], none)).toBe('Band');
    expect(classFromKinds(['business'], [], none)).toBe('Company');
    expect(classFromKinds(['sovereign state', 'country'], [], none)).toBe('Country');
    expect(classFromKinds(['dynasty'], [], none)).toBeUndefined();
  });
  it('gives an item that is no human no class under Person, whatever a word of its kind names elsewhere', async () => {
    const { classFromKinds } = await import('../../src/linking/kb-build/wikitrivia.js');
    const { classForDescription } = await import('../../src/linking/kb-build/types.js');
    const isPersonClass = (c: string) => ['Person', 'Model', 'Athlete', 'Actor'].includes(c);
    // What the description rules make of the words alone: the reason for the rule.
    expect(isPersonClass(classForDescription('fashion model') ?? '')).toBe(true);
    expect(classFromKinds(['model series'], [], isPersonClass)).toBe('Device'); // MacBook Pro
    expect(classFromKinds(['computer model'], [], isPersonClass)).toBe('InformationAppliance');
    expect(classFromKinds(['automobile model series'], [], isPersonClass)).toBe('Automobile');
    expect(classFromKinds(['media player'], [], isPersonClass)).toBe('Software'); // iTunes
    expect(classFromKinds(['literary character', 'film character'], [], isPersonClass)).toBe('FictionalCharacter');
    expect(classFromKinds(['atom model'], [], isPersonClass)).toBeUndefined(); // Bohr model
    expect(classFromKinds(['naval officer rank'], [], isPersonClass)).toBeUndefined(); // Admiral
  });
  it('reads page views as popularity but for works, bands and one-word people', async () => {
    const { readsAsPopular } = await import('../../src/linking/kb-build/wikitrivia.js');
    const isPersonClass = (c: string) => c === 'Person' || c === 'Politician';
    expect(readsAsPopular('Politician', 'Emmanuel Macron', isPersonClass)).toBe(true);
    expect(readsAsPopular('Company', 'Spotify', isPersonClass)).toBe(true);
    expect(readsAsPopular('Film', 'Snatch', isPersonClass)).toBe(false);
    expect(readsAsPopular('Band', 'Eagles', isPersonClass)).toBe(false);
    expect(readsAsPopular('Person', 'Rachel', isPersonClass)).toBe(false);
    expect(readsAsPopular(undefined, 'Colosseum', isPersonClass)).toBe(true);
  });
});
