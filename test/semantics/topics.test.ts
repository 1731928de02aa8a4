import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { MediaTopics } from '../../src/semantics/mediatopics.js';
import { labelPhrases } from '../../src/semantics/fine-topics.js';
import { acceptedTopics, WORLD_TOPICS } from '../../src/semantics/dataset-labels.js';
import { agText } from '../../src/semantics/news-text.js';
import { ENTITY_TYPE_TOPICS, entityTypeQcodes } from '../../src/semantics/entity-type-topics.js';
import type { Topic } from '../../src/types.js';

let analyzer: Analyzer;
let taxonomy: MediaTopics;
beforeAll(async () => {
  analyzer = await createAnalyzer();
  taxonomy = await MediaTopics.load(fileLoader());
});

const SPORT = `Arsenal beat Chelsea 2-1 in the Premier League on Saturday. The football match was decided by a
late goal from the striker, and the coach praised his players after the game. The league title race
is now wide open, with three clubs level on points.`;
const ECONOMY = `Shares fell sharply on Wall Street after the central bank raised interest rates again. Investors
worry that inflation will hurt company profits, and the bank said the economy is slowing.`;

async function topicsOf(text: string, extra: Record<string, unknown> = {}) {
  const r = await analyzer.analyze({ text, extractors: 'topics', languageOverride: 'eng', ...extra });
  expect(r.ok).toBe(true);
  return { topics: r.response!.topics!, coarse: r.response!.coarseTopics!, message: r.message };
}

const coarseIds = (list: Topic[]) => list.map((t) => t.id);

function checkList(list: Topic[]): void {
  expect(new Set(list.map((t) => t.id)).size).toBe(list.length);
  for (let i = 0; i < list.length; i++) {
    expect(list[i].score).toBeGreaterThanOrEqual(0);
    expect(list[i].score).toBeLessThanOrEqual(1);
    if (i > 0) expect(list[i].score).toBeLessThanOrEqual(list[i - 1].score);
  }
}

describe('taxonomy', () => {
  it('has the 17 top-level concepts and a top for every concept', () => {
    expect(taxonomy.topLevel).toHaveLength(17);
    expect(taxonomy.get('medtop:04000000')!.label).toBe('economy, business and finance');
    for (const c of taxonomy.concepts) expect(taxonomy.get(taxonomy.top(c.qcode)!)!.level).toBe(1);
  });

  it('splits list-like labels into phrases', () => {
    expect(labelPhrases('crime, law and justice').map((p) => p.join(' '))).toEqual(['crime law and justice', 'crime', 'law', 'justice']);
    expect(labelPhrases('annual and special corporate meeting').map((p) => p.join(' '))).toEqual(['annual and special corporate meeting']);
    expect(labelPhrases('non-governmental organisation (NGO)').map((p) => p.join(' '))).toContain('ngo');
  });

  it('maps the dataset labels of the issue', () => {
    expect(acceptedTopics('sport')).toEqual(['medtop:15000000']);
    expect(acceptedTopics('World')).toBe(WORLD_TOPICS);
    expect(acceptedTopics('medtop:17000000')).toEqual(['medtop:17000000']);
    expect(acceptedTopics('nonsense')).toBeUndefined();
  });

  it('undoes the AG News CSV escapes', () => {
    expect(agText('Oil  #36;50 a barrel', 'quot;Record quot; high\\second line')).toBe('Oil $50 a barrel. "Record " high second line');
  });
});

