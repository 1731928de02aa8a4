/**
 * `textlens batch` end to end with real worker threads: a child process
 * killed with SIGKILL mid-run and resumed, a SIGINT that drains the documents
 * in flight, a directory into gzip, and the refusals that protect --out.
 *
 * The child reads its documents from a pipe fed a few at a time, so that it is
 * still mid-run, whatever the machine's speed, when the signal arrives.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { batchCommand } from '../../src/cli/batch.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const child = fileURLToPath(new URL('./cli-child.ts', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/batch/', import.meta.url));

const SENTENCES = ['The ferry left at dawn.', 'Markets were calm on Tuesday.', 'She planted tomatoes in the garden.', 'Two trains collided near the station.'];
const corpus = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ id: i, text: `Document ${i}. ${SENTENCES[i % SENTENCES.length]}` }) + '\n');

function startBatch(args: string[]): { proc: ChildProcessWithoutNullStreams; exit: Promise<number | null>; stderr: () => string } {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, 'batch', ...args], { cwd: root, stdio: 'pipe' });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  proc.stdout.resume();
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code, signal) => resolve(signal ? null : code)));
  return { proc, exit, stderr: () => err };
}

const completeLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : []);

async function until(condition: () => boolean, what: string, ms = 45_000): Promise<void> {
  const t0 = Date.now();
  while (!condition()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Feeds three documents, waits for the first result (the models are loaded),
 * then one document every 60 ms until `stop()` says enough: the child is mid-run.
 */
async function trickle(proc: ChildProcessWithoutNullStreams, out: string, lines: string[], stop: () => boolean): Promise<number> {
  let sent = 0;
  for (const l of lines) {
    if (sent === 3) await until(() => completeLines(out).length > 0, 'the first result');
    if (stop()) break;
    proc.stdin.write(l);
    sent++;
    if (sent > 3) await new Promise((r) => setTimeout(r, 60));
  }
  return sent;
}

describe('textlens batch in a child process', () => {
  it('resumes after kill -9: every document once, in input order, a cut-off last line redone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-kill-'));
    const out = join(dir, 'out.jsonl');
    const docs = corpus(40);
    writeFileSync(join(dir, 'in.jsonl'), docs.join(''));

    const first = startBatch(['--in', '-', '--out', out, '--extractors', 'words', '--workers', '1', '--quiet']);
    const sent = await trickle(first.proc, out, docs, () => completeLines(out).length >= 5);
    await until(() => completeLines(out).length >= 5, 'five results from the first run');
    first.proc.kill('SIGKILL');
    expect(await first.exit).toBeNull();
    expect(sent).toBeLessThan(docs.length); // it really was killed mid-run

    const before = completeLines(out);
    // What a write cut off by the kill looks like: the next result, half written.
    appendFileSync(out, `{"id":${before.length},"response":{"time":0.01,"ok":tr`);

    const second = startBatch(['--in', join(dir, 'in.jsonl'), '--out', out, '--resume', '--extractors', 'words', '--workers', '1']);
    expect(await second.exit).toBe(0);
    expect(second.stderr()).toMatch(/resuming: \d+ documents already in .*a cut-off last result was dropped/);
    expect(second.stderr()).toMatch(new RegExp(`done=${40 - before.length} ok=${40 - before.length} errors=0 skipped=${before.length} `));

    const results = completeLines(out).map((l) => JSON.parse(l) as { id: number; response?: { ok: boolean; response: { sentences: Array<{ words: Array<{ token: string }> }> } } });
    expect(results.map((r) => r.id)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    for (const r of results) {
      expect(r.response?.ok).toBe(true);
      expect(r.response?.response.sentences[0]!.words[1]!.token).toBe(String(r.id));
    }
    expect(readFileSync(out, 'utf8').endsWith('\n')).toBe(true);
  }, 120_000);

  it.each(['SIGINT', 'SIGTERM'] as const)('on %s finishes the documents in flight, writes only whole lines and exits 130', async (signal) => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-int-'));
    const out = join(dir, 'out.jsonl');
    const run = startBatch(['--in', '-', '--out', out, '--extractors', 'words', '--workers', '1', '--unordered']);
    await trickle(run.proc, out, corpus(60), () => completeLines(out).length >= 3);
    run.proc.kill(signal);
    // stdin stays open: the command must stop reading it by itself.
    expect(await run.exit).toBe(130);
    expect(run.stderr()).toContain(`${signal}, finishing the documents in flight`);
    expect(run.stderr()).toMatch(/interrupted=true\n$/);
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = completeLines(out).map((l) => JSON.parse(l) as { id: number; response?: unknown });
    expect(lines.every((l) => l.response !== undefined)).toBe(true);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    const done = Number(/ done=(\d+) /.exec(run.stderr())?.[1]);
    expect(done).toBe(lines.length);
  }, 120_000);
});

