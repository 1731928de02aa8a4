/**
 * Each platform seam has one shape: the browser module exports what the
 * Node module does, with the same types (tsc checks the assignments below;
 * the test checks the names at run time).
 */
import { describe, expect, it } from 'vitest';
import * as nodeResources from '../../src/platform/node/resources.js';
import * as webResources from '../../src/platform/web/resources.js';
import * as nodeFetch from '../../src/platform/node/fetch-url.js';
import * as webFetch from '../../src/platform/web/fetch-url.js';
import * as nodeOnnx from '../../src/platform/node/onnx.js';
import * as webOnnx from '../../src/platform/web/onnx.js';
import * as nodeSqlite from '../../src/platform/node/sqlite.js';
import * as webSqlite from '../../src/platform/web/sqlite.js';
import * as nodeTransformerNer from '../../src/platform/node/transformer-ner.js';
import * as webTransformerNer from '../../src/platform/web/transformer-ner.js';
import * as nodeTauProlog from '../../src/platform/node/tau-prolog.js';
import * as webTauProlog from '../../src/platform/web/tau-prolog.js';
import * as nodeWorkers from '../../src/threads/node.js';
import * as webWorkers from '../../src/threads/web.js';

const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['resources', nodeResources, webResources satisfies typeof nodeResources],
  ['fetch-url', nodeFetch, webFetch satisfies typeof nodeFetch],
  ['onnx', nodeOnnx, webOnnx satisfies typeof nodeOnnx],
  ['sqlite', nodeSqlite, webSqlite satisfies typeof nodeSqlite],
  ['transformer-ner', nodeTransformerNer, webTransformerNer satisfies typeof nodeTransformerNer],
  ['tau-prolog', nodeTauProlog, webTauProlog satisfies typeof nodeTauProlog],
  ['threads (#threads)', nodeWorkers, webWorkers satisfies typeof nodeWorkers],
];

describe('platform seams', () => {
  it.each(pairs)('%s: node and web export the same names', (_name, node, web) => {
    expect(Object.keys(web).sort()).toEqual(Object.keys(node).sort());
  });

  it('each platform picks its own default ONNX backend', () => {
    expect(nodeOnnx.DEFAULT_BACKEND).toBe('node');
    expect(webOnnx.DEFAULT_BACKEND).toBe('wasm');
  });

  it('a browser has no analysis worker threads: analyzeMany interleaves in its thread', async () => {
    expect(await webWorkers.startAnalysisWorkers({}, 2)).toBeUndefined();
  });

  it('a transformer NER directory is refused in a browser with a 400 naming the option', async () => {
    expect(() => webTransformerNer.readModelDir('/models/bert')).toThrow(/ner.transformers \/models\/bert: .*browser/);
    await expect(webTransformerNer.importTransformers()).rejects.toMatchObject({ status: 400 });
  });
});
