/**
 * A language pack's sentence splitter: the segmenter of src/doc/sentences.ts
 * (the same candidates, features and rules) over the pack's own boundary
 * model, `models/<code>/sentences/` (model.onnx, meta.json), trained by
 * `npm run train -- sentences --lang <code>` on the language's treebanks.
 * The English model learned EWT's conventions (web text, English
 * abbreviations); on Portuguese Bosque it found two thirds of the sentences.
 *
 * A language without a pack, or a pack whose folder has no sentence model,
 * gets the English segmenter.
 */
import { createSegmenter, type Segmenter, type SegmenterOptions } from '../doc/sentences.js';
import type { ResourceLoader } from '../resources/loader.js';
import { languagePack } from './packs.js';

/** Where the English segmenter reads its model; a pack's model has the same files under its own folder. */
const ENGLISH_DIR = 'sentences';

/** The folder of a language's sentence model in the models directory, if the language has a pack. */
export function packSentencesDir(language: string): string | undefined {
  const pack = languagePack(language);
  return pack ? `${pack.code}/${ENGLISH_DIR}` : undefined;
}

/** The loader, with `sentences/…` read from `dir/…`: the segmenter loads the pack's model where it loads the English one. */
function folderAs(loader: ResourceLoader, dir: string): ResourceLoader {
  const map = (path: string): string => (path.startsWith(`${ENGLISH_DIR}/`) ? dir + path.slice(ENGLISH_DIR.length) : path);
  const filePath = loader.filePath?.bind(loader);
  return {
    bytes: (path) => loader.bytes(map(path)),
    text: (path) => loader.text(map(path)),
    exists: (path) => loader.exists(map(path)),
    ...(filePath ? { filePath: (path: string) => filePath(map(path)) } : {}),
  };
}

/** Whether `language` has a sentence model of its own installed (else it is split by the English one). */
export async function hasPackSentences(loader: ResourceLoader, language: string): Promise<boolean> {
  const dir = packSentencesDir(language);
  return dir !== undefined && (await loader.exists(`${dir}/model.onnx`)) && (await loader.exists(`${dir}/meta.json`));
}

/** The segmenter for text in `language` (ISO 639-2): its pack's sentence model when installed, else the English one. */
export async function createLanguageSegmenter(loader: ResourceLoader, language: string, opts: SegmenterOptions = {}): Promise<Segmenter> {
  const dir = packSentencesDir(language);
  if (dir !== undefined && (await hasPackSentences(loader, language))) return createSegmenter(folderAs(loader, dir), opts);
  return createSegmenter(loader, opts);
}
