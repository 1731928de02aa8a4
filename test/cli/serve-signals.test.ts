/**
 * `textlens serve` stops on SIGTERM and SIGINT: it stops listening, ends its
 * analysis workers, closes its store, and exits 0; a signal that comes while
 * it starts shuts it down once it is up.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { serveCommand } from '../../src/cli/serve.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const child = fileURLToPath(new URL('../batch/cli-child.ts', import.meta.url));

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('textlens serve in a child process', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('on %s closes the port and its workers and exits 0', async (signal) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, 'serve', '--no-auth', '--host', '127.0.0.1', '--port', '0', '--events', 'memory:', '--workers', '1'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, sig) => resolve({ code, signal: sig })));
    const port = await new Promise<number>((resolve, reject) => {
      proc.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
        if (m) resolve(Number(m[1]));
      });
      void exit.then(() => reject(new Error(`serve exited before listening:\n${stderr}`)));
    });
    expect(await accepts(port)).toBe(true);

    proc.kill(signal);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(stderr).toContain(`textlens serve: ${signal}, shutting down`);
    expect(await accepts(port)).toBe(false);
  }, 90_000);
});

describe('serveCommand', () => {
  it('shuts down without serving when SIGTERM comes while it starts', async () => {
    let stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((stderr += String(s)), true));
    const before = process.listenerCount('SIGTERM');
    try {
      const serving = serveCommand(['--no-auth', '--port', '0', '--events', 'memory:', '--workers', '1']);
      // serveCommand is now opening the store and starting the workers.
      process.emit('SIGTERM', 'SIGTERM');
      await serving;
    } finally {
      vi.restoreAllMocks();
    }
    expect(stderr).toBe('textlens serve: SIGTERM, shutting down\n');
    expect(process.listenerCount('SIGTERM')).toBe(before);
  }, 60_000);
});
