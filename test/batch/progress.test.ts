/**
 * The progress display: the figures it shows, plain periodic lines when
 * stderr is not a terminal, a cli-progress bar when it is, silence with --quiet.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, describeProgress, plainProgressLine } from '../../src/progress/display.js';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 120 });
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('describeProgress', () => {
  it('counts resumed items towards the total but rates only this run', () => {
    const d = describeProgress({ done: 50, before: 100, total: 250, errors: 2, tokens: 10_000, elapsedMs: 10_000 }, 'docs');
    expect(d.counted).toBe('150/250 docs');
    expect(d.rate).toBe('5.0 docs/s');
    expect(d.tokens).toBe(' | 1000 tokens/s');
    expect(d.errors).toBe(' | 2 errors');
    expect(d.eta).toBe('20s'); // 100 left at 5/s
  });

  it('says the ETA is unknown without a total, and formats long ones in minutes and hours', () => {
    expect(describeProgress({ done: 3, elapsedMs: 1000 }, 'docs').eta).toBe('unknown');
    expect(describeProgress({ done: 1, total: 181, elapsedMs: 1000 }, 'docs').eta).toBe('3m00s');
    expect(describeProgress({ done: 1, total: 7202, elapsedMs: 1000 }, 'docs').eta).toBe('2h00m');
    expect(describeProgress({ done: 0, total: 10, elapsedMs: 0 }, 'docs').eta).toBe('?');
  });

  it('writes a plain line without the parts a command does not count', () => {
    expect(plainProgressLine('kb build', 'MB', { done: 12, total: 100, elapsedMs: 4000 })).toBe('kb build: 12/100 MB | 3.0 MB/s | ETA 29s\n');
  });
});

describe('createProgress', () => {
  it('prints a plain line per period when not a terminal, and the last state on stop', async () => {
    const out = capture(false);
    const p = createProgress({ label: 'batch', unit: 'docs', stream: out.stream, intervalMs: 20 });
    p.update({ done: 1, total: 4, errors: 0, elapsedMs: 1000 });
    // Wait for the period to pass (timers run late on a loaded machine: poll, do not guess).
    while (!out.text().includes('\n')) await new Promise((r) => setTimeout(r, 10));
    p.update({ done: 4, total: 4, errors: 1, elapsedMs: 2000 });
    p.stop();
    const lines = out.text().trimEnd().split('\n');
    expect(lines[0]).toBe('batch: 1/4 docs | 1.0 docs/s | 0 errors | ETA 3s');
    expect(lines[lines.length - 1]).toBe('batch: 4/4 docs | 2.0 docs/s | 1 errors | ETA 0s');
    // An unchanged state is not printed again.
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('draws a bar on a terminal', () => {
    const out = capture(true);
    const p = createProgress({ label: 'batch', unit: 'docs', stream: out.stream });
    p.update({ done: 5, total: 10, errors: 0, tokens: 500, elapsedMs: 1000 });
    p.stop();
    expect(out.text()).toContain('batch ███████████████░░░░░░░░░░░░░░░ 5/10 docs | 5.0 docs/s | 500 tokens/s | 0 errors | ETA 1s');
  });

  it('prints nothing when quiet', () => {
    const out = capture(true);
    const p = createProgress({ label: 'batch', unit: 'docs', stream: out.stream, mode: 'quiet' });
    p.update({ done: 1, elapsedMs: 1 });
    p.stop();
    expect(out.text()).toBe('');
  });
});
