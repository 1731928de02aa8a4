/** Writes a trained classifier to a directory (Node only: CLI and training). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrainedClassifier } from './train.js';

export function saveClassifier(dir: string, trained: TrainedClassifier): void {
  mkdirSync(dir, { recursive: true });
  const { meta, weights } = trained.classifier.serialize(trained.hashes);
  writeFileSync(join(dir, 'weights.bin'), weights);
  writeFileSync(join(dir, 'meta.json'), meta);
}
