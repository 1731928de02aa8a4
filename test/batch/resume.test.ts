/**
 * A batch interrupted anywhere and resumed ends with the output and the exit
 * status of the same batch run uninterrupted, repeated ids and failed
 * documents included. The input is a real file, the output a real file read
 * back by prepareResume; the analysis is a fake runner (no workers).
 *
 * An interruption is either a kill (the output holds a prefix of the result
 * lines, the last one maybe cut off) or an abort (SIGINT: reading stops, the
 * documents in flight are written), at every point of the run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import type { CountedResult } from '../../src/http/analysis-pool.js';
import { openSource } from '../../src/batch/input.js';
import { openSink, prepareResume, type ResultSink } from '../../src/batch/output.js';
import { runBatch, type BatchStats, type CountingRunner } from '../../src/batch/run.js';
import { batchExitStatus } from '../../src/cli/batch.js';
import type { FlatOptions } from '../../src/types.js';

/** Answers {"text"} after a delay that lets later documents finish first; a "fail" text gets a 500. */
const runner: CountingRunner = {
  async runCounted(options: FlatOptions): Promise<CountedResult> {
    const text = String(options.text);
    await new Promise((r) => setTimeout(r, text.length % 3));
    if (text === 'fail') throw new AnalysisError(500, `cannot analyze ${text}`);
    return { body: new TextEncoder().encode(JSON.stringify({ ok: true, text })), tokens: 1 };
  },
};

const line = (doc: object) => JSON.stringify(doc) + '\n';

/** Two repeated ids, a line that is not JSON, a document that fails. */
const MIXED = [
  line({ id: 'a', text: 'alpha' }),
  line({ id: 'b', text: 'beta' }),
  line({ id: 'a', text: 'again' }),
  'not json\n',
  line({ id: 'c', text: 'gamma' }),
  line({ id: 'b', text: 'fail' }),
  line({ id: 'd', text: 'fail' }),
  line({ id: 'e', text: 'epsilon' }),
].join('');

/** A repeated id is the only error. */
const ONE_REPEAT = [line({ id: 'a', text: 'alpha' }), line({ id: 'b', text: 'beta' }), line({ id: 'a', text: 'again' }), line({ id: 'c', text: 'gamma' })].join('');

const tmp = () => mkdtempSync(join(tmpdir(), 'batch-resume-'));

function readLines(path: string): string[] {
  const bytes = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return text.split('\n').slice(0, -1);
}

/** One run of the batch over `input` into `out`, as runBatchJob does it; `abortAfter`: abort once that many lines are written. */
async function run(input: string, out: string, resume: boolean, abortAfter?: number): Promise<BatchStats> {
  const state = resume ? await prepareResume(out) : undefined;
  const source = await openSource(input);
  const file = openSink(out, resume);
  const controller = new AbortController();
  let written = 0;
  const sink: ResultSink = {
    write(l) {
      const room = file.write(l);
      if (++written === abortAfter) controller.abort();
      return room;
    },
    drain: () => file.drain(),
    close: () => file.close(),
  };
  if (abortAfter === 0) controller.abort();
  try {
    return await runBatch({ items: source.items(), runner, sink, concurrency: 3, skip: state?.done, failed: state?.failed, signal: controller.signal });
  } finally {
    source.close();
    await sink.close();
  }
}

describe.each([
  ['repeated ids, a bad line and a failed document', MIXED],
  ['a repeated id as the only error', ONE_REPEAT],
])('batch --resume with %s', (_, corpus) => {
  const dir = tmp();
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, corpus);

  it('an uninterrupted run writes one line per input line and exits 1', async () => {
    const out = join(dir, 'whole.jsonl');
    const stats = await run(input, out, false);
    const lines = readLines(out);
    expect(lines).toHaveLength(corpus.split('\n').length - 1);
    expect(lines.filter((l) => l.includes('was already used'))).toHaveLength(corpus === MIXED ? 2 : 1);
    // The repeated id's error carries its line, beside the id.
    expect(JSON.parse(lines[2]!)).toMatchObject({ id: 'a', line: 3, error: { status: 400 } });
    expect(batchExitStatus(stats)).toBe(1);
  });

  it('killed after any number of lines, the last maybe cut off, and resumed: the same lines and exit status', async () => {
    const whole = join(dir, 'reference.jsonl');
    const expected = await run(input, whole, false);
    const reference = readLines(whole);
    for (let k = 0; k <= reference.length; k++) {
      for (const cut of [false, true]) {
        if (cut && k === reference.length) continue;
        const out = join(dir, `killed-${k}-${cut}.jsonl`);
        const prefix = reference.slice(0, k).map((l) => l + '\n').join('');
        writeFileSync(out, prefix + (cut ? reference[k]!.slice(0, 10) : ''));
        const resumed = await run(input, out, true);
        const where = `killed after ${k} lines${cut ? ' and part of the next' : ''}`;
        expect(readLines(out), where).toEqual(reference);
        expect(batchExitStatus(resumed), where).toBe(batchExitStatus(expected));
        expect(resumed.skipped + resumed.done, where).toBe(reference.length);
      }
    }
  });

  it.each(['jsonl', 'jsonl.gz'])('interrupted (SIGINT) at every point and resumed, into .%s: the same lines and exit status', async (extension) => {
    const whole = join(dir, `reference.${extension}`);
    const expected = await run(input, whole, false);
    const reference = readLines(whole);
    for (let k = 0; k <= reference.length; k++) {
      const out = join(dir, `aborted-${k}.${extension}`);
      const first = await run(input, out, false, k);
      const resumed = await run(input, out, true);
      const where = `aborted after ${k} lines (${first.interrupted ? 'interrupted' : 'finished'})`;
      expect(readLines(out), where).toEqual(reference);
      expect(batchExitStatus(resumed), where).toBe(batchExitStatus(expected));
    }
  });
});

describe('batchExitStatus', () => {
  it('counts the errors a resumed run skipped, after a fatal stop and an interruption', () => {
    const stats = { errors: 0, skippedErrors: 0, interrupted: false };
    expect(batchExitStatus(stats)).toBe(0);
    expect(batchExitStatus({ ...stats, skippedErrors: 1 })).toBe(1);
    expect(batchExitStatus({ ...stats, errors: 2 })).toBe(1);
    expect(batchExitStatus({ ...stats, skippedErrors: 1, interrupted: true })).toBe(130);
    expect(batchExitStatus({ ...stats, interrupted: true, fatal: 'the pool failed' })).toBe(1);
  });
});
