/**
 * Browser side of the tau-prolog seam. The sources are the Node side's, but
 * in the published package (dist/) this module is a bundle with tau-prolog
 * inlined (scripts/build.mjs): tau-prolog's `require`s of fs, path and
 * readline-sync, made only in its Node-only branches, resolve to a stub
 * there, so a user's bundler needs no `external`s for them.
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
