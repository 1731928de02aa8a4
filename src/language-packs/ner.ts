/**
 * A language pack's named-entity model: the English NER's network, features
 * and CRF (src/annotators/ner.ts) trained on the language's data by
 * `npm run train -- ner-ud --lang <code>` (training/ner-ud/), in
 * `models/<code>/ner/` (ner.onnx, meta.json, lexicon.json — the English
 * model's files). Its mentions carry the English NER's labels (PER, LOC, ORG;
 * these models never tag MISC) and are linked by the English linker: the
 * knowledge base is English Wikipedia's, so a linked entity's entityId and
 * entityEnglishId are both the English title.
 */
import type { LanguagePack } from './packs.js';

/** The folder of a pack's NER model under the models directory. */
export function packNerDir(pack: LanguagePack): string {
  return `${pack.code}/ner`;
}

/** The files a pack's NER reads, under the models directory. */
export function packNerResources(pack: LanguagePack): string[] {
  const dir = packNerDir(pack);
  return [`${dir}/ner.onnx`, `${dir}/meta.json`, `${dir}/lexicon.json`];
}
