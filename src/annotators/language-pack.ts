/**
 * A language pack's words annotator: UPOS tags from the pack's tagger
 * (the English tagger's runtime, src/annotators/tagger.ts, over
 * `models/<code>/`), lemmas from its lemma table, Snowball stems. It writes
 * doc.upos, doc.lemma, doc.stem, and doc.xpos = the UPOS tags: these
 * languages have no Penn tags, so `partOfSpeech` reports UPOS.
 */
import snowball from 'snowball-stemmers';
import type { Doc } from '../doc/doc.js';
import type { Backend } from '../models/ort-types.js';
import type { ResourceLoader } from '../resources/loader.js';
import { gunzipText } from '../semantics/gzip.js';
import { boundedMemo } from '../lexicon/memo.js';
import type { Annotator } from './annotator.js';
import { loadPosTagger } from './tagger.js';
import { lemmatize, type LemmaTable } from '../language-packs/lemmas.js';
import type { LanguagePack } from '../language-packs/packs.js';

/** Tokens without a letter (punctuation, numbers, symbols) are their own stem. */
const HAS_LETTER = /\p{L}/u;
/** Word forms whose stems are remembered (Zipf: running text repeats its words). */
const STEM_CACHE = 100_000;

export async function loadLemmaTable(loader: ResourceLoader, pack: LanguagePack): Promise<LemmaTable> {
  return JSON.parse(await gunzipText(await loader.bytes(`${pack.code}/lemmas.json.gz`))) as LemmaTable;
}

/** The Snowball stem of a lower-cased word; a token with no letter is returned as is. */
export function snowballStemmer(pack: LanguagePack): (word: string) => string {
  const stemmer = snowball.newStemmer(pack.snowball);
  return boundedMemo((word: string) => (HAS_LETTER.test(word) ? stemmer.stem(word.toLowerCase()) : word), STEM_CACHE);
}

export async function createPackWords(loader: ResourceLoader, pack: LanguagePack, opts: { backend?: Backend } = {}): Promise<Annotator> {
  const [tagger, table] = await Promise.all([loadPosTagger(loader, { backend: opts.backend, dir: pack.code }), loadLemmaTable(loader, pack)]);
  const stem = snowballStemmer(pack);
  return {
    async run(doc: Doc) {
      const sentences: string[][] = [];
      for (let s = 0; s < doc.sentenceCount; s++) sentences.push(doc.tokens.slice(doc.sentStart[s], doc.sentEnd[s]));
      const tags = await tagger.tagSentences(sentences);
      const upos = new Array<string>(doc.length);
      tags.forEach((t, s) => {
        const start = doc.sentStart[s];
        for (let i = 0; i < t.upos.length; i++) upos[start + i] = t.upos[i]!;
      });
      doc.upos = upos;
      doc.xpos = upos.slice();
      doc.lemma = doc.tokens.map((w, i) => lemmatize(table, w, upos[i]!));
      doc.stem = doc.tokens.map(stem);
    },
  };
}
