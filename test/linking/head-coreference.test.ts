import { describe, expect, it } from 'vitest';
import { resolveHeadWords } from '../../src/linking/head-coreference.js';
import type { KbEntity } from '../../src/linking/knowledge-base.js';
import type { NameLink } from '../../src/linking/name-coreference.js';
import { kbEntity } from './fixtures.js';

/** An entity with a title and, where given, another label. */
const entity = (id: number, title: string, label?: string): KbEntity => ({ ...kbEntity(id, title, []), ...(label ? { label } : {}) });
const link = (e: KbEntity): NameLink => ({ entity: e, prior: 0.5, probability: 0.8 });

const pennState = entity(1, 'Pennsylvania_State_University');
const paris = entity(2, 'University_of_Paris');
const china = entity(3, 'China', "People's Republic of China");
const chinaDaily = entity(4, 'China_Daily');

describe('head words', () => {
  const tokens = 'the Penn State wiki : the University said that China and China Daily agree'.split(' ');
  const mentions = [
    { start: 1, end: 3, text: 'Penn State' },
    { start: 6, end: 7, text: 'University' },
    { start: 9, end: 10, text: 'China' },
    { start: 11, end: 13, text: 'China Daily' },
  ];

  it("reads a word of a longer name as the document's entity of that name", () => {
    const out = resolveHeadWords(tokens, mentions, [link(pennState), link(paris), link(china), link(chinaDaily)]);
    expect(out.map((l) => l?.entity.title)).toEqual(['Pennsylvania_State_University', 'Pennsylvania_State_University', 'China', 'China_Daily']);
  });

  it('leaves the link alone without exactly one such entity, and makes no new link', () => {
    const twoUniversities = [link(pennState), link(paris), undefined, link(entity(5, 'University_of_Oxford'))];
    const m2 = [...mentions.slice(0, 3), { start: 11, end: 13, text: 'Oxford University' }];
    expect(resolveHeadWords(tokens, m2, twoUniversities)[1]?.entity.title).toBe('University_of_Paris');
    expect(resolveHeadWords(tokens, mentions, [link(pennState), undefined, undefined, undefined])[1]).toBeUndefined();
  });
});
