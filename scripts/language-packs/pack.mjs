#!/usr/bin/env node
/**
 * Packs each language pack's models folder (models/fra/, models/por/,
 * models/spa/, models/deu/) as a package of its own, `textlens-<code>`, so
 * that the textlens package (whose "files" leave those folders out) does not
 * make every user download four languages. Installed beside textlens, a pack
 * is found by the Node file loader (src/resources/file-loader.ts); in a
 * browser its files are served under the models URL's <code>/ folder.
 *
 *   node scripts/language-packs/pack.mjs [--out DIR] [fra por …]
 *
 * Writes DIR/textlens-<code>-<version>.tgz (DIR: dist-packs/) and prints one
 * line per pack: name, tarball, unpacked bytes. The version is textlens's.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LANGUAGES = { fra: 'French', por: 'Portuguese', spa: 'Spanish', deu: 'German' };

const { values, positionals } = parseArgs({ options: { out: { type: 'string', default: 'dist-packs' } }, allowPositionals: true });
const codes = positionals.length > 0 ? positionals : Object.keys(LANGUAGES);
const main = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const out = resolve(values.out);
mkdirSync(out, { recursive: true });

for (const code of codes) {
  const language = LANGUAGES[code];
  if (!language) {
    console.error(`no language pack '${code}': the packs are ${Object.keys(LANGUAGES).join(', ')}`);
    process.exit(2);
  }
  const models = join(ROOT, 'models', code);
  if (!existsSync(join(models, 'meta.json'))) {
    console.error(`${models} has no pack (meta.json missing)`);
    process.exit(1);
  }
  const stage = mkdtempSync(join(tmpdir(), `textlens-${code}-`));
  try {
    cpSync(models, stage, { recursive: true });
    const name = `textlens-${code}`;
    writeFileSync(
      join(stage, 'package.json'),
      JSON.stringify(
        {
          name,
          version: main.version,
          description: `${language} models for textlens: tokens, UPOS tags, lemmas, sentences, UD dependency trees and entities (see MODEL_CARD.md)`,
          // The models derive from treebanks and corpora under their own terms (share-alike where CC BY-SA): the card names each.
          license: 'SEE LICENSE IN MODEL_CARD.md',
          peerDependencies: { textlens: `^${main.version}` },
          files: ['**/*'],
        },
        null,
        2,
      ) + '\n',
    );
    writeFileSync(
      join(stage, 'README.md'),
      `# ${name}\n\n${language} language pack for [textlens](https://www.npmjs.com/package/textlens) ${main.version}: install it beside textlens (\`npm install textlens ${name}\`) and ${language} documents get their words, sentences, trees and entities; without it they get tokens only, with a warning saying so. In a browser, serve this package's files under your models URL's \`${code}/\` folder. Data, licences and accuracy: MODEL_CARD.md.\n`,
    );
    const pack = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], { cwd: stage, encoding: 'utf8' });
    if (pack.status !== 0) {
      console.error(pack.stderr);
      process.exit(1);
    }
    const [report] = JSON.parse(pack.stdout);
    console.log(`${name} ${join(out, report.filename)} ${report.unpackedSize}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
