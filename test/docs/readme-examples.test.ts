// The user documentation's examples run, and say what they print: every
// ```js / ```ts block of README.md and docs/**.md runs as a program against
// the TypeScript sources ('textlens' and its entry points resolve to src/),
// every ```sh block runs in bash with `textlens` (and `npx textlens`) being
// the CLI from the sources, and a block marked <!-- output --> must match
// what the block above it printed. Blocks that need a server, the network or
// corpora we do not ship say so (<!-- not run: … -->). The markers are
// described in doc-blocks.ts. Also checked: README's first commands are the
// ones .ci/run runs, its length, and every relative link between the pages.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { docPages, headingAnchors, outputMatches, readBlocks, readLinks, type DocBlock } from './doc-blocks.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const node = [process.execPath, '--conditions=textlens-source', '--import', tsx];
const pages = docPages(root);

/** The package's entry points as the examples import them, mapped to the sources they are built from. */
function entryPoints(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, { import?: string }> };
  const map = new Map<string, string>();
  for (const [sub, target] of Object.entries(pkg.exports)) {
    const built = target.import;
    if (!built) continue;
    const source = built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
    map.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, pathToFileURL(join(root, source)).href);
  }
  return map;
}
const entries = entryPoints();

/** A program's imports of 'textlens…' pointed at the sources. */
function toSources(code: string): string {
  return code.replace(/(from\s+|import\s*\(\s*)(['"])(textlens(?:\/[\w/-]+)?)\2/g, (all, lead: string, q: string, name: string) => {
    const to = entries.get(name);
    if (!to) throw new Error(`an example imports '${name}', which is not one of the package's entry points`);
    return `${lead}${q}${to}${q}`;
  });
}

/** The working folder of one page's examples: its files, `textlens` and `npx textlens` on PATH, the package in node_modules. */
function workFolder(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'textlens-docs-'));
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  const cli = `${node.map((a) => JSON.stringify(a)).join(' ')} ${JSON.stringify(join(root, 'test/docs/textlens-cli.ts'))} "$@"`;
  writeFileSync(join(bin, 'textlens'), `#!/bin/sh\nexec ${cli}\n`);
  // Only `npx textlens`: anything else would reach for the registry.
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = textlens ] || { echo "docs test: npx $1 is not available to the examples" >&2; exit 127; }\nshift\nexec ${cli}\n`);
  // npm itself never runs: an example must not install or download anything.
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "docs test: npm is not available to the examples" >&2\nexit 127\n`);
  for (const name of ['textlens', 'npx', 'npm']) chmodSync(join(bin, name), 0o755);
  // What `npm install textlens` gives a project: the examples that require or import it by name.
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'textlens'));
  // A stand-in for a user's own NER model: the repository's tiny test model.
  symlinkSync(join(root, 'test/fixtures/tiny-transformer-ner'), join(dir, 'my-ner'));
  return { dir, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } };
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function runBlock(block: DocBlock, cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  if (block.lang === 'sh') return run(['bash', '-e', '-c', block.text], cwd, env);
  const file = join(cwd, `example-${block.line}.${block.lang === 'ts' ? 'mts' : 'mjs'}`);
  writeFileSync(file, toSources(block.text));
  return run([...node, file], cwd, env);
}

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.each(pages)('%s', (page) => {
  const blocks = readBlocks(root, page);
  const { dir, env } = workFolder();
  folders.push(dir);
  let last: { block: DocBlock; ran: Ran } | undefined;

  it('marks every block that is not a js, ts or sh example', () => {
    const unmarked = blocks.filter((b) => b.role === 'unmarked').map((b) => `${page}:${b.line} (${b.lang || 'no language'})`);
    expect(unmarked).toEqual([]);
  });

  for (const block of blocks) {
    const where = `${page}:${block.line}`;
    if (block.role === 'not-run') {
      it.skip(`${where} (${block.lang}, not run: ${block.note})`, () => {});
      continue;
    }
    if (block.role === 'file') {
      it(`${where} is written to ${block.note}`, () => {
        mkdirSync(dirname(resolve(dir, block.note)), { recursive: true });
        writeFileSync(resolve(dir, block.note), block.text);
      });
      continue;
    }
    if (block.role === 'output') {
      it(`${where} is what the example above it prints`, () => {
        expect(last, `${where}: an output block with no example before it`).toBeDefined();
        const { block: from, ran } = last!;
        const context = `${where}: the output shown for ${page}:${from.line} differs from what it prints:\n${ran.stdout}`;
        expect(outputMatches(block.text, ran.stdout), context).toBe(true);
      });
      continue;
    }
    if (block.role === 'ci') {
      it(`${where}: .ci/run runs exactly these commands`, () => {
        const ci = readFileSync(join(root, '.ci/run'), 'utf8').split('\n');
        const commands = block.text.trim().split('\n');
        const at = ci.indexOf(commands[0]!);
        expect(at, '.ci/run lacks the README\'s first command').toBeGreaterThanOrEqual(0);
        expect(ci.slice(at, at + commands.length)).toEqual(commands);
      });
      const cli = block.text.split('\n').filter((l) => l.startsWith('npx textlens '));
      it(`${where}: its textlens command runs`, async () => {
        const ran = await run(['bash', '-e', '-c', cli.join('\n')], dir, env);
        expect(ran.code, ran.stderr).toBe(0);
        expect(JSON.parse(ran.stdout)).toMatchObject({ ok: true });
      }, 60_000);
      continue;
    }
    it(`${where} (${block.lang}) runs`, async () => {
      const ran = await runBlock(block, dir, env);
      last = { block, ran };
      expect(ran.code, `${where} exited with ${ran.code}:\n${ran.stderr}\n${ran.stdout}`).toBe(0);
    }, 60_000);
  }
});

