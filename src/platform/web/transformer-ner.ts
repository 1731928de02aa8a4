/**
 * Browser side of the transformer-NER seam. The option names a model
 * directory on disk, which a page has no way to read, so it is refused with a
 * 400 when the analyzer is created instead of pulling transformers.js and
 * node:fs into the bundle.
 */
import { badRequest, type AnalysisError } from '../../errors.js';
import type { Annotator } from '../../annotators/annotator.js';

function unavailable(dir: string): AnalysisError {
  return badRequest(
    `ner.transformers ${dir}: a transformer NER model directory is read from the file system, which is not available in a browser; use the shipped NER there`,
    'ner.transformers',
  );
}

export function checkTransformerModelDir(dir: string): never {
  throw unavailable(dir);
}

export async function createTransformerNer(dir: string): Promise<Annotator> {
  throw unavailable(dir);
}

export async function loadTransformerRecognizer(dir: string): Promise<never> {
  throw unavailable(dir);
}
