/**
 * AIDA train's clubs without a class: an organisation that linked text names only in sports reports is a
 * SportsTeam (so a club's name in a text without sport, "rents in Newcastle", is no link to the club), while
 * leagues and governing bodies named there, and organisations named elsewhere too, stay organisations.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { addAidaTrain, isSportsReport, readsAsClub } from '../../src/linking/kb-build/sources.js';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('sports-teams-');
const data = mkdtempSync(join(tmpdir(), 'sports-teams-data-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

/** Documents of [token, NER tag, title?]; a title makes the token a one-token mention. */
type Doc = [string, string, string?][];
function writeAida(docs: Doc[]): void {
  const aida: string[] = [];
  const conll: string[] = [];
  docs.forEach((d, i) => {
    aida.push(`-DOCSTART- (${i + 1} X)`);
    conll.push('-DOCSTART- -X- O O', '');
    for (const [token, tag, title] of d) {
      aida.push(title ? [token, 'B', token, title, `http://en.wikipedia.org/wiki/${title}`, '1', ''].join('\t') : token);
      conll.push(`${token} NN I-NP ${tag}`);
    }
    aida.push('');
    conll.push('');
  });
  mkdirSync(join(data, 'aida-conll'), { recursive: true });
  mkdirSync(join(data, 'conll2003'), { recursive: true });
  writeFileSync(join(data, 'aida-conll', 'AIDA-YAGO2-dataset.train.tsv'), aida.join('\n'));
  writeFileSync(join(data, 'conll2003', 'eng.train'), conll.join('\n'));
}

describe('organisations named only in sports reports', () => {
  it('reads a sport in the headline, any case', () => {
    expect(isSportsReport(['RUGBY', 'LEAGUE', '-', 'WIGAN', 'WIN', '.', 'soccer'])).toBe(true);
    expect(isSportsReport(['Rugby', 'league-Australian', 'rugby', 'league', 'results'])).toBe(true);
    // a sport after the headline's full stop says nothing of the report
    expect(isSportsReport(['SHELL', 'PROFITS', 'UP', '.', 'The', 'football', 'club'])).toBe(false);
  });

  it('takes leagues, cups, bodies and events for no club', () => {
    expect(readsAsClub('Newcastle_Knights')).toBe(true);
    expect(readsAsClub('FK_Zemun')).toBe(true);
    for (const t of ['National_League_West', 'Ryder_Cup', 'UEFA_Champions_League', 'Association_of_Tennis_Professionals', 'British_Masters', 'Rugby_league']) {
      expect(readsAsClub(t), t).toBe(false);
    }
  });

  it('types a club SportsTeam, a league and a company named elsewhere Organisation', () => {
    const sport: Doc = [['RUGBY', 'O'], ['LEAGUE', 'O'], ['-', 'O'], ['Newcastle', 'I-ORG', 'Newcastle_Knights'], ['won', 'O'], ['in', 'O'], ['Super', 'I-ORG', 'Super_League'], ['.', 'O']];
    const business: Doc = [['SHELL', 'I-ORG', 'Royal_Dutch_Shell'], ['PROFITS', 'O'], ['.', 'O']];
    const sponsor: Doc = [['SOCCER', 'O'], ['-', 'O'], ['Shell', 'I-ORG', 'Royal_Dutch_Shell'], ['sponsors', 'O'], ['.', 'O']];
    writeAida([sport, sport, business, sponsor, sponsor]);
    const kb = newWriter();
    addAidaTrain(kb, data, () => {});
    const classes = (title: string) => JSON.parse((kb.db.prepare('SELECT dbpedia FROM entities WHERE title = ?').get(title) as { dbpedia: string }).dbpedia) as string[];
    expect(classes('Newcastle_Knights')).toEqual(['SportsTeam']);
    expect(classes('Super_League')).toEqual(['Organisation']);
    expect(classes('Royal_Dutch_Shell')).toEqual(['Organisation']);
  });

  it('needs two mentions: one report is no evidence', () => {
    writeAida([[['CRICKET', 'O'], ['-', 'O'], ['Acme', 'I-ORG', 'Acme_Sponsors'], ['.', 'O']]]);
    const kb = newWriter();
    addAidaTrain(kb, data, () => {});
    expect((kb.db.prepare('SELECT dbpedia FROM entities WHERE title = ?').get('Acme_Sponsors') as { dbpedia: string }).dbpedia).toBe('["Organisation"]');
  });
});
