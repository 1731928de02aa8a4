/**
 * The Analyzer: resources loaded once, one request through the stages
 *   request → source → cleanup → language → doc → annotators → rules → response.
 */
import { AnalysisError, badRequest } from './errors.js';
import { parseRequest, type AnalyzeRequest } from './request.js';
import { buildPayload, okEnvelope } from './response.js';
import type { AnalyzeOptions, AnalyzeResponse, CleanupMode, FlatOptions } from './types.js';
import type { ResourceLoader } from './resources/loader.js';
import type { FetchFunction } from './resources/url-loader.js';
import { defaultLoader, fileLoader, readTextFile } from '#platform/resources.js';
import { fetchUrl } from '#platform/fetch-url.js';
import { DEFAULT_BACKEND } from '#platform/onnx.js';
import { runtimeNotice, setWasmPaths, type Backend } from './models/onnx-runner.js';
import type { Annotator, Layer } from './annotators/annotator.js';
import { ANNOTATORS, EXTRACTOR_LAYERS, resourcesOf, type AnnotatorConfig, type AnnotatorSpec } from './annotators/registry.js';
import { Doc } from './doc/doc.js';
import { createSegmenter, type Segmenter } from './doc/sentences.js';
import { checkTextSize } from './source/text.js';
import { normalizeLanguageCode } from './language/codes.js';
import { runRules } from './rules/index.js';
import { DictionaryRegistry, matchDictionaries, mergeDictionaryEntities, type CompiledDictionary, type DictionaryInput } from './dictionaries/index.js';
import { ClassifierSet, type ClassifierSource } from './classify/classifier-set.js';

/** What a rule-named extractor gets computed: every layer whose model is installed. */
const RULE_LAYERS: readonly Layer[] = ['xpos', 'upos', 'lemma', 'stem', 'deps', 'entities', 'phrases', 'properties'];

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
   * ~2x the speed, ~3 LAS points lower; see models/parser-fast/MODEL_CARD.md).
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
}

/** Per-request additions that do not travel as options. */
export interface AnalyzeContext {
  /**
   * Dictionaries beyond the analyzer's own, by id (the HTTP server's stored
   * dictionaries of the caller's API key). `entities.dictionaries` looks here
   * first, so they shadow a registered dictionary of the same id.
   */
  dictionaries?: ReadonlyMap<string, CompiledDictionary>;
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
  /** Tokens and sentences of a text, as analyze() segments it. */
  segment(text: string): Promise<Doc>;
  /** Extractors this analyzer can serve with the models it has. */
  availableExtractors(): Promise<string[]>;
  /** Names of the annotators created so far (they are created lazily, on first need). */
  loadedAnnotators(): string[];
}

const ENGLISH = 'eng';

