/** The NER the eval commands score: a transformer model directory (--ner-model) or the shipped model. */
import type { MentionRecognizer } from '../annotators/ner.js';
import type { Backend } from '../models/onnx-runner.js';
import type { ResourceLoader } from '../resources/loader.js';
import { packNerDir } from '../language-packs/ner.js';
import { languagePack } from '../language-packs/packs.js';

/**
 * language: ISO 639-2; a language with a pack reads its pack's model (models/<code>/ner/), any other the
 * English one. A language pack without an NER model is an error that names the missing file.
 */
export async function loadMentionRecognizer(nerModel: string | undefined, loader: () => ResourceLoader, backend: Backend = 'node', language = 'eng'): Promise<MentionRecognizer> {
  if (nerModel !== undefined) return (await import('../annotators/transformer-ner.js')).loadTransformerRecognizer(nerModel);
  const pack = languagePack(language);
  return (await import('../annotators/ner.js')).loadEntityRecognizer(loader(), { backend, ...(pack ? { dir: packNerDir(pack) } : {}) });
}
