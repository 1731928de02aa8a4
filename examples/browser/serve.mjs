#!/usr/bin/env node
/**
 * A small static server for the built example (node serve.mjs [--port N]
 * [--isolated]): the page from dist/, the models under /models/ from the
 * textlens package, with the MIME types browsers insist on for .wasm and
 * .mjs. --isolated adds the COOP/COEP headers that make the page
 * cross-origin isolated, which onnxruntime-web's multi-threaded WASM needs
 * (SharedArrayBuffer). Any static server or CDN does the same job.
 */
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.sqlite': 'application/octet-stream',
};

/** The file under `root` that a URL path names, or undefined when it would leave `root`. */
function fileUnder(root, urlPath) {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
  const file = resolve(root, path);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

/**
 * Serves `mounts` (URL prefix → directory, longest prefix first) on
 * 127.0.0.1. Resolves to the server and its base URL once listening.
 */
export async function serveStatic({ mounts, port = 0, isolated = false }) {
  const table = Object.entries(mounts)
    .map(([prefix, dir]) => [prefix, resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  const server = createServer(async (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    const mount = table.find(([prefix]) => urlPath.startsWith(prefix));
    let file = mount && fileUnder(mount[1], urlPath.slice(mount[0].length));
    try {
      if (file && (await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = file ? await stat(file) : undefined;
      if (!file || !info?.isFile()) throw new Error('not found');
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': String(info.size),
        'cache-control': 'no-cache',
      };
      if (isolated) {
        headers['cross-origin-opener-policy'] = 'same-origin';
        headers['cross-origin-embedder-policy'] = 'require-corp';
      }
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`not found: ${urlPath}\n`);
    }
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const here = fileURLToPath(new URL('.', import.meta.url));
  // The models of the installed textlens package (this repository's own when run from it).
  const { packageRoot } = await import('./build.mjs');
  const { url } = await serveStatic({
    mounts: { '/': join(here, 'dist'), '/models/': join(packageRoot(), 'models') },
    port: portAt >= 0 ? Number(args[portAt + 1]) : 8080,
    isolated: args.includes('--isolated'),
  });
  console.log(`serving the example at ${url} (add ?mode=worker for the Web Worker variant)`);
}
