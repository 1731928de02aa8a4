/**
 * The Analyzer: resources loaded once, one request through the stages
 *   request → source → cleanup → language → doc → annotators → rules → response.
 */
import { AnalysisError } from './errors.js';
import { parseRequest } from './request.js';
import { buildPayload, okEnvelope } from './response.js';
import type { AnalyzeOptions, AnalyzeResponse, FlatOptions, Warning, WarningCode } from './types.js';
import type { ResourceLoader } from './resources/loader.js';
import type { FetchFunction } from './resources/url-loader.js';
import { defaultLoader, fileLoader, readTextFile } from '#platform/resources.js';
import { fetchUrl } from '#platform/fetch-url.js';
import { DEFAULT_BACKEND } from '#platform/onnx.js';
import { runtimeNotice, setWasmPaths, type Backend } from './models/onnx-runner.js';
import type { Annotator, AnnotatorConfig, AnnotatorDeclaration, Layer } from './annotators/annotator.js';
import { createPlanner, ENGLISH, layersOf, wantedLayers } from './annotators/plan.js';
import { Doc } from './doc/doc.js';
import { languageTokens } from './language-packs/contractions.js';
import { loadContractionModel, type ContractionModel } from './language-packs/ambiguous-contractions.js';
import type { Segmenter } from './doc/sentences.js';
import { createLanguageSegmenter, packSentencesDir } from './language-packs/sentences.js';
import { readInput, type InputOptions } from './source/input.js';
import { runRules, type RuleLimits } from './rules/index.js';
import { DictionaryRegistry, matchDictionaries, mergeDictionaryEntities, type CompiledDictionary, type DictionaryInput } from './dictionaries/index.js';
import { ClassifierSet, type ClassifierSource, type QueryClassifierSources } from './classify/classifier-set.js';
import { analyzeMany, type AnalyzeManyOptions, type ManyInput, type ManyResponse } from './analyze-many.js';

export interface AnalyzerConfig {
  /**
   * Directory of shipped models (default: the package's models/). In a
   * browser, a URL path (default: `models/` relative to the page).
   */
  modelsDir?: string;
  /** Base URL to fetch the models from instead (any platform; see urlLoader). */
  modelsUrl?: string | URL;
  /** Or a custom loader (urlLoader, bufferLoader, tests). Takes precedence over modelsDir and modelsUrl. */
  loader?: ResourceLoader;
  /**
   * ONNX backend: native onnxruntime-node (the default in Node; when it
   * cannot be loaded, WASM runs instead and the response message says so) or
   * WASM onnxruntime-web (the only one, and the default, in browsers).
   */
  backend?: Backend;
  /**
   * Where onnxruntime-web fetches its `.wasm` files: a URL prefix ending in
   * "/" (e.g. '/assets/ort/'), for bundlers that do not copy them next to the
   * bundle. Process- or page-wide, like onnxruntime-web's env.wasm.wasmPaths.
   */
  wasmPaths?: string;
  /**
   * Dependency parser: 'accurate' (BiLSTM, default) or 'fast' (convolutional,
   * ~2x the speed, ~4.4 LAS points lower on raw text; see models/parser-fast/MODEL_CARD.md).
   */
  parser?: 'accurate' | 'fast';
  /**
   * Named-entity recognizer. `transformers`: a local Hugging Face
   * token-classification model directory (config.json, tokenizer.json,
   * tokenizer_config.json, onnx/model.onnx) run with the optional package
   * @huggingface/transformers instead of the shipped NER; its files are
   * checked here, the model loads on first use. Nothing is fetched remotely.
   */
  ner?: { transformers?: string };
  /**
   * Hosts (names, IPs or CIDRs) that `url` may reach even though they are
   * loopback/private. Empty by default: private addresses are refused.
   */
  allowHosts?: readonly string[];
  /**
   * Download limits for `url`, and optionally the fetch to download with.
   * Without `fetch`, Node uses textlens's guarded download (private
   * addresses refused) and a browser refuses `url` with a 400; with it, the
   * caller's fetch is used as is (it decides what may be reached).
   */
  download?: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number; fetch?: FetchFunction };
  /**
   * Limits every request's `rules` run under (time, resolution steps,
   * solutions kept, output, memory), over the defaults of DEFAULT_RULE_LIMITS:
   * a service that accepts rules from many callers may lower them, a batch
   * job with heavy rules may raise them.
   */
  ruleLimits?: RuleLimits;
  /**
   * Custom entity dictionaries by id, selected per request with
   * `entities.dictionaries`: a file path (.json, .jsonl, .csv), a list of
   * entries, or `{entries, matchType?, caseInsensitive?, language?}`.
   * Compiled when the analyzer is created, so a bad file fails here.
   */
  dictionaries?: Record<string, DictionaryInput>;
  /**
   * The caller's document classifiers by name (a directory written by
   * `textlens train classifier`, or a loader rooted at one); requests name
   * them in `classifiers`, beside the built-in `textlens_mediatopics`.
   */
  classifiers?: Record<string, ClassifierSource>;
  /**
   * Called after each stage of every analyze() call, synchronously, with the
   * stage's name and its wall-clock milliseconds: `input` (request, source,
   * cleanup, language), `segment` (tokens and sentences), each annotator by
   * its name (`tagger`, `parser`, `phrase-chunker`, …, in the order they
   * ran), `dictionaries`, `classifiers`, `response` (the payload's lists) and
   * `rules`, the last four only when the request has them. For profiling a
   * pipeline (which extractor costs what) and for benchmarks: the stages run
   * back to back, so a caller can also read its own clock in the hook (CPU
   * time, say) and charge each stage the time since the previous call.
   */
  onStage?: (stage: string, ms: number) => void;
  /**
   * Called when a model has loaded (the segmenter, each annotator on its
   * first use): its name and the milliseconds its load took. For a progress
   * display on a cold start, and to see what a request made the analyzer load.
   */
  onLoad?: (event: { model: string; ms: number }) => void;
}

