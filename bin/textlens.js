#!/usr/bin/env node
import { existsSync } from 'node:fs';

// The published package ships dist/; a checkout builds it with `npm run build`.
const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('textlens: dist/ is not built. In a checkout of textlens, run `npm run build` first.\n');
  process.exit(1);
}
const { main } = await import(entry.href);

process.exitCode = await main(process.argv.slice(2));
