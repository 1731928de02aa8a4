/**
 * The demo page runs the compiled renderer (dist/render/). Tests that serve
 * it build the package when dist/render/ is missing or older than
 * src/render/, as test/browser/harness.ts does for the whole package; they
 * do not rebuild for changes elsewhere in src/, which the demo never loads
 * except through the analysis API (run from the sources).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

const newest = (dir: string, ext: string): number =>
  Math.max(0, ...readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => statSync(join(dir, f)).mtimeMs));

export function ensureBuiltRenderer(): void {
  const built = join(root, 'dist', 'render');
  const fresh = existsSync(join(built, 'demo-page.js')) && newest(built, '.js') >= newest(join(root, 'src', 'render'), '.ts');
  if (fresh) return;
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}
