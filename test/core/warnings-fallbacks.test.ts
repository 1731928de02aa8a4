/**
 * The two runtime fallbacks are warnings with their own codes: models on
 * onnxruntime-web when onnxruntime-node cannot load, the knowledge base on
 * sql.js when better-sqlite3 cannot. Both are simulated here by making the
 * platform seam's native loaders fail.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAnalyzer } from '../../src/index.js';

vi.mock('../../src/platform/node/onnx.js', async (importActual) => {
  const actual = await importActual<typeof import('../../src/platform/node/onnx.js')>();
  return {
    ...actual,
    // What the seam returns when `import('onnxruntime-node')` throws.
    loadRuntime: async () => ({ ...(await actual.loadRuntime('wasm')), notice: 'The native ONNX runtime (onnxruntime-node) could not be loaded (simulated); models ran on onnxruntime-web (WASM) instead.' }),
  };
});

vi.mock('../../src/platform/node/sqlite.js', async (importActual) => {
  const actual = await importActual<typeof import('../../src/platform/node/sqlite.js')>();
  return { ...actual, openSqlite: (source: Parameters<typeof actual.openSqlite>[0], label: string) => actual.openSqlite(source, label, Promise.resolve({ error: 'simulated' })) };
});

describe('runtime fallbacks', () => {
  it('are coded onnx-wasm-fallback and sqlite-wasm-fallback, and still in message', async () => {
    const analyzer = await createAnalyzer();
    const r = await analyzer.analyze('Angela Merkel met Emmanuel Macron in Paris on Tuesday.', { extractors: 'entities', languageOverride: 'eng' });
    expect(r.response!.entities!.length).toBeGreaterThan(0);
    expect(r.warnings!.map((w) => w.code).sort()).toEqual(['onnx-wasm-fallback', 'sqlite-wasm-fallback']);
    expect(r.message).toBe(r.warnings!.map((w) => w.message).join(' '));
    expect(r.message).toContain('better-sqlite3');
  });
});
