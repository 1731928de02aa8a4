import { describe, expect, it } from 'vitest';
import { isLicenceMention, licenceLookupName } from '../../src/linking/licence-names.js';
import { tokenize } from '../../src/doc/tokenize.js';

/** Whether the tokens of the first occurrence of `name` in `text` are read as a licence. */
function licence(text: string, name: string): boolean {
  const spans = tokenize(text);
  const tokens = spans.map((t) => text.slice(t.start, t.end));
  const from = text.indexOf(name);
  const start = spans.findIndex((t) => t.start === from);
  const end = spans.findIndex((t) => t.end === from + name.length) + 1;
  if (from < 0 || start < 0 || end <= start) throw new Error(`${name} is no run of tokens in ${text}`);
  return isLicenceMention(tokens, start, end);
}

describe('licence names', () => {
  it('reads a short licence name with a licence word or a link to a licence near it as the licence', () => {
    expect(licence('## License\n\nMIT\n', 'MIT')).toBe(true);
    expect(licence('LICENSE: MIT', 'MIT')).toBe(true);
    expect(licence('_emoji-regex_ is available under the [MIT](https://mths.be/mit) license.', 'MIT')).toBe(true);
    expect(licence('Released under GPL-3.0, see the licensing notes.', 'GPL-3.0')).toBe(true);
    expect(licence('MIT (http://www.opensource.org/licenses/mit-license.php)', 'MIT')).toBe(true);
    expect(licence('GPL-2.0-or-later or AFL-2.1', 'AFL')).toBe(true);
    expect(licenceLookupName('MIT')).toBe('MIT License');
  });

  it('leaves the namesakes alone: no licence word near, or a name that is no licence', () => {
    expect(licence('She studied physics at MIT before moving to Boston.', 'MIT')).toBe(false);
    expect(licence('The Apache helicopter flew over the base.', 'Apache')).toBe(false);
    expect(licence('Harvard licensed the patent to a startup.', 'Harvard')).toBe(false);
    // Too far: more than a dozen tokens between the name and the licence word.
    expect(licence('MIT researchers said on Monday that the new battery lasts twice as long as the old one and that the license', 'MIT')).toBe(false);
  });
});