/** Per-request additions that do not travel as options. */
export interface AnalyzeContext {
  /**
   * Dictionaries beyond the analyzer's own, by id (the HTTP server's stored
   * dictionaries of the caller's API key). `entities.dictionaries` looks here
   * first, so they shadow a registered dictionary of the same id.
   */
  dictionaries?: ReadonlyMap<string, CompiledDictionary>;
  /**
   * Aborting stops the analysis at the next stage boundary (between
   * annotators): analyze() rejects with the signal's reason. A stage already
   * running finishes first.
   */
  signal?: AbortSignal;
  /**
   * Query classifiers beyond the analyzer's own, by id (the HTTP server's
   * stored classifiers of the caller's API key), which `classifiers` may name;
   * they shadow a registered classifier of the same id.
   */
  classifiers?: QueryClassifierSources;
}

export interface Analyzer {
  /** Analyze text (a string) or the options' `text`/`url`. Rejects with AnalysisError on bad input. */
  analyze(input: string | AnalyzeOptions | FlatOptions, options?: AnalyzeOptions | FlatOptions, context?: AnalyzeContext): Promise<AnalyzeResponse>;
  /**
   * Run the annotators that assign `layers` (and what they need) over a Doc
   * built elsewhere — pre-tokenized text, evaluation on gold tokens. Layers
   * whose models are not installed are skipped.
   */
  annotateDoc(doc: Doc, layers: readonly Layer[], options?: AnalyzeOptions | FlatOptions): Promise<Doc>;
  /** Tokens and sentences of a text, as analyze() segments it for `language` (ISO 639-2, default English). */
  segment(text: string, language?: string): Promise<Doc>;
  /** Extractors this analyzer can serve with the models it has. */
  availableExtractors(): Promise<string[]>;
  /** Names of the annotators created so far (they are created lazily, on first need). */
  loadedAnnotators(): string[];
  /**
   * Many documents, as an async iterator of responses (src/analyze-many.ts):
   * `concurrency` at once, in input order unless `ordered: false`; a document
   * that fails yields its error envelope (`ok: false`) instead of ending the
   * run. The package's createAnalyzer (src/library.ts) runs them on worker
   * threads in Node when `concurrency` is above 1.
   */
  analyzeMany(inputs: Iterable<ManyInput> | AsyncIterable<ManyInput>, options?: AnalyzeManyOptions): AsyncGenerator<ManyResponse, void, undefined>;
  /**
   * Frees the models (and the worker threads analyzeMany started). The
   * analyzer is unusable afterwards: every call rejects.
   */
  dispose(): Promise<void>;
}

