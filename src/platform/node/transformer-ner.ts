/**
 * Node side of the transformer-NER seam: a local Hugging Face model
 * directory, read from the file system and run by transformers.js.
 */
export { checkTransformerModelDir } from '../../annotators/transformer-model-dir.js';
export { createTransformerNer, loadTransformerRecognizer } from '../../annotators/transformer-ner.js';