describe('links between README.md and docs/', () => {
  it.each(pages)('every relative link of %s resolves, anchors included', (page) => {
    const broken: string[] = [];
    for (const link of readLinks(root, page)) {
      const [path, anchor] = link.target.split('#') as [string, string | undefined];
      const file = path === '' ? join(root, page) : resolve(root, dirname(page), decodeURIComponent(path));
      if (!existsSync(file)) broken.push(`${link.page}:${link.line} ${link.target} (no such file)`);
      else if (anchor !== undefined && file.endsWith('.md') && !headingAnchors(root, file.slice(root.length)).has(anchor))
        broken.push(`${link.page}:${link.line} ${link.target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });

  it('README.md links to every page under docs/, and stays under 400 lines', () => {
    const linked = new Set(readLinks(root, 'README.md').map((l) => resolve(root, l.target.split('#')[0]!)));
    const docs = pages.filter((p) => p.startsWith('docs/') && !p.startsWith('docs/development/'));
    expect(docs.filter((p) => !linked.has(resolve(root, p)))).toEqual([]);
    expect(linked.has(resolve(root, 'docs/development/README.md'))).toBe(true);
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length - 1).toBeLessThanOrEqual(400);
  });
});

describe('the comparison of shown and printed output', () => {
  it('takes … for any text and whitespace runs for any whitespace', () => {
    expect(outputMatches('{"time":…,"ok":true}', '{"time":0.2757,"ok":true}')).toBe(true);
    expect(outputMatches('a b\n…\nz', 'a   b\nlines\nmore lines\nz\n')).toBe(true);
    expect(outputMatches('{"ok":true}', '{"ok":false}')).toBe(false);
    expect(outputMatches('a\nb', 'a\nb\nc')).toBe(false);
  });

  it('lets decimals differ by 0.002 and no more, whole numbers not at all', () => {
    expect(outputMatches('score 0.5299', 'score 0.5301')).toBe(true);
    expect(outputMatches('score 0.5299', 'score 0.5329')).toBe(false);
    expect(outputMatches('position 6', 'position 7')).toBe(false);
    expect(outputMatches('Q9617', 'Q96170')).toBe(false);
  });
});
