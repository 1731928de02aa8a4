/**
 * The ONNX seam in Node: when onnxruntime-node cannot be imported (here: its
 * import made to fail, as when the optional dependency is not installed),
 * the models run on onnxruntime-web and the response message says so once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const TEXT = 'The committee met on Monday. It approved the budget for next year, after a long debate.';

afterEach(() => {
  vi.doUnmock('onnxruntime-node');
  vi.resetModules();
});

describe('without onnxruntime-node', () => {
  it('falls back to onnxruntime-web with one warning in message, and the same analysis', async () => {
    vi.resetModules();
    vi.doMock('onnxruntime-node', () => {
      throw new Error("Cannot find package 'onnxruntime-node' (simulated)");
    });
    const { createAnalyzer } = await import('../../src/analyzer.js');
    const analyzer = await createAnalyzer();
    const r = await analyzer.analyze(TEXT, { extractors: 'words,dependency-trees' });
    // Four models ran (sentences, tagger with its character model, parser): one warning.
    expect(r.message).toMatch(/The native ONNX runtime \(onnxruntime-node\) could not be loaded \(.+\); models ran on onnxruntime-web \(WASM\)/);
    expect(r.message?.match(/could not be loaded/g)).toHaveLength(1);

    // An explicit WASM choice runs the same runtime without a warning.
    const wasm = await (await createAnalyzer({ backend: 'wasm' })).analyze(TEXT, { extractors: 'words,dependency-trees' });
    expect(wasm.message ?? '').not.toMatch(/onnxruntime-node/);
    expect(wasm.response).toEqual(r.response);

    // And the native runtime, when it loads, gives the same analysis without the warning.
    vi.doUnmock('onnxruntime-node');
    vi.resetModules();
    const native = await (await (await import('../../src/analyzer.js')).createAnalyzer()).analyze(TEXT, { extractors: 'words,dependency-trees' });
    expect(native.message ?? '').not.toMatch(/onnxruntime/);
    expect(native.response?.sentences).toEqual(r.response?.sentences);
  });

  it("backend 'wasm' runs the whole pipeline on onnxruntime-web, the sentence model included", async () => {
    vi.resetModules();
    let nativeImports = 0;
    vi.doMock('onnxruntime-node', () => {
      nativeImports++;
      throw new Error('must not be imported');
    });
    const { createAnalyzer } = await import('../../src/analyzer.js');
    const r = await (await createAnalyzer({ backend: 'wasm' })).analyze(TEXT, { extractors: 'words,dependency-trees' });
    expect(nativeImports).toBe(0);
    expect(r.response?.sentences).toHaveLength(2);
  });
});
