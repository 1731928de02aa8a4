/**
 * Runs the textlens CLI from the TypeScript sources for the queue tests'
 * child processes. For `worker`, two test-only faults can be injected through
 * the command's wrapRunner hook (never reachable from the real CLI):
 * - QUEUE_TEST_HANG_ON=MARKER: a document whose text holds MARKER never
 *   finishes here (the test kills this process while it holds that job);
 * - QUEUE_TEST_FAIL_ON=MARKER: a document whose text holds MARKER throws, as
 *   a crash of the analysis would (a 500: retried, then dead-lettered).
 */
import { main } from '../../src/cli/main.js';
import { workerCommand } from '../../src/cli/worker.js';
import type { FlatOptions } from '../../src/types.js';

const hangOn = process.env.QUEUE_TEST_HANG_ON;
const failOn = process.env.QUEUE_TEST_FAIL_ON;
const has = (options: FlatOptions, marker: string | undefined) => marker !== undefined && typeof options.text === 'string' && options.text.includes(marker);

const [command, ...rest] = process.argv.slice(2);
if (command === 'worker') {
  process.exitCode = await workerCommand(rest, {
    wrapRunner: (pool) => ({
      get failure() {
        return pool.failure;
      },
      timeoutMs: pool.timeoutMs,
      runCounted(options, shape, dictionaries) {
        if (has(options, hangOn)) return new Promise(() => {});
        if (has(options, failOn)) return Promise.reject(new Error(`injected crash on '${failOn}'`));
        return pool.runCounted(options, shape, dictionaries);
      },
    }),
  });
} else {
  process.exitCode = await main(process.argv.slice(2));
}
