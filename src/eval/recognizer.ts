/** The NER the eval commands score: a transformer model directory (--ner-model) or the shipped model. */
import type { MentionRecognizer } from '../annotators/ner.js';
import type { Backend } from '../models/onnx-runner.js';
import type { ResourceLoader } from '../resources/loader.js';

export async function loadMentionRecognizer(nerModel: string | undefined, loader: () => ResourceLoader, backend: Backend = 'node'): Promise<MentionRecognizer> {
  if (nerModel !== undefined) return (await import('../annotators/transformer-ner.js')).loadTransformerRecognizer(nerModel);
  return (await import('../annotators/ner.js')).loadEntityRecognizer(loader(), { backend });
}
