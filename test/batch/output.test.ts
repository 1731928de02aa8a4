/**
 * Batch output: result lines, gzip by extension, and what --resume reads back
 * from a file a killed run left behind.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openSink, prepareResume, resultLine } from '../../src/batch/output.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'batch-out-'));
const ok = (id: string | number) => resultLine(id, { body: '{"ok":true}' });

describe('resultLine', () => {
  it('embeds the response JSON as is and writes errors with status and message', () => {
    expect(resultLine('a', { body: '{"time":0.1,"ok":true}' })).toBe('{"id":"a","response":{"time":0.1,"ok":true}}\n');
    expect(JSON.parse(resultLine(3, { error: { status: 504, message: 'too slow' } }))).toEqual({ id: 3, error: { status: 504, message: 'too slow' } });
    // A line without a usable id carries its line number instead.
    expect(JSON.parse(resultLine(null, { error: { status: 400, message: 'x' } }, 12))).toEqual({ id: null, line: 12, error: { status: 400, message: 'x' } });
  });
});

describe('prepareResume on a plain file', () => {
  it('finds nothing to skip when --out does not exist', async () => {
    const state = await prepareResume(join(tmp(), 'none.jsonl'));
    expect(state.done.size).toBe(0);
  });

  it('keeps complete lines and cuts off a partial last line', async () => {
    const file = join(tmp(), 'out.jsonl');
    const complete = ok('a') + resultLine(2, { error: { status: 500, message: 'boom' } }) + resultLine(null, { error: { status: 400, message: 'bad' } }, 4);
    writeFileSync(file, complete + '{"id":"c","response":{"ok":tr');
    const state = await prepareResume(file);
    expect([...state.done]).toEqual(['"a"', '2', 'line:4']);
    expect(state.errors).toBe(2);
    expect(state.droppedPartial).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(complete);
  });

  it('redoes a last line that parses but lost its newline (the write was cut off)', async () => {
    const file = join(tmp(), 'out.jsonl');
    writeFileSync(file, ok('a') + ok('b').trimEnd());
    const state = await prepareResume(file);
    expect([...state.done]).toEqual(['"a"']);
    expect(readFileSync(file, 'utf8')).toBe(ok('a'));
  });

  it('handles multi-byte text across its read chunks', async () => {
    const file = join(tmp(), 'out.jsonl');
    const big = resultLine('big', { body: JSON.stringify({ text: 'é🐕'.repeat(400_000) }) });
    writeFileSync(file, big + ok('z'));
    const state = await prepareResume(file);
    expect([...state.done]).toEqual(['"big"', '"z"']);
    expect(state.droppedPartial).toBe(false);
  });

  it('refuses a file that is not batch output', async () => {
    const file = join(tmp(), 'notes.jsonl');
    writeFileSync(file, '{"hello":"world"}\n' + ok('a'));
    await expect(prepareResume(file)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/line 1 is not a batch result/) });
  });
});

describe('gzip output', () => {
  it('writes gzip by extension and appends a second member that reads back as one stream', async () => {
    const file = join(tmp(), 'out.jsonl.gz');
    let sink = openSink(file, false);
    sink.write(ok('a'));
    await sink.close();
    sink = openSink(file, true);
    sink.write(ok('b'));
    await sink.close();
    expect(gunzipSync(readFileSync(file)).toString()).toBe(ok('a') + ok('b'));
    expect([...(await prepareResume(file)).done]).toEqual(['"a"', '"b"']);
  });

  it('recovers the complete lines of a gzip stream cut off mid-way and rewrites it readable', async () => {
    const file = join(tmp(), 'out.jsonl.gz');
    // Enough lines that the copy's buffer fills and the reading waits for it to drain.
    const lines = Array.from({ length: 20_000 }, (_, i) => ok(`doc-${i}`)).join('');
    const whole = gzipSync(lines);
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const state = await prepareResume(file);
    expect(state.droppedPartial).toBe(true);
    expect(state.done.size).toBeGreaterThan(0);
    expect(state.done.size).toBeLessThan(20_000);
    // The rewritten file holds exactly the complete lines, as valid gzip to which a run can append.
    const kept = gunzipSync(readFileSync(file)).toString();
    expect(kept.split('\n').filter(Boolean)).toHaveLength(state.done.size);
    expect(kept.endsWith('\n')).toBe(true);
    appendFileSync(file, gzipSync(ok('more')));
    expect(gunzipSync(readFileSync(file)).toString()).toBe(kept + ok('more'));
  });
});

describe('openSink', () => {
  it('drains a gzip output many times without piling up listeners (no MaxListenersExceededWarning)', async () => {
    const file = join(tmp(), 'many.jsonl.gz');
    const sink = openSink(file, false);
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const line = ok('x'.repeat(20_000));
    let drains = 0;
    try {
      for (let i = 0; i < 400; i++) {
        if (!sink.write(line)) {
          drains++;
          await sink.drain();
        }
      }
      await sink.close();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(drains).toBeGreaterThan(10);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    expect(gunzipSync(readFileSync(file)).toString().split('\n')).toHaveLength(401);
  });
});
