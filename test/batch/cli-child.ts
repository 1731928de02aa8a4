/** Runs the textlens CLI from the TypeScript sources (as bin/textlens.js runs it from dist/), for tests that need a real child process. */
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
