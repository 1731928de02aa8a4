/**
 * onnxruntime-web runs single-threaded unless the app asks for threads by
 * setting env.wasm.numThreads itself (a cross-origin isolated page): textlens
 * must not overwrite the app's choice (the browser bench's threaded rows).
 */
import { describe, expect, it } from 'vitest';
import { env } from 'onnxruntime-web';
import { runtimeFor, setWasmPaths } from '../../src/models/onnx-runner.js';

describe('WASM threads', () => {
  it('defaults to one thread', async () => {
    const runtime = await runtimeFor('wasm');
    expect(runtime.ort.env?.wasm?.numThreads).toBe(1);
  });

  it("keeps the number of threads the app set on onnxruntime-web's env", async () => {
    env.wasm.numThreads = 3;
    // Reconfigures the loaded runtime, as a second analyzer with wasmPaths does.
    // (No session is created here, so the prefix is never fetched from.)
    setWasmPaths('./');
    const runtime = await runtimeFor('wasm');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.ort.env?.wasm?.numThreads).toBe(3);
    expect(env.wasm.numThreads).toBe(3);
  });
});
