/** Language of the analyzed text: detection and the caller's override. */
export {
  detectLanguage,
  normalizeLanguageCode,
  CANDIDATE_LANGUAGES,
  MIN_RELIABLE_LENGTH,
  RELIABLE_MARGIN,
  UNDETERMINED,
  type DetectedLanguage,
} from './detect.js';
export { toIso6392, francCodeToIso6392 } from './iso639.js';
