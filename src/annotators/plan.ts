/**
 * Which annotators a request needs: the layers its extractors read, and the
 * closure of requires/assigns over them, from the declarations in
 * registry.ts (nothing here names an extractor or an annotator).
 *
 * - A `required` layer without an installed annotator refuses the request
 *   (400) on English text; on other text, where the English models do not
 *   apply, it is skipped with a warning, so one document does not fail a batch.
 * - An `optional` layer is computed where its annotator is installed and
 *   handles the language, and silently left out otherwise.
 * - A rule named as an extractor sees every layer the declarations mark as
 *   read by rules, where installed.
 */
import { badRequest } from '../errors.js';
import type { Doc } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { EXTRACTORS, type BuiltinExtractor, type WarningCode } from '../types.js';
import { BASE_LAYERS, LAYER_ON_DOC, resourcesOf, type AnnotatorConfig, type AnnotatorDeclaration, type ExtractorUse, type Layer } from './annotator.js';
import { ANNOTATORS } from './registry.js';
import { languagePack, packResources } from '../language-packs/packs.js';

/** The language the shipped models read (ISO 639-2), and what unreliable detection falls back to. */
export const ENGLISH = 'eng';

export interface ExtractorLayers {
  required: readonly Layer[];
  optional: readonly Layer[];
}

