/** The `textlens` command of the docs' shell examples: the CLI run from the TypeScript sources, as bin/textlens.js runs it from dist/. */
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
