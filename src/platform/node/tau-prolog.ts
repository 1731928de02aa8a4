/**
 * Node side of the tau-prolog seam: tau-prolog as npm installed it
 * (CommonJS), with the libraries a rules program may load. Its Node-only
 * branches (files, the terminal) stay reachable here; the rules sandbox
 * (src/rules/sandbox.ts) refuses them.
 */
// tau-prolog assigns undeclared globals as it loads: src/rules/tau.ts, the
// one importer, declares them (tau-globals.ts) before it imports this module.
import pl from 'tau-prolog';
import loadCharsio from 'tau-prolog/modules/charsio.js';
import loadFormat from 'tau-prolog/modules/format.js';
import loadLists from 'tau-prolog/modules/lists.js';
import loadRandom from 'tau-prolog/modules/random.js';

/** tau-prolog's `pl` object, untyped: src/rules/tau.ts types the slice it uses. */
export const tauProlog: unknown = pl;

/** Adds the libraries a rules program may `use_module` (lists, format, charsio, random) to `pl`. */
export function loadTauLibraries(prolog: unknown): void {
  for (const load of [loadLists, loadFormat, loadCharsio, loadRandom]) load(prolog);
}
