/**
 * Browser side of the transformer-NER seam. The option names a model
 * directory on disk, which a page has no way to read, so it is refused with a
 * 400 when the analyzer is created instead of pulling transformers.js and
 * node:fs into the bundle.
 */
import { badRequest, type AnalysisError } from '../../errors.js';

const OPTION = 'ner.transformers';

function unavailable(dir: string): AnalysisError {
  return badRequest(
    `${OPTION} ${dir}: a transformer NER model directory is read from the file system, which is not available in a browser; use the shipped NER there`,
    OPTION,
  );
}

export function readModelDir(dir: string): never {
  throw unavailable(dir);
}

export async function importTransformers(): Promise<never> {
  throw badRequest(`${OPTION}: a transformer NER model runs only in Node, not in a browser; use the shipped NER there`, OPTION);
}
