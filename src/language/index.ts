/** Language of the analyzed text: detection and the caller's override. */
export {
  detectLanguage,
  normalizeLanguageCode,
  CANDIDATE_LANGUAGES,
  CONFIDENCE,
  THRESHOLDS,
  UNDETERMINED,
  type DetectedLanguage,
  type DetectionBasis,
} from './detect.js';
export { languageEvidence, type Evidence } from './evidence.js';
export { WORD_MODEL_LANGUAGES } from './word-model.js';
export { toIso6392, francCodeToIso6392 } from './iso639.js';
