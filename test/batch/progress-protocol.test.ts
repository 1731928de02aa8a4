/**
 * The progress line protocol of `npm run train`: the parser, the follower
 * that feeds the shared display and passes other lines through, and the
 * wrapper (training/train.mjs) end to end with a fake Python trainer.
 */
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { followTrainerOutput, formatProgressLine, parseProgressLine, progressNote } from '../../src/progress/protocol.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fakePython = fileURLToPath(new URL('../fixtures/fake-trainer/fake-python.py', import.meta.url));
// The fake trainer runs with the python3 on PATH (`#!/usr/bin/env python3`; standard library only).
const havePython = spawnSync('python3', ['--version']).status === 0;

function sink(isTTY = false) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 120 });
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('parseProgressLine', () => {
  it('reads done, total, unit and the trainer’s own figures in order', () => {
    const r = parseProgressLine('progress done=120 total=4000 unit=batch loss=0.4312 epoch=2/10\n');
    expect(r).toEqual({ done: 120, total: 4000, unit: 'batch', fields: [['loss', '0.4312'], ['epoch', '2/10']] });
    expect(progressNote(r!)).toBe('loss 0.4312 | epoch 2/10');
  });

  it('defaults the unit to step and leaves the total out when not given', () => {
    expect(parseProgressLine('progress done=0')).toEqual({ done: 0, unit: 'step', fields: [] });
    expect(progressNote({ done: 0, unit: 'step', fields: [] })).toBeUndefined();
  });

  it('reads back what formatProgressLine writes (the TypeScript trainers’ side), spaces in values made underscores', () => {
    const report = { done: 7, total: 111, unit: 'trial', fields: [['dev', '64.20'], ['best', 'lambda bag']] as Array<[string, string]> };
    expect(formatProgressLine(report)).toBe('progress done=7 total=111 unit=trial dev=64.20 best=lambda_bag');
    expect(parseProgressLine(formatProgressLine(report))).toEqual({ ...report, fields: [['dev', '64.20'], ['best', 'lambda_bag']] });
    expect(parseProgressLine(formatProgressLine({ done: 0, unit: 'step', fields: [] }))).toEqual({ done: 0, unit: 'step', fields: [] });
  });

  it('takes any other line as the trainer’s own output', () => {
    for (const line of [
      'epoch 3 loss 0.41',
      'progress is slow',
      'progress total=10 unit=batch', // no done
      'progress done=-1',
      'progress done=1.5',
      'progress done=3 total=0',
      'progress done=3 total=ten',
      'progress done=3 =x',
      'progress done=3 loss=',
      ' progress done=3',
      'progressdone=3',
    ]) {
      expect(parseProgressLine(line), line).toBeUndefined();
    }
  });
});

describe('followTrainerOutput', () => {
  async function follow(lines: string[], mode: 'lines' | 'quiet' | 'bar') {
    const input = new PassThrough();
    const err = sink(mode === 'bar');
    const out = sink();
    // A clock one second further at each reading: a phase starts at one reading and each report takes the next.
    let clock = 0;
    const done = followTrainerOutput(input, { label: 'train fake', mode, progressStream: err.stream, passThrough: out.stream, now: () => (clock += 1000) });
    input.end(lines.map((l) => `${l}\n`).join(''));
    await done;
    return { err: err.text(), out: out.text() };
  }

  const trainer = [
    'data: 10 sentences',
    'progress done=0 total=4 unit=batch',
    'progress done=2 total=4 unit=batch loss=0.5000 epoch=1/2',
    'epoch 1 loss 0.5',
    'progress done=4 total=4 unit=batch loss=0.2500 epoch=2/2',
    'progress done=0 total=2 unit=batch',
    'progress done=2 total=2 unit=batch loss=0.1000',
    'wrote model.onnx',
  ];

  it('passes other lines through unchanged and prints each phase’s last state on stderr', async () => {
    const { err, out } = await follow(trainer, 'lines');
    expect(out).toBe('data: 10 sentences\nepoch 1 loss 0.5\nwrote model.onnx\n');
    // Rates count from a phase's first report: 4 batches in the 3 s after it, then 2 in 2 s.
    expect(err).toBe(
      'train fake: 4/4 batch | 1.3 batch/s | loss 0.2500 | epoch 2/2 | ETA 0s\n' + 'train fake: 2/2 batch | 1.0 batch/s | loss 0.1000 | ETA 0s\n',
    );
  });

  it('prints nothing on stderr with --quiet, and still passes the trainer’s lines', async () => {
    const { err, out } = await follow(trainer, 'quiet');
    expect(err).toBe('');
    expect(out).toBe('data: 10 sentences\nepoch 1 loss 0.5\nwrote model.onnx\n');
  });

  it('draws the bar on a terminal', async () => {
    const { err } = await follow(trainer.slice(0, 5), 'bar');
    expect(err).toContain('train fake ██████████████████████████████ 4/4 batch | 1.3 batch/s | loss 0.2500 | epoch 2/2 | ETA 0s');
  });

  it('shows time per unit when a unit takes ten seconds or more', async () => {
    const input = new PassThrough();
    const err = sink();
    let clock = 0;
    const done = followTrainerOutput(input, { label: 'train slow', mode: 'lines', progressStream: err.stream, passThrough: sink().stream, now: () => (clock += 45_000) });
    // Readings: the phase starts at 45 s, the first report at 90 s, the second at 135 s: 2 epochs in 90 s.
    input.end('progress done=0 total=10 unit=epoch\nprogress done=2 total=10 unit=epoch\n');
    await done;
    expect(err.text()).toBe('train slow: 2/10 epoch | 45s/epoch | ETA 6m00s\n');
  });
});

describe.skipIf(!havePython)(`npm run train wrapper${havePython ? '' : ' (skipped: no python3 on PATH)'}`, () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['training/train.mjs', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TEXTLENS_PYTHON: fakePython, ...env },
    });

  it('shows the trainer’s progress on stderr, its own lines on stdout, and keeps --quiet for itself', () => {
    const r = run(['tagger', '--epochs', '1']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      'args -m training.tagger.train --epochs 1\nepoch 1/1 loss 0.5000\nprogress is a word this line only starts with\n',
    );
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^train tagger: 4\/4 batch \| .* \| epoch 1\/1 \| loss 0\.2500 \| ETA 0s$/);
    expect(lines[1]).toMatch(/^train tagger: 3\/3 tensor \| .* \| ETA 0s$/);
  });

  it('prints no progress with --quiet and exits with the trainer’s status', () => {
    const r = run(['parser', '--quiet'], { FAKE_TRAINER_EXIT: '3' });
    expect(r.status).toBe(3);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe('args -m training.parser.train');
  });
});
