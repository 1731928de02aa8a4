/**
 * textlens — offline, in-process text analysis.
 * The public surface, nothing else.
 */
export { analyze, createAnalyzer } from './library.js';
export type { Analyzer, AnalyzerConfig } from './analyzer.js';
export type { AnalyzeManyOptions, ManyInput, ManyResponse } from './analyze-many.js';
export { AnalysisError, isAnalysisError, type ErrorStatus } from './errors.js';
export { parseRequest, DEFAULT_EXTRACTORS, PARAMETER_NAMES, type AnalyzeRequest } from './request.js';
export { errorEnvelope } from './response.js';
export { render, renderElement, renderPage, RENDER_STYLES, type RenderOptions, type RenderStyle } from './render/index.js';
export type { ResourceLoader } from './resources/loader.js';
// fileLoader/defaultModelsDir: files in Node; in a browser, URL paths (#platform seam).
export { fileLoader, defaultModelsDir } from '#platform/resources.js';
export { urlLoader, bufferLoader, type FetchFunction, type ResourceBytes, type UrlLoaderOptions } from './resources/url-loader.js';
export type { Backend } from './models/ort-types.js';
export * from './types.js';
export {
  parseDictionary,
  DictionaryError,
  type DictionaryEntry,
  type DictionaryInput,
  type DictionarySettings,
  type DictionarySource,
  type DictionaryFormat,
  type MatchType,
} from './dictionaries/index.js';