/** The layers of the annotators that declare `use` for `extractor`, in registry order, each once. */
function layersServing(extractor: BuiltinExtractor, use: ExtractorUse): Layer[] {
  return unique(ANNOTATORS.filter((a) => a.extractors?.[extractor] === use).flatMap((a) => a.assigns));
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** Layers each built-in extractor needs (required) and enriches its output with (optional), in the spec's order. */
export const EXTRACTOR_LAYERS: Readonly<Record<BuiltinExtractor, ExtractorLayers>> = (() => {
  const out = {} as Record<BuiltinExtractor, ExtractorLayers>;
  for (const e of EXTRACTORS) out[e] = { required: layersServing(e, 'required'), optional: layersServing(e, 'optional') };
  return out;
})();

/** What a rule-named extractor gets computed: every layer the rule facts read, where its model is installed. */
export const RULE_LAYERS: readonly Layer[] = unique(ANNOTATORS.filter((a) => a.readByRules).flatMap((a) => a.assigns));

/** Layers a Doc already carries, so annotateDoc() does not compute them again. */
export function layersOf(doc: Doc): Layer[] {
  return (Object.keys(LAYER_ON_DOC) as Layer[]).filter((l) => LAYER_ON_DOC[l](doc));
}

export interface WantedLayers {
  required: Set<Layer>;
  optional: Set<Layer>;
}

function isBuiltin(name: string): name is BuiltinExtractor {
  return (EXTRACTORS as readonly string[]).includes(name);
}

/** Whether a named-entity recognizer is declared for the language (English, a language pack with an NER). */
function hasRecognizer(language: string): boolean {
  return ANNOTATORS.some((a) => a.assigns.includes('mentions') && a.languages?.includes(language));
}

/**
 * The layers a request's extractors read. With custom dictionaries on text in
 * a language without a recognizer, `entities` is demoted to optional:
 * dictionaries match any language, knowledge-base entities need a recognizer.
 */
export function wantedLayers(extractors: readonly string[], language: string, customDictionaries: boolean, warn: (code: WarningCode, message: string) => void): WantedLayers {
  const required = new Set<Layer>();
  const optional = new Set<Layer>();
  for (const e of extractors) {
    // Not a built-in: a rule name, and the rule sees every layer that can be computed.
    const layers = isBuiltin(e) ? EXTRACTOR_LAYERS[e] : { required: [], optional: RULE_LAYERS };
    layers.required.forEach((l) => required.add(l));
    layers.optional.forEach((l) => optional.add(l));
  }
  if (customDictionaries && language !== ENGLISH && !hasRecognizer(language) && required.delete('entities')) {
    optional.add('entities');
    warn('language-unsupported', `Knowledge-base entities need English models and the text's language is '${language}': only custom dictionary entities are returned.`);
  }
  return { required, optional };
}

export interface Planner {
  /**
   * Annotators to run, in registry (dependency) order, for the wanted layers
   * of a text in `language`; `present`: layers the Doc already carries.
   */
  plan(wanted: WantedLayers, language: string, warn: (code: WarningCode, message: string) => void, present?: readonly Layer[]): Promise<AnnotatorDeclaration[]>;
  /** Built-in extractors whose required layers have installed annotators (for English text). */
  availableExtractors(): Promise<BuiltinExtractor[]>;
}

/** A planner over the models the loader has; which files exist is asked once per annotator. */
export function createPlanner(loader: ResourceLoader, config: AnnotatorConfig): Planner {
  const installed = new Map<string, boolean>();

  const packs = new Map<string, Promise<boolean>>();
  const packInstalled = (code: string): Promise<boolean> => {
    let ok = packs.get(code);
    if (!ok) {
      const pack = languagePack(code)!;
      ok = Promise.all(packResources(pack).map((r) => loader.exists(r))).then((all) => all.every(Boolean));
      packs.set(code, ok);
    }
    return ok;
  };

  async function isInstalled(a: AnnotatorDeclaration): Promise<boolean> {
    let ok = installed.get(a.name);
    if (ok === undefined) {
      ok = (await Promise.all(resourcesOf(a, config).map((r) => loader.exists(r)))).every(Boolean);
      installed.set(a.name, ok);
    }
    return ok;
  }

  async function plan(wanted: WantedLayers, language: string, warn: (code: WarningCode, message: string) => void, present: readonly Layer[] = []): Promise<AnnotatorDeclaration[]> {
    const english = language === ENGLISH;
    const chosen = new Set<AnnotatorDeclaration>();
    const provided = new Set<Layer>([...BASE_LAYERS, ...present]);
    const missing: Layer[] = [];
    const visit = async (layer: Layer, must: boolean): Promise<boolean> => {
      if (provided.has(layer)) return true;
      let found: AnnotatorDeclaration | undefined;
      for (const a of ANNOTATORS) {
        if (a.assigns.includes(layer) && (await isInstalled(a)) && (a.languages === undefined || a.languages.includes(language))) {
          found = a;
          break;
        }
      }
      if (!found) {
        if (must) missing.push(layer);
        return false;
      }
      for (const r of found.requires) if (!(await visit(r, must))) return false;
      chosen.add(found);
      for (const l of found.assigns) provided.add(l);
      return true;
    };
    for (const l of wanted.required) await visit(l, true);
    for (const l of wanted.optional) await visit(l, false);
    if (missing.length > 0 && english) {
      throw badRequest(`layer(s) ${unique(missing).join(', ')} is not available: its model is not installed in the models directory`, 'extractors');
    }
    // A language with a pack (src/language-packs/) gets the pack's layers; what it lacks is said once.
    // The packs ship apart from textlens (scripts/language-packs/pack.mjs): a missing one says how to get it.
    const skipped = [...wanted.optional].filter((l) => !provided.has(l));
    const pack = english || (missing.length === 0 && skipped.length === 0) ? undefined : languagePack(language);
    const packMissing = pack !== undefined && !(await packInstalled(pack.code));
    if (packMissing) {
      warn(
        missing.length > 0 ? 'language-unsupported' : 'layers-skipped',
        `Language is '${language}': only tokens and sentences are produced, since its language pack is not installed: install it beside textlens (npm install textlens-${language}), or put its ${language}/ folder in the models directory.`,
      );
      return ANNOTATORS.filter((a) => chosen.has(a));
    }
    if (missing.length > 0) {
      warn('language-unsupported', `Skipped ${unique(missing).join(', ')}: these layers need English models, and the text's language is '${language}' (set languageOverride=eng to force English).`);
    }
    if (!english && skipped.length > 0) {
      warn(
        'layers-skipped',
        skipped.length === wanted.optional.size
          ? 'Language is not English: only tokens and sentences are produced (the tagger, lemmatizer and other models are English-only).'
          : `Language is '${language}': skipped ${skipped.join(', ')} (these layers need English models).`,
      );
    }
    return ANNOTATORS.filter((a) => chosen.has(a));
  }

  async function availableExtractors(): Promise<BuiltinExtractor[]> {
    const out: BuiltinExtractor[] = [];
    for (const e of EXTRACTORS) {
      try {
        await plan({ required: new Set(EXTRACTOR_LAYERS[e].required), optional: new Set() }, ENGLISH, () => {});
        out.push(e);
      } catch {
        // a required layer has no installed model
      }
    }
    return out;
  }

  return { plan, availableExtractors };
}