export async function createAnalyzer(config: AnalyzerConfig = {}): Promise<Analyzer> {
  const loader = config.loader ?? defaultLoader(config);
  const backend = config.backend ?? DEFAULT_BACKEND;
  setWasmPaths(config.wasmPaths);
  const nerTransformers = config.ner?.transformers;
  // A wrong directory or a broken export fails now, naming the file, not on the first document.
  if (nerTransformers !== undefined) (await import('#platform/transformer-ner.js')).checkTransformerModelDir(nerTransformers);
  const annotatorConfig: AnnotatorConfig = { backend, parser: config.parser ?? 'accurate', nerTransformers };
  const available = new Map<string, boolean>();
  const created = new Map<string, Promise<Annotator>>();
  let segmenter: Promise<Segmenter> | undefined;
  const dictionaries = await DictionaryRegistry.create(config.dictionaries, readTextFile);
  const classifiers = new ClassifierSet(loader, config.classifiers ?? {}, (dir) => fileLoader(dir));

  async function isAvailable(spec: AnnotatorSpec): Promise<boolean> {
    let ok = available.get(spec.name);
    if (ok === undefined) {
      ok = (await Promise.all(resourcesOf(spec, annotatorConfig).map((r) => loader.exists(r)))).every(Boolean);
      available.set(spec.name, ok);
    }
    return ok;
  }

  function annotator(spec: AnnotatorSpec): Promise<Annotator> {
    let a = created.get(spec.name);
    if (!a) {
      a = spec.create(loader, annotatorConfig);
      created.set(spec.name, a);
      // A failed load must not poison the analyzer forever.
      a.catch(() => created.delete(spec.name));
    }
    return a;
  }

  /** Annotators to run, in registry (dependency) order, for the wanted layers. */
  async function plan(
    required: Set<Layer>,
    optional: Set<Layer>,
    language: string,
    warn: (m: string) => void,
    present: readonly Layer[] = [],
  ) {
    const english = language === ENGLISH;
    const chosen = new Set<AnnotatorSpec>();
    const provided = new Set<Layer>(['tokens', 'sentences', ...present]);
    const missing: Layer[] = [];
    const visit = async (layer: Layer, must: boolean): Promise<boolean> => {
      if (provided.has(layer)) return true;
      let spec: AnnotatorSpec | undefined;
      for (const a of ANNOTATORS) {
        if (a.assigns.includes(layer) && (await isAvailable(a)) && (english || !a.englishOnly)) {
          spec = a;
          break;
        }
      }
      if (!spec) {
        if (must) missing.push(layer);
        return false;
      }
      for (const r of spec.requires) if (!(await visit(r, must))) return false;
      chosen.add(spec);
      for (const l of spec.assigns) provided.add(l);
      return true;
    };
    for (const l of required) await visit(l, true);
    for (const l of optional) await visit(l, false);
    if (missing.length > 0 && english) {
      throw badRequest(`layer(s) ${[...new Set(missing)].join(', ')} is not available: its model is not installed in the models directory`, 'extractors');
    }
    if (missing.length > 0) {
      // A corpus mixes languages: an English-only extractor on other text is
      // skipped with a message, not refused, so one document does not fail a batch.
      warn(`Skipped ${[...new Set(missing)].join(', ')}: these layers need English models, and the text's language is '${language}' (set languageOverride=eng to force English).`);
    }
    if (!english && optional.size > 0) warn('Language is not English: only tokens and sentences are produced (the tagger, lemmatizer and other models are English-only).');
    return ANNOTATORS.filter((a) => chosen.has(a));
  }

  async function source(req: AnalyzeRequest, warn: (m: string) => void): Promise<{ raw: string; isHtml: boolean }> {
    if (req.text !== undefined) {
      checkTextSize(req.text);
      return { raw: req.text, isHtml: false };
    }
    const page = await fetchUrl(req.url!, {
      userAgent: req.userAgent,
      allowHosts: config.allowHosts ? [...config.allowHosts] : undefined,
      ...config.download,
    });
    if (page.truncated) warn(`The page at ${req.url} was larger than the download limit and was truncated.`);
    return { raw: page.body, isHtml: page.isHtml };
  }

  async function segment(text: string): Promise<Doc> {
    segmenter ??= createSegmenter(loader, { backend });
    segmenter.catch(() => (segmenter = undefined));
    const { tokens, sentenceEnds } = await (await segmenter).segment(text);
    return new Doc(text, tokens, sentenceEnds);
  }

  async function annotateDoc(doc: Doc, layers: readonly Layer[], options?: AnalyzeOptions | FlatOptions): Promise<Doc> {
    const request = parseRequest({ text: doc.text || ' ', ...(options ?? {}) });
    const warn = () => {};
    const steps = await plan(new Set(), new Set(layers), ENGLISH, warn, layersOf(doc));
    const ctx = { language: ENGLISH, request, warn };
    for (const spec of steps) await (await annotator(spec)).run(doc, ctx);
    return doc;
  }

  const onStage = config.onStage;

  async function analyze(
    input: string | AnalyzeOptions | FlatOptions,
    options?: AnalyzeOptions | FlatOptions,
    context?: AnalyzeContext,
  ): Promise<AnalyzeResponse> {
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
    const messages: string[] = [];
    const warn = (m: string) => {
      if (!messages.includes(m)) messages.push(m);
    };
    const req = parseRequest(input, options);
    req.notices.forEach(warn);
    classifiers.check(req.classifiers);

    const { raw, isHtml } = await source(req, warn);
    const mode: CleanupMode = req.cleanup.mode ?? (isHtml ? 'cleanHTML' : 'raw');
    // The HTML parser (cheerio) is loaded only for input that needs it.
    const cleaned = mode === 'raw' ? { text: raw, metadata: undefined } : (await import('./cleanup/index.js')).cleanup(raw, mode, { useMetadata: req.cleanup.useMetadata });
    const text = cleaned.text;
    if (req.url !== undefined) checkTextSize(text);

    let language: string;
    let languageIsReliable: boolean;
    if (req.languageOverride !== undefined) {
      language = normalizeLanguageCode(req.languageOverride);
      languageIsReliable = true;
    } else {
      // franc and its trigram data load only when a language is to be detected.
      const detected = (await import('./language/detect.js')).detectLanguage(text);
      languageIsReliable = detected.reliable;
      // Short or ambiguous text: the detector's guess is noise ("Running dogs"
      // scores as Norwegian), so analyze in the default language, English,
      // and say so.
      language = detected.reliable ? detected.language : ENGLISH;
      if (!detected.reliable && text.trim() !== '' && detected.language !== ENGLISH) {
        warn(`Language detection is not reliable for this text (best guess '${detected.language}'); analyzed as English. Set languageOverride to choose.`);
      }
    }

    const required = new Set<Layer>();
    const optional = new Set<Layer>();
    const extra = context?.dictionaries;
    const customDictionaries = req.entities.dictionaries.map((id) => extra?.get(id) ?? dictionaries.select([id])[0]!);
    for (const e of req.extractors) {
      const layers = EXTRACTOR_LAYERS[e];
      if (!layers) {
        // A rule name: the rule sees every layer that can be computed.
        RULE_LAYERS.forEach((l) => optional.add(l));
        continue;
      }
      layers.required.forEach((l) => required.add(l));
      layers.optional.forEach((l) => optional.add(l));
    }
    if (customDictionaries.length > 0 && language !== ENGLISH && required.delete('entities')) {
      // Dictionaries match any language; the knowledge base is English-only.
      optional.add('entities');
      warn(`Knowledge-base entities need English models and the text's language is '${language}': only custom dictionary entities are returned.`);
    }
    const steps = await plan(required, optional, language, warn);

    // Start loading every model the request needs while the text is segmented,
    // not one after the other: on a cold start (a page's first request) the
    // fetches and WASM compiles overlap. A failure surfaces in the loop below.
    const loading = steps.map((spec) => annotator(spec));
    loading.forEach((a) => a.catch(() => {}));
    stageDone?.('input');
    const doc = await segment(text);
    stageDone?.('segment');
    const ctx = { language, metadata: cleaned.metadata, request: req, warn };
    for (const a of loading) {
      const ready = await a;
      // (waiting for a model to load is charged to its annotator)
      await ready.run(doc, ctx);
      stageDone?.(ready.name);
    }
    // Models ran on another runtime than asked for (no onnxruntime-node): say so, once.
    const notice = await runtimeNotice(backend);
    if (notice) warn(notice);
    if (customDictionaries.length > 0) {
      const custom = matchDictionaries(doc, customDictionaries, language);
      doc.entities = mergeDictionaryEntities(doc, custom, req, req.cleanup.useMetadata ? cleaned.metadata?.title : undefined);
      stageDone?.('dictionaries');
    }
    if (req.classifiers.length > 0) {
      if (language !== ENGLISH) warn(`classifiers: skipped; the classifiers read English and the text's language is '${language}' (set languageOverride=eng to force English).`);
      else {
        const title = req.cleanup.useMetadata ? cleaned.metadata?.title?.trim() : undefined;
        const whole = title && !text.startsWith(title) ? `${title}\n\n${text}` : text;
        doc.categories = await classifiers.categorize(whole, req.classifiers, req.classifier.maxCategories);
      }
      stageDone?.('classifiers');
    }

    const payload = buildPayload({ doc, request: req, language, languageIsReliable, cleanedText: text, rawText: raw });
    stageDone?.('response');
    if (req.rules !== undefined) {
      const ruled = await runRules(doc, req.rules, req.extractors);
      ruled.warnings.forEach(warn);
      payload.customAnnotationOutput = ruled.customAnnotationOutput;
      payload.matchingRules = ruled.matchingRules;
      stageDone?.('rules');
    }
    return okEnvelope(payload, (performance.now() - t0) / 1000, messages);
  }

  return {
    analyze,
    annotateDoc,
    segment,
    async availableExtractors() {
      const out: string[] = [];
      for (const [name, layers] of Object.entries(EXTRACTOR_LAYERS)) {
        try {
          await plan(new Set(layers.required), new Set(), ENGLISH, () => {});
          out.push(name);
        } catch {
          // a required layer has no installed model
        }
      }
      return out;
    },
    loadedAnnotators: () => [...created.keys()],
  };
}

/** Layers a Doc already carries, so annotateDoc() does not compute them again. */
function layersOf(doc: Doc): Layer[] {
  const have: Layer[] = [];
  if (doc.xpos) have.push('xpos');
  if (doc.upos) have.push('upos');
  if (doc.lemma) have.push('lemma');
  if (doc.stem) have.push('stem');
  if (doc.head && doc.deprel) have.push('deps');
  if (doc.mentions) have.push('mentions');
  if (doc.entities) have.push('entities');
  if (doc.nounPhrases) have.push('phrases');
  if (doc.properties) have.push('properties');
  return have;
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
