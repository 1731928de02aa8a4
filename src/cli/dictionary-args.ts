/** `--dictionary id=FILE` options (analyze, serve) → the analyzer's `dictionaries` config. */
import { resolve } from 'node:path';
import { badRequest } from '../errors.js';

export function dictionaryArgs(values: readonly string[] | undefined): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1) throw badRequest(`--dictionary takes id=FILE, got '${v}'`, 'dictionary');
    const id = v.slice(0, eq);
    if (id in out) throw badRequest(`--dictionary '${id}' is given twice`, 'dictionary');
    out[id] = resolve(v.slice(eq + 1));
  }
  return out;
}
