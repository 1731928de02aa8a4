/**
 * The language packs: what textlens knows about a language other than
 * English, beyond tokens and sentences. A pack's models live in its own
 * folder of the models directory (`models/<code>/`: the UPOS tagger, the
 * lemma table), read through the resource loader only when a document in that
 * language arrives — a user who never analyses German never loads German, and
 * in a browser the same loader fetches `models/deu/…`.
 *
 * A pack gives the `words` layers (UPOS tags, lemmas, Snowball stems),
 * splits the language's contractions into syntactic words
 * (contractions.ts), splits sentences with its own boundary model
 * (sentences.ts), parses them into UD dependency trees with its own parser
 * (`models/<code>/parser/`, the English parser's runtime) and tags PER, LOC
 * and ORG names with its own NER (ner.ts), which the English linker links;
 * its noun phrases are read off the UD tree (src/structure/ud-noun-phrases.ts).
 * Senses, topics, relations and properties stay English-only.
 *
 * The packs' folders ship apart from the textlens package, each as
 * `textlens-<code>` (scripts/language-packs/pack.mjs); the Node file loader
 * finds an installed one (src/resources/file-loader.ts).
 */

export interface LanguagePack {
  /** ISO 639-2 code, as language detection reports it; also the models folder. */
  code: string;
  /** The Snowball algorithm's name (snowball-stemmers). */
  snowball: string;
}

export const LANGUAGE_PACKS: readonly LanguagePack[] = [
  { code: 'fra', snowball: 'french' },
  { code: 'por', snowball: 'portuguese' },
  { code: 'spa', snowball: 'spanish' },
  { code: 'deu', snowball: 'german' },
];

/** The pack of a language, if textlens has one. */
export function languagePack(code: string): LanguagePack | undefined {
  return LANGUAGE_PACKS.find((p) => p.code === code);
}

/** The files a pack's words annotator reads, under the models directory. */
export function packResources(pack: LanguagePack): string[] {
  return [`${pack.code}/tagger.onnx`, `${pack.code}/meta.json`, `${pack.code}/lemmas.json.gz`];
}

/** The folder of a pack's UD parser under the models directory (the English parser's files: parser.onnx, meta.json). */
export function packParserDir(pack: LanguagePack): string {
  return `${pack.code}/parser`;
}

/** The files a pack's parser reads, under the models directory. */
export function packParserResources(pack: LanguagePack): string[] {
  return [`${packParserDir(pack)}/parser.onnx`, `${packParserDir(pack)}/meta.json`];
}
