/**
 * What a request needs, derived from the annotator declarations: the layers
 * of each extractor and of a rule, the closure over requires/assigns, and
 * what happens when a layer's model is missing or the text is not English.
 */
import { describe, expect, it } from 'vitest';
import { createPlanner, EXTRACTOR_LAYERS, layersOf, RULE_LAYERS, wantedLayers, type WantedLayers } from '../../src/annotators/plan.js';
import type { AnnotatorConfig, Layer } from '../../src/annotators/annotator.js';
import type { ResourceLoader } from '../../src/resources/loader.js';
import { Doc } from '../../src/doc/doc.js';
import type { WarningCode } from '../../src/types.js';

const CONFIG: AnnotatorConfig = { backend: 'node', parser: 'accurate' };

/** A models directory that has every file except those under the given folders. */
function modelsWithout(...folders: string[]): ResourceLoader {
  const refuse = () => Promise.reject(new Error('the planner reads no model'));
  return { exists: async (p) => !folders.some((f) => p.startsWith(`${f}/`)), text: refuse, bytes: refuse };
}

const wanted = (required: Layer[], optional: Layer[] = []): WantedLayers => ({ required: new Set(required), optional: new Set(optional) });

async function plan(loader: ResourceLoader, w: WantedLayers, language = 'eng', present: Layer[] = []) {
  const warnings: [WarningCode, string][] = [];
  const steps = await createPlanner(loader, CONFIG).plan(w, language, (code, message) => warnings.push([code, message]), present);
  return { names: steps.map((s) => s.name), warnings };
}

describe('layers of the extractors, from the declarations', () => {
  it('are the ones each extractor always had', () => {
    expect(EXTRACTOR_LAYERS).toEqual({
      entities: { required: ['entities'], optional: [] },
      topics: { required: ['topics'], optional: [] },
      words: { required: [], optional: ['xpos', 'upos', 'lemma', 'stem'] },
      phrases: { required: ['phrases'], optional: [] },
      'dependency-trees': { required: ['deps'], optional: ['xpos', 'upos', 'lemma', 'stem'] },
      relations: { required: ['relations', 'properties'], optional: [] },
      entailments: { required: ['entailments'], optional: [] },
      senses: { required: ['senses'], optional: [] },
    });
  });

  it('a rule sees the word, tree, entity, phrase and property layers', () => {
    expect(RULE_LAYERS).toEqual(['xpos', 'upos', 'lemma', 'stem', 'deps', 'entities', 'phrases', 'properties']);
    const w = wantedLayers(['my_rule'], 'eng', false, () => {});
    expect([...w.required]).toEqual([]);
    expect([...w.optional]).toEqual(RULE_LAYERS);
  });

  it('demotes entities to optional for custom dictionaries on text in a language without a recognizer, with a warning', () => {
    const warnings: [WarningCode, string][] = [];
    const w = wantedLayers(['entities'], 'ita', true, (code, message) => warnings.push([code, message]));
    expect([...w.required]).toEqual([]);
    expect([...w.optional]).toEqual(['entities']);
    expect(warnings).toEqual([['language-unsupported', expect.stringContaining('only custom dictionary entities')]]);
    expect([...wantedLayers(['entities'], 'eng', true, () => {}).required]).toEqual(['entities']);
    // a language pack with an NER (src/language-packs/ner.ts) keeps them, as English does
    expect([...wantedLayers(['entities'], 'deu', true, () => {}).required]).toEqual(['entities']);
  });
});

