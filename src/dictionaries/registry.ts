/**
 * The dictionaries an analyzer knows, by id: compiled once when the analyzer
 * is created (a malformed file fails there, not on every request), then
 * selected per request with `entities.dictionaries`.
 */
import { badRequest } from '../errors.js';
import type { DictionaryInput } from './entries.js';
import { checkSource, parseDictionaryInto, formatOfFile, DictionaryError } from './parse.js';
import { CompiledDictionary } from './matcher.js';
import { DictionaryCompiler } from './compiler.js';

/** Reads a dictionary file's text; Node passes a file reader, a browser a fetch or nothing. */
export type ReadText = (path: string) => Promise<string>;

export class DictionaryRegistry {
  private readonly byId = new Map<string, CompiledDictionary>();

  static async create(inputs: Record<string, DictionaryInput> | undefined, readText?: ReadText): Promise<DictionaryRegistry> {
    const registry = new DictionaryRegistry();
    for (const [id, input] of Object.entries(inputs ?? {})) {
      if (!/^[A-Za-z0-9_.-]+$/.test(id)) throw badRequest(`dictionary id '${id}' may hold only letters, digits, '_', '.' and '-'`);
      registry.byId.set(id, await compile(id, input, readText));
    }
    return registry;
  }

  get ids(): string[] {
    return [...this.byId.keys()];
  }

  get(id: string): CompiledDictionary | undefined {
    return this.byId.get(id);
  }

  /** The requested dictionaries; an unknown id is a 400 naming it. */
  select(ids: readonly string[]): CompiledDictionary[] {
    return ids.map((id) => {
      const d = this.byId.get(id);
      if (!d) {
        const known = this.ids.length > 0 ? `registered: ${this.ids.join(', ')}` : 'no dictionaries are registered (createAnalyzer({ dictionaries }) or --dictionary id=FILE)';
        throw badRequest(`unknown dictionary '${id}' in entities.dictionaries; ${known}`, 'entities.dictionaries');
      }
      return d;
    });
  }
}

async function compile(id: string, input: DictionaryInput, readText?: ReadText): Promise<CompiledDictionary> {
  if (typeof input === 'string') {
    const format = formatOfFile(input);
    if (!format) throw new DictionaryError(input, undefined, 'unknown format: the file name must end in .json, .jsonl, .ndjson or .csv');
    if (!readText) throw badRequest(`dictionary '${id}': a file path needs a file reader on this platform; pass the entries instead`);
    let text: string;
    try {
      text = await readText(input);
    } catch (err) {
      throw new DictionaryError(input, undefined, `cannot be read (${err instanceof Error ? err.message : String(err)})`);
    }
    // Each entry goes to the compiler as soon as its line is parsed: a million parsed objects never live at once.
    let compiler: DictionaryCompiler | undefined;
    parseDictionaryInto(text, format, input, {
      settings: (settings) => (compiler = new DictionaryCompiler(settings)),
      entry: (entry) => compiler?.add(entry),
    });
    if (!compiler) throw new Error(`dictionary ${input}: the parser gave no settings`);
    return new CompiledDictionary(id, compiler);
  }
  if (Array.isArray(input)) return new CompiledDictionary(id, checkSource({ entries: input }, id));
  if (typeof input === 'object' && input !== null && Array.isArray(input.entries)) return new CompiledDictionary(id, checkSource(input, id));
  throw badRequest(`dictionary '${id}': expected a file path, a list of entries, or {entries, matchType?, caseInsensitive?, language?}`);
}
