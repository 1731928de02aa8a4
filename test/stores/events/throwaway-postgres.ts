/**
 * A PostgreSQL server for the PostgreSQL backend's tests:
 *   1. TEXTLENS_PG_URL when set (any server you point it at; the tests only
 *      create and drop their own schemas there), else
 *   2. a throwaway cluster from Debian's binaries (/usr/lib/postgresql/<v>/bin)
 *      in a temp dir, on a free loopback port, stopped and deleted afterwards.
 *      initdb refuses to run as root, so as root the cluster runs as the
 *      "postgres" user the Debian package creates, via runuser.
 * findPostgres() says synchronously whether either is possible, so a test
 * file can skip (or, in CI, fail) at collection time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PostgresSource =
  | { kind: 'url'; url: string }
  | { kind: 'cluster'; bin: string; runAs: { uid: number; gid: number } | null }
  | { kind: 'none'; reason: string };

export interface RunningPostgres {
  url: string;
  stop(): void;
  /**
   * A throwaway cluster only (not TEXTLENS_PG_URL): shut the server down the
   * way a restart or failover does (fast: every session is ended), and start
   * it again on the same port with the same data.
   */
  outage?: { shutDown(): void; startUp(): void };
}

export function findPostgres(): PostgresSource {
  const url = process.env.TEXTLENS_PG_URL;
  if (url) return { kind: 'url', url };
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    return {
      kind: 'none',
      reason: 'no TEXTLENS_PG_URL and no /usr/lib/postgresql/*/bin/initdb (apt-get install -y postgresql)',
    };
  }
  const bin = join(root, versions[0]!, 'bin');
  if (process.getuid?.() !== 0) return { kind: 'cluster', bin, runAs: null };
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { kind: 'cluster', bin, runAs: { uid: id('-u'), gid: id('-g') } };
  } catch {
    return { kind: 'none', reason: 'running as root and there is no "postgres" user to run initdb as' };
  }
}

/**
 * runuser lives in /usr/sbin, which a CI runner's or a service's PATH may leave out (a PATH of
 * /usr/local/bin:/usr/bin:/bin made every PostgreSQL suite fail with "spawnSync runuser ENOENT").
 */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser';

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgres(source: Exclude<PostgresSource, { kind: 'none' }>): Promise<RunningPostgres> {
  if (source.kind === 'url') return { url: source.url, stop: () => {} };

  const dir = mkdtempSync(join(tmpdir(), 'textlens-pg-'));
  const data = join(dir, 'data');
  if (source.runAs) {
    chownSync(dir, source.runAs.uid, source.runAs.gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]): void => {
    const cmd = join(source.bin, tool);
    const [file, argv] = source.runAs ? [RUNUSER, ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${tool} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error}`);
    }
  };

  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freeLoopbackPort();
  // A throwaway cluster: no fsync (these tests check behaviour, not the
  // server's durability), sockets only in our own dir.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const startUp = (): void =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
  startUp();

  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      process.off('exit', stop);
    }
  };
  // Never leave a server behind, even when the test run dies early.
  process.on('exit', stop);
  const shutDown = (): void => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, outage: { shutDown, startUp } };
}
