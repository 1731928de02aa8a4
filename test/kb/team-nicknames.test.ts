import { describe, expect, it } from 'vitest';
import { teamNickname } from '../../src/linking/kb-build/kb-writer.js';
import { hasScore } from '../../src/linking/evidence.js';

const PLACES = new Set(['Los Angeles', 'Toronto', 'Tampa', 'Kansas', 'Golden', 'Green Bay', 'Chicago', 'Philadelphia', 'New York']);
const isPlace = (name: string) => PLACES.has(name);

describe('teamNickname (a league team called by its nickname)', () => {
  it('reads the words after the longest leading place name', () => {
    expect(teamNickname('Los_Angeles_Lakers', isPlace)).toBe('Lakers');
    expect(teamNickname('Toronto_Blue_Jays', isPlace)).toBe('Blue Jays');
    expect(teamNickname('Green_Bay_Packers', isPlace)).toBe('Packers');
    expect(teamNickname('Philadelphia_76ers', isPlace)).toBe('76ers');
  });
  it('keeps "Bay", "State" and "City" with the place', () => {
    expect(teamNickname('Tampa_Bay_Rays', isPlace)).toBe('Rays');
    expect(teamNickname('Kansas_City_Chiefs', isPlace)).toBe('Chiefs');
    expect(teamNickname('Golden_State_Warriors', isPlace)).toBe('Warriors');
  });
  it('gives nothing without a place, with a parenthesis, lower-case words or a long tail', () => {
    expect(teamNickname('Montreal_Canadiens', isPlace)).toBeUndefined();
    expect(teamNickname('New_York_Yankees_(NFL)', isPlace)).toBeUndefined();
    expect(teamNickname('Chicago_Bears_football', isPlace)).toBeUndefined();
    expect(teamNickname('Chicago_White_Sox_Minor_League', isPlace)).toBeUndefined();
    expect(teamNickname('Chicago', isPlace)).toBeUndefined();
  });
});

describe('hasScore (a score as a word of sport)', () => {
  it('finds two numbers of up to three digits around a dash, as the tokenizer splits them', () => {
    expect(hasScore(['beat', 'the', 'Celtics', '110', '-', '102'])).toBe(true);
    expect(hasScore(['lost', '5', '–', '3'])).toBe(true);
  });
  it('does not take a season, a lone number or a dash between words for a score', () => {
    expect(hasScore(['the', '2019', '-', '20', 'season'])).toBe(false);
    expect(hasScore(['5', 'to', '3'])).toBe(false);
    expect(hasScore(['well', '-', 'known'])).toBe(false);
    expect(hasScore([])).toBe(false);
  });
});