describe('topics extractor', () => {
  it('gives sport as the top coarse topic of a football report, with fine topics and their ancestors', async () => {
    const { topics, coarse } = await topicsOf(SPORT);
    expect(coarse[0]).toMatchObject({ id: 'medtop:15000000', label: 'sport', mediaTopicId: 'medtop:15000000' });
    checkList(topics);
    checkList(coarse);
    const ids = new Set(topics.map((t) => t.id));
    const byId = new Map(topics.map((t) => [t.id, t]));
    for (const t of topics) {
      if (!t.mediaTopicId) continue;
      for (const a of taxonomy.ancestors(t.mediaTopicId)) {
        expect(ids.has(a)).toBe(true); // a topic implies its ancestors
        expect(byId.get(a)!.score).toBeGreaterThanOrEqual(t.score);
      }
    }
    expect(topics.some((t) => taxonomy.get(t.id) && taxonomy.get(t.id)!.level > 1)).toBe(true);
  });

  it('gives economy for a markets story and links concepts to their pages', async () => {
    const { coarse, topics } = await topicsOf(ECONOMY);
    expect(coarse[0].id).toBe('medtop:04000000');
    for (const t of topics) {
      if (t.wikiLink) expect(t.wikiLink).toMatch(/^https:\/\/en\.wikipedia\.org\/wiki\//);
      if (t.encyclopediaLink) expect(t.encyclopediaLink).toMatch(/^https:\/\/(en\.wikipedia|www\.wikidata)\.org\/wiki\//);
      if (t.wikidataId) expect(t.wikidataId).toMatch(/^Q\d+$/);
    }
  });

  it('handles a one-word text, astral characters and a very long text', async () => {
    const one = await topicsOf('Football');
    expect(one.coarse[0].id).toBe('medtop:15000000');
    const emoji = await topicsOf('⚽🏆 𝒜');
    expect(emoji.coarse).toEqual([]); // no word the model knows: nothing to say
    const long = await topicsOf(`${ECONOMY}\n\n`.repeat(400));
    expect(long.coarse[0].id).toBe('medtop:04000000');
  });

  it('counts entity types as evidence for fine topics only when entities are requested too', async () => {
    const text = 'Arsenal beat Chelsea 2-1 on Saturday. A late goal from the striker decided the game, and the coach praised his players.';
    const alone = await topicsOf(text);
    expect(alone.topics.map((t) => t.label)).not.toContain('football');
    const r = await analyzer.analyze({ text, extractors: 'topics,entities', languageOverride: 'eng' });
    const topics = r.response!.topics!;
    checkList(topics);
    expect(topics.find((t) => t.label === 'football')).toMatchObject({ mediaTopicId: 'medtop:20001065' });
    const clubs = topics.filter((t) => !t.mediaTopicId);
    expect(clubs.length).toBeGreaterThan(0); // linked entities as topics
    for (const t of clubs) expect(t.encyclopediaLink).toBeDefined();
    expect(coarseIds(r.response!.coarseTopics!)).toEqual(coarseIds(alone.coarse)); // coarse topics never depend on entities
  });

  it('resolves every label of the entity-type table to an IPTC concept', () => {
    const resolved = entityTypeQcodes(taxonomy);
    expect(resolved.size).toBe(Object.keys(ENTITY_TYPE_TOPICS).length);
  });

  it('skips non-English text with a message', async () => {
    const r = await analyzer.analyze({ text: 'Le match de football a été gagné par Lyon.', extractors: 'topics', languageOverride: 'fra' });
    expect(r.ok).toBe(true);
    expect(r.response!.topics).toBeUndefined();
    expect(r.message).toMatch(/topics: skipped/);
  });

  it('gives the caller\'s rules topic/2, topic_score/2, coarse_topic/2 and category/3', async () => {
    const rules = `sporty(L, S) :- coarse_topic(Id, L), topic_score(Id, S), S > 0.5.
cat(C) :- category(textlens_mediatopics, C, _).
fine(Id) :- topic(Id, _), \\+ coarse_topic(Id, _).`;
    const r = await analyzer.analyze({ text: SPORT, extractors: 'topics,sporty,cat,fine', rules, classifiers: 'textlens_mediatopics', languageOverride: 'eng' });
    expect(r.ok).toBe(true);
    const json = JSON.stringify(r.response!.matchingRules);
    expect(json).toContain('sport');
    expect(json).toContain('medtop:15000000');
    expect(r.response!.matchingRules!.find((m) => m.name === 'fine')).toBeDefined();
  });

  it('reads the word vectors: a weather forecast and a church service, words the news sets rarely show, get their own topic', async () => {
    // The n-grams alone gave politics and sport here (models/topics/MODEL_CARD.md, "Word vectors").
    const weather = await topicsOf('Expect heavy showers and gusty winds this afternoon, with temperatures falling to near freezing overnight and frost by morning.');
    expect(weather.coarse[0].label).toBe('weather');
    const church = await topicsOf('The congregation sang hymns at the Sunday service, and the priest spoke about prayer and forgiveness in his sermon.');
    expect(church.coarse[0].label).toBe('religion');
  });

  it('runs the built-in classifier through `classifiers` too', async () => {
    const r = await analyzer.analyze({ text: SPORT, classifiers: 'textlens_mediatopics', languageOverride: 'eng' });
    expect(r.response!.categories![0]).toMatchObject({ classifierId: 'textlens_mediatopics', categoryId: 'medtop:15000000', label: 'sport' });
    expect(r.response!.topics).toBeUndefined();
  });
});

describe('textlens eval topics', () => {
  it('scores the top coarse topic against mapped labels and ends with a name=value line', async () => {
    const { evalTopicsCommand } = await import('../../src/cli/classifier.js');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'textlens-topics-'));
    const data = join(dir, 'news.jsonl');
    writeFileSync(data, [JSON.stringify({ id: 'a', text: SPORT, categories: ['sport'] }), JSON.stringify({ id: 'b', text: ECONOMY, categories: ['medtop:04000000'] })].join('\n'));
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((t) => (out.push(String(t)), true));
    try {
      expect(await evalTopicsCommand(['--data', data])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('').trim().split('\n').pop()).toBe('documents=2 accuracy=100.00');
    writeFileSync(data, JSON.stringify({ id: 'c', text: 'x', categories: ['cooking'] }));
    await expect(evalTopicsCommand(['--data', data])).rejects.toThrow(/record 1 \(id c\)/);
    await expect(evalTopicsCommand(['--data', join(dir, 'absent.jsonl')])).rejects.toThrow(/no such file/);
    rmSync(dir, { recursive: true, force: true });
  });
});

// ../shared/data beside the checkout (TEXTLENS_DATA overrides, for worktrees elsewhere).
const news = process.env.TEXTLENS_DATA
  ? `${process.env.TEXTLENS_DATA}/news-topics/bbc-news.dev.jsonl.gz`
  : fileURLToPath(new URL('../../../shared/data/news-topics/bbc-news.dev.jsonl.gz', import.meta.url));
const reason = existsSync(news) ? '' : ` (skipped: ${news} is missing; it is in ../shared/data on the project machines)`;
describe.skipIf(!existsSync(news))(`topics on BBC News${reason}`, () => {
  it('puts the mapped section first for the first 100 articles (trained on them: a smoke test, not a measurement)', async () => {
    const { readLabelledJsonl } = await import('../../src/classify/data.js');
    const docs = readLabelledJsonl(news, { labelField: 'label' }).slice(0, 100);
    let right = 0;
    for (const d of docs) {
      const { coarse } = await topicsOf(d.text);
      if (acceptedTopics(d.labels[0])!.includes(coarse[0]?.id)) right++;
    }
    expect(right).toBeGreaterThanOrEqual(97);
  });
});
if (reason) console.warn(reason.trim());