describe('the plan', () => {
  it('runs the closure of what the layers require, in dependency order, and nothing else', async () => {
    expect((await plan(modelsWithout(), wanted([], ['stem']))).names).toEqual(['stemmer']);
    expect((await plan(modelsWithout(), wanted(['relations', 'properties']))).names).toEqual(['tagger', 'lemmatizer', 'parser', 'phrase-chunker', 'relations', 'properties']);
    expect((await plan(modelsWithout(), wanted(['entailments']))).names).toEqual(['tagger', 'lemmatizer', 'senses', 'entailments']);
  });

  it('takes the first installed annotator of a layer: the linker, else the NER mentions alone', async () => {
    expect((await plan(modelsWithout(), wanted(['entities']))).names).toEqual(['ner', 'linker']);
    expect((await plan(modelsWithout('kb'), wanted(['entities']))).names).toEqual(['ner', 'mention-entities']);
    expect((await plan(modelsWithout('chunker'), wanted(['phrases']))).names).toEqual(['tagger', 'parser', 'phrases']);
  });

  it('skips layers the Doc already carries', async () => {
    expect((await plan(modelsWithout(), wanted([], ['lemma']), 'eng', ['xpos', 'upos'])).names).toEqual(['lemmatizer']);
  });

  it('refuses a required layer whose model is missing on English text, and leaves out an optional one', async () => {
    await expect(plan(modelsWithout('senses'), wanted(['entailments']))).rejects.toMatchObject({ status: 400, message: expect.stringContaining('not installed') });
    expect((await plan(modelsWithout('tagger'), wanted([], ['xpos', 'upos', 'lemma', 'stem']))).names).toEqual(['stemmer']);
  });

  it('skips English-only layers on other text with warnings, naming the layers in the order they were asked for', async () => {
    const { names, warnings } = await plan(modelsWithout(), wantedLayers(['relations', 'words'], 'ita', false, () => {}), 'ita');
    expect(names).toEqual([]);
    expect(warnings).toEqual([
      ['language-unsupported', "Skipped relations, properties: these layers need English models, and the text's language is 'ita' (set languageOverride=eng to force English)."],
      ['layers-skipped', 'Language is not English: only tokens and sentences are produced (the tagger, lemmatizer and other models are English-only).'],
    ]);
  });

  it("gives a language with a pack its words layers from its own folder, and still skips the English-only ones", async () => {
    for (const lang of ['fra', 'por', 'spa', 'deu']) {
      const { names, warnings } = await plan(modelsWithout(), wantedLayers(['relations', 'words'], lang, false, () => {}), lang);
      expect(names).toEqual([`words-${lang}`]);
      expect(warnings).toEqual([
        ['language-unsupported', `Skipped relations, properties: these layers need English models, and the text's language is '${lang}' (set languageOverride=eng to force English).`],
      ]);
    }
    // dependency-trees: the words layers and the pack's own parser, never the English one
    expect((await plan(modelsWithout(), wantedLayers(['dependency-trees'], 'deu', false, () => {}), 'deu')).names).toEqual(['words-deu', 'parser-deu']);
    // without the pack's parser files: the words layers, and the tree is skipped with a message
    const noParser = await plan(modelsWithout('deu/parser'), wantedLayers(['dependency-trees'], 'deu', false, () => {}), 'deu');
    expect(noParser.names).toEqual(['words-deu']);
    expect(noParser.warnings).toEqual([['language-unsupported', expect.stringMatching(/^Skipped deps: /)]]);
    // A pack whose files are not installed: tokens and sentences only, and the warning says how to get the pack.
    const { names, warnings } = await plan(modelsWithout('fra'), wanted([], ['xpos', 'upos', 'lemma', 'stem']), 'fra');
    expect(names).toEqual([]);
    expect(warnings).toEqual([['layers-skipped', expect.stringMatching(/^Language is 'fra': only tokens and sentences .*npm install textlens-fra/)]]);
    const trees = await plan(modelsWithout('fra'), wantedLayers(['dependency-trees'], 'fra', false, () => {}), 'fra');
    expect(trees.warnings).toEqual([['language-unsupported', expect.stringMatching(/^Language is 'fra': only tokens .*npm install textlens-fra/)]]);
    // A language without a pack keeps the English-only message.
    expect((await plan(modelsWithout(), wanted([], ['xpos', 'upos', 'lemma', 'stem']), 'ita')).warnings).toEqual([
      ['layers-skipped', expect.stringMatching(/^Language is not English/)],
    ]);
    // English never takes a pack's annotator.
    expect((await plan(modelsWithout(), wanted([], ['xpos', 'upos', 'lemma', 'stem']))).names).toEqual(['tagger', 'lemmatizer', 'stemmer']);
  });

  it('runs an annotator that declares no languages on any text (topics skips other languages itself)', async () => {
    expect((await plan(modelsWithout(), wanted(['topics']), 'fra')).names).toEqual(['topics']);
  });

  it('lists the extractors whose required models are installed', async () => {
    const all = await createPlanner(modelsWithout(), CONFIG).availableExtractors();
    expect(all).toEqual(['entities', 'topics', 'words', 'phrases', 'dependency-trees', 'relations', 'entailments', 'senses']);
    const noParser = await createPlanner(modelsWithout('parser'), CONFIG).availableExtractors();
    expect(noParser).toEqual(['entities', 'topics', 'words', 'entailments', 'senses']);
  });
});

describe('layersOf', () => {
  it('names the layers a Doc carries, the base layers always', () => {
    const doc = new Doc('Dogs bark.', [{ start: 0, end: 4 }, { start: 5, end: 9 }, { start: 9, end: 10 }], [3]);
    expect(layersOf(doc)).toEqual(['tokens', 'sentences']);
    doc.xpos = ['NNS', 'VBP', '.'];
    doc.head = Int32Array.of(1, -1, 1);
    expect(layersOf(doc)).toEqual(['tokens', 'sentences', 'xpos']);
    doc.deprel = ['nsubj', 'root', 'punct'];
    doc.topics = [];
    expect(layersOf(doc)).toEqual(['tokens', 'sentences', 'xpos', 'deps']);
    doc.coarseTopics = [];
    expect(layersOf(doc)).toContain('topics');
  });
});
