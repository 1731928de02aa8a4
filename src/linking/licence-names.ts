/**
 * Software licences named by their short name in a licence context: "License: MIT", "under the [MIT]
 * license", "## License\n\nMIT", "GPL-3.0 licensed". Nearly every README ends so, and the short names
 * are also names of other things the knowledge base knows better (MIT the university, Apache the
 * people, BSD the operating systems). A mention that is such a name, with a word of the "license"
 * family, a link to a licence text or another licence named with its version ("GPL-2.0 or AFL-2.1")
 * within a few tokens, is looked up as "<name> License" (the KB's MIT_License) instead of as
 * itself: linked when the KB knows that licence, silent when it does not — never the namesake.
 *
 * The short names are the licence families of the SPDX list that text names by a bare word or
 * acronym (a closed set, like a stoplist); a version may follow ("GPL-3.0", "Apache 2.0" is two tokens
 * and keeps "Apache").
 */

const LICENCE_NAME = /^(?:MIT|X11|BSD|0BSD|ISC|GPL|LGPL|AGPL|GPLv[23]|LGPLv[23]|AGPLv3|AFL|Apache|MPL|EPL|CDDL|Unlicense|WTFPL|Zlib|CC0|Artistic|BlueOak)(?:-\d[\w.+-]*)?$/;
const LICENCE_WORD = /^licen[cs](?:e[ds]?|ing)$/i;
/** A link or path to a licence text: "MIT (http://www.opensource.org/licenses/mit-license.php)", "LICENSE.md". */
const LICENCE_LINK = /licen[cs]e/i;
/** How far (tokens, either side) a licence word may be: "is available under the [MIT](url) license". */
const WINDOW = 12;

/** Whether tokens [start, end) name a licence by its short name with a licence word near them. */
export function isLicenceMention(tokens: readonly string[], start: number, end: number): boolean {
  // "GPL-3.0" is three tokens ("GPL", "-", "3.0").
  if (end - start > 4 || !LICENCE_NAME.test(tokens.slice(start, end).join(''))) return false;
  const from = Math.max(0, start - WINDOW);
  const to = Math.min(tokens.length, end + WINDOW);
  for (let i = from; i < to; i++) {
    if (i >= start && i < end) continue;
    const t = tokens[i];
    if (LICENCE_WORD.test(t) || (/[/.]/.test(t) && LICENCE_LINK.test(t))) return true;
    // Another licence's short name with its version ("GPL-2.0-or-later or AFL-2.1"): a list of licences.
    if (/^(?:GPL|LGPL|AGPL|AFL|Apache|MPL|EPL|CDDL|BSD)$/.test(t) && tokens[i + 1] === '-' && /^\d/.test(tokens[i + 2] ?? '')) return true;
  }
  return false;
}

/** The name the KB is asked for: "MIT" → "MIT License", "GPL - 3.0" → "GPL - 3.0 License". */
export const licenceLookupName = (name: string): string => `${name} License`;