export async function createAnalyzer(config: AnalyzerConfig = {}): Promise<Analyzer> {
  const loader = config.loader ?? defaultLoader(config);
  const backend = config.backend ?? DEFAULT_BACKEND;
  setWasmPaths(config.wasmPaths);
  const nerTransformers = config.ner?.transformers;
  // A wrong directory or a broken export fails now, naming the file, not on the first document.
  if (nerTransformers !== undefined) (await import('./annotators/transformer-model-dir.js')).checkTransformerModelDir(nerTransformers);
  const annotatorConfig: AnnotatorConfig = { backend, parser: config.parser ?? 'accurate', nerTransformers };
  const planner = createPlanner(loader, annotatorConfig);
  const inputOptions: InputOptions = { fetchUrl, allowHosts: config.allowHosts, download: config.download };
  const created = new Map<string, Promise<Annotator>>();
  // One segmenter per language pack (its own sentence model, where installed), one for every other language.
  const segmenters = new Map<string, Promise<Segmenter>>();
  /** Each pack's model of its ambiguous contractions (French "des"), read with its segmenter; none for English. */
  const contractionModels = new Map<string, Promise<ContractionModel | undefined>>();
  const dictionaries = await DictionaryRegistry.create(config.dictionaries, readTextFile);
  const classifiers = new ClassifierSet(loader, config.classifiers ?? {}, (dir) => fileLoader(dir));

  /** The annotator of a declaration, created once per analyzer. */
  function annotator(declaration: AnnotatorDeclaration): Promise<Annotator> {
    let a = created.get(declaration.name);
    if (!a) {
      a = timedLoad(declaration.name, declaration.create(loader, annotatorConfig));
      created.set(declaration.name, a);
      // A failed load must not poison the analyzer forever.
      a.catch(() => created.delete(declaration.name));
    }
    return a;
  }

  /** Reports a model's load to `onLoad` once it is done. */
  function timedLoad<T>(model: string, loading: Promise<T>): Promise<T> {
    const onLoad = config.onLoad;
    if (!onLoad) return loading;
    const t0 = performance.now();
    return loading.then((loaded) => {
      onLoad({ model, ms: performance.now() - t0 });
      return loaded;
    });
  }

  let disposed = false;
  function checkUsable(): void {
    if (disposed) throw new Error('this analyzer was disposed: create a new one with createAnalyzer()');
  }

  async function segment(text: string, language: string = ENGLISH): Promise<Doc> {
    checkUsable();
    const key = packSentencesDir(language) ? language : ENGLISH;
    let segmenter = segmenters.get(key);
    if (!segmenter) {
      segmenter = timedLoad(key === ENGLISH ? 'segmenter' : `segmenter-${key}`, createLanguageSegmenter(loader, key, { backend }));
      segmenters.set(key, segmenter);
      segmenter.catch(() => segmenters.delete(key));
    }
    let contractions = contractionModels.get(key);
    if (!contractions) {
      contractions = key === ENGLISH ? Promise.resolve(undefined) : loadContractionModel(loader, key);
      contractionModels.set(key, contractions);
      contractions.catch(() => contractionModels.delete(key));
    }
    const [{ tokens, sentenceEnds }, ambiguous] = await Promise.all([segmenter.then((s) => s.segment(text)), contractions]);
    // A language pack's own tokens (contractions as syntactic words); English is the tokenizer's as is.
    return languageTokens(new Doc(text, tokens, sentenceEnds), language, ambiguous);
  }

  async function annotateDoc(doc: Doc, layers: readonly Layer[], options?: AnalyzeOptions | FlatOptions): Promise<Doc> {
    const request = parseRequest({ text: doc.text || ' ', ...(options ?? {}) });
    const warn = () => {};
    // The request's languageOverride picks a language pack's annotators (the Doc is already tokenized).
    const language = request.languageOverride ?? ENGLISH;
    const steps = await planner.plan({ required: new Set(), optional: new Set(layers) }, language, warn, layersOf(doc));
    const ctx = { language, request, warn };
    for (const declaration of steps) await (await annotator(declaration)).run(doc, ctx);
    return doc;
  }

  const onStage = config.onStage;

  async function analyze(
    input: string | AnalyzeOptions | FlatOptions,
    options?: AnalyzeOptions | FlatOptions,
    context?: AnalyzeContext,
  ): Promise<AnalyzeResponse> {
    checkUsable();
    const signal = context?.signal;
    signal?.throwIfAborted();
    const t0 = performance.now();
    // the hook's clock: when the last stage ended
    let mark = t0;
    const stageDone =
      onStage &&
      ((stage: string): void => {
        const now = performance.now();
        onStage(stage, now - mark);
        mark = now;
      });
    const warnings: Warning[] = [];
    // An annotator may say the same thing for every sentence or call: each warning once.
    const warn = (code: WarningCode, message: string) => {
      if (!warnings.some((w) => w.message === message)) warnings.push({ code, message });
    };
    const req = parseRequest(input, options);
    // The request's notices are all hosted-API features textlens accepts and skips.
    for (const notice of req.notices) warn('hosted-only-skipped', notice);
    const storedClassifiers = context?.classifiers;
    classifiers.check(req.classifiers, storedClassifiers);

    const { raw, text, metadata, language, languageIsReliable } = await readInput(req, inputOptions, warn);

    const extra = context?.dictionaries;
    const customDictionaries = req.entities.dictionaries.map((id) => extra?.get(id) ?? dictionaries.select([id])[0]!);
    const wanted = wantedLayers(req.extractors, language, customDictionaries.length > 0, warn);
    // Query classifiers read lemmas (and entities or topics where a query names them): computed, not returned.
    const queries = language === ENGLISH && storedClassifiers ? await classifiers.queryClassifiers(req.classifiers, storedClassifiers) : undefined;
    for (const q of queries?.values() ?? []) for (const layer of q.layers) wanted.required.add(layer);
    const steps = await planner.plan(wanted, language, warn);

    // Start loading every model the request needs while the text is segmented,
    // not one after the other: on a cold start (a page's first request) the
    // fetches and WASM compiles overlap. A failure surfaces in the loop below.
    const loading = steps.map((declaration) => annotator(declaration));
    loading.forEach((a) => a.catch(() => {}));
    stageDone?.('input');
    const doc = await segment(text, language);
    stageDone?.('segment');
    const ctx = { language, metadata, request: req, warn };
    for (let i = 0; i < loading.length; i++) {
      signal?.throwIfAborted();
      // (waiting for a model to load is charged to its annotator)
      await (await loading[i]).run(doc, ctx);
      stageDone?.(steps[i].name);
    }
    // Models ran on another runtime than asked for (no onnxruntime-node): say so, once.
    const notice = await runtimeNotice(backend);
    if (notice) warn('onnx-wasm-fallback', notice);
    if (customDictionaries.length > 0) {
      const custom = matchDictionaries(doc, customDictionaries, language);
      doc.entities = mergeDictionaryEntities(doc, custom, req, req.cleanup.useMetadata ? metadata?.title : undefined);
      stageDone?.('dictionaries');
    }
    if (req.classifiers.length > 0) {
      // Each classifier reads the language it was trained on: the others are skipped, and say so.
      const readable: string[] = [];
      const skipped: string[] = [];
      for (const id of req.classifiers) ((await classifiers.languageOf(id, queries)) === language ? readable : skipped).push(id);
      if (skipped.length > 0) {
        warn(
          'language-unsupported',
          `classifiers: skipped ${skipped.join(', ')}; each reads the language of its training documents (the built-in and query classifiers English), and the text's language is '${language}' (set languageOverride to force one).`,
        );
      }
      if (readable.length > 0) {
        const title = req.cleanup.useMetadata ? metadata?.title?.trim() : undefined;
        const whole = title && !text.startsWith(title) ? `${title}\n\n${text}` : text;
        doc.categories = await classifiers.categorize(whole, readable, req.classifier.maxCategories, doc, queries);
      }
      stageDone?.('classifiers');
    }

    signal?.throwIfAborted();
    const payload = buildPayload({ doc, request: req, language, languageIsReliable, cleanedText: text, rawText: raw });
    stageDone?.('response');
    if (req.rules !== undefined) {
      const ruled = await runRules(doc, req.rules, req.extractors, config.ruleLimits);
      // The rules' warnings are all limits reached (solutions, output).
      for (const w of ruled.warnings) warn('rules-truncated', w);
      payload.customAnnotationOutput = ruled.customAnnotationOutput;
      payload.matchingRules = ruled.matchingRules;
      stageDone?.('rules');
    }
    return okEnvelope(payload, (performance.now() - t0) / 1000, warnings);
  }

  return {
    analyze,
    annotateDoc,
    segment,
    availableExtractors: () => planner.availableExtractors(),
    loadedAnnotators: () => [...created.keys()],
    // In this thread: `concurrency` documents interleave at their awaits. The
    // package's createAnalyzer (src/library.ts) runs them on worker threads instead.
    async *analyzeMany(inputs, options = {}) {
      checkUsable();
      const signalled = options.signal ? { signal: options.signal } : undefined;
      yield* analyzeMany(inputs, (input: ManyInput) => analyze(input, undefined, signalled), options);
    },
    async dispose() {
      disposed = true;
      created.clear();
      segmenters.clear();
    },
  };
}

let defaultAnalyzer: Promise<Analyzer> | undefined;

/** Analyze with a lazily created default analyzer (shipped models, native backend). */
export async function analyze(
  input: string | AnalyzeOptions | FlatOptions,
  options?: AnalyzeOptions | FlatOptions,
): Promise<AnalyzeResponse> {
  defaultAnalyzer ??= createAnalyzer();
  return (await defaultAnalyzer).analyze(input, options);
}

export { AnalysisError };
