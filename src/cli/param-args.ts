/** `--param name=value` options → flat form fields (a name given twice becomes a list, as a form would send it). */
import { badRequest } from '../errors.js';
import type { FlatOptions } from '../types.js';

export function paramArgs(values: readonly string[] | undefined, into: FlatOptions = {}): FlatOptions {
  for (const p of values ?? []) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw badRequest(`--param takes name=value, got '${p}'`, 'param');
    const name = p.slice(0, eq);
    const prev = into[name];
    const value = p.slice(eq + 1);
    into[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [String(prev)]), value];
  }
  return into;
}