describe('batchCommand in process', () => {
  it('analyzes a directory into gzip, HTML cleaned, with progress lines and a name=value summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-dir-'));
    const out = join(dir, 'out.jsonl.gz');
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await batchCommand(['--in', join(fixtures, 'docs'), '--out', out, '--extractors', 'words', '--workers', '1', '--param', 'cleanup.returnCleaned=true'], { stderr, signal: new AbortController().signal });
    expect(code).toBe(0);
    const results = gunzipSync(readFileSync(out)).toString().trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; response: { response: { cleanedText: string } } });
    expect(results.map((r) => r.id)).toEqual(['a.txt', 'b.html', 'news/c.txt']);
    const html = results[1]!.response.response.cleanedText;
    expect(html).toContain('The harbour opened a new pier');
    expect(html).not.toContain('<p>');
    expect(err).toMatch(/batch: 3\/3 docs \| [\d.]+ docs\/s \| \d+ tokens\/s \| 0 errors \| ETA 0s/);
    expect(err.trimEnd().split('\n').pop()).toMatch(/^batch: done=3 ok=3 errors=0 skipped=0 docs_per_s=[\d.]+ tokens=\d+ tokens_per_s=\d+ seconds=[\d.]+ workers=1 interrupted=false$/);

    // A second run must not overwrite it by accident.
    await expect(batchCommand(['--in', join(fixtures, 'docs'), '--out', out], { stderr })).rejects.toThrow(/already exists: give --resume .* or --overwrite/);
    // --resume with everything done analyzes nothing.
    expect(await batchCommand(['--in', join(fixtures, 'docs'), '--out', out, '--resume', '--workers', '1', '--quiet'], { stderr, signal: new AbortController().signal })).toBe(0);
    expect(err.trimEnd().split('\n').pop()).toMatch(/done=0 ok=0 errors=0 skipped=3 /);
  }, 120_000);

  it('records bad lines and failed documents, exits 1, and still writes the others', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-bad-'));
    const out = join(dir, 'out.jsonl');
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await batchCommand(['--in', join(fixtures, 'docs.jsonl'), '--out', out, '--extractors', 'words', '--workers', '1'], { stderr, signal: new AbortController().signal });
    expect(code).toBe(1);
    const results = completeLines(out).map((l) => JSON.parse(l) as { id: unknown; error?: { status: number } });
    expect(results.map((r) => r.id)).toEqual(['d1', 2, 'd3', null, 'd5', 'd6']);
    expect(results.map((r) => r.error?.status)).toEqual([undefined, undefined, undefined, 400, 400, undefined]);
    expect(err).toMatch(/2 documents failed; their errors are in /);
  }, 120_000);

  it('gives every worker the --dictionary it was started with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-dict-'));
    const input = join(dir, 'in.jsonl');
    const out = join(dir, 'out.jsonl');
    writeFileSync(input, corpus(0).join('') + JSON.stringify({ id: 'r', text: 'She bought an Acme Rocket yesterday.' }) + '\n');
    const dictionary = fileURLToPath(new URL('../fixtures/dictionaries/products.jsonl', import.meta.url));
    const code = await batchCommand(
      ['--in', input, '--out', out, '--extractors', 'entities', '--dictionary', `products=${dictionary}`, '--param', 'entities.dictionaries=products', '--workers', '1', '--quiet'],
      { stderr: new PassThrough(), signal: new AbortController().signal },
    );
    expect(code).toBe(0);
    const [result] = completeLines(out).map((l) => JSON.parse(l) as { response: { response: { entities: Array<{ customEntityId?: string; matchedText: string }> } } });
    expect(result!.response.response.entities).toEqual(expect.arrayContaining([expect.objectContaining({ customEntityId: 'acme-rocket', matchedText: 'Acme Rocket' })]));
  }, 120_000);

  it('fetches {"id", "url"} documents in the workers, with --allow-host for a local server', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><body><nav>Menu</nav><article><p>The lighthouse keeper retired last spring.</p></article></body></html>');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const dir = mkdtempSync(join(tmpdir(), 'batch-url-'));
      const input = join(dir, 'in.jsonl');
      const out = join(dir, 'out.jsonl');
      writeFileSync(input, [{ id: 'page', url: `${base}/page.html` }, { id: 'gone', url: `${base}/missing.html` }].map((d) => JSON.stringify(d) + '\n').join(''));
      const code = await batchCommand(['--in', input, '--out', out, '--extractors', 'words', '--allow-host', '127.0.0.1', '--workers', '1', '--quiet'], {
        stderr: new PassThrough(),
        signal: new AbortController().signal,
      });
      expect(code).toBe(1);
      const [page, gone] = completeLines(out).map((l) => JSON.parse(l) as { id: string; response?: { response: { sentences: Array<{ words: Array<{ token: string }> }> } }; error?: { status: number; message: string } });
      expect(page!.response!.response.sentences[0]!.words.map((w) => w.token).join(' ')).toBe('The lighthouse keeper retired last spring .');
      expect(gone).toMatchObject({ id: 'gone', error: { status: 400 } });
      expect(gone!.error!.message).toMatch(/404/);
    } finally {
      server.close();
    }
  }, 120_000);

  it('refuses bad settings before starting any worker', async () => {
    const stderr = new PassThrough();
    const dir = mkdtempSync(join(tmpdir(), 'batch-args-'));
    const out = join(dir, 'out.jsonl');
    const input = join(fixtures, 'docs.jsonl');
    await expect(batchCommand(['--out', out], { stderr })).rejects.toThrow(/--in and --out are required/);
    await expect(batchCommand(['--in', input, '--out', out, '--workers', '0'], { stderr })).rejects.toThrow(/--workers must be a whole number/);
    await expect(batchCommand(['--in', input, '--out', out, '--resume', '--overwrite'], { stderr })).rejects.toThrow(/contradict/);
    await expect(batchCommand(['--in', input, '--out', out, '--dictionary', `x=${join(dir, 'missing.csv')}`], { stderr })).rejects.toThrow(/missing.csv/);
    await expect(batchCommand(['--in', join(dir, 'nope.jsonl'), '--out', out], { stderr })).rejects.toThrow(/no such file or directory/);
    await expect(batchCommand(['--in', input, '--out', out, '--param', 'dependencies.scheme=nonsense'], { stderr })).rejects.toMatchObject({ status: 400 });
    expect(existsSync(out)).toBe(false);
  });
});
