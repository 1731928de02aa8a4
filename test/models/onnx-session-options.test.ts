/**
 * Native sessions run without the CPU memory arena: each session would keep
 * its own, grown to its largest call, for the process's life (the parser's,
 * the NER model's and the tagger's together held ~50 MB after a 50 kB
 * document; docs/speed.md, Memory). The session options are read where the
 * platform seam hands the runtime over.
 */
import { describe, expect, it, vi } from 'vitest';
import { fileLoader } from '../../src/resources/file-loader.js';

const created: Array<Record<string, unknown>> = [];

vi.mock('../../src/platform/node/onnx.js', async (importActual) => {
  const actual = await importActual<typeof import('../../src/platform/node/onnx.js')>();
  return {
    ...actual,
    loadRuntime: async (backend: Parameters<typeof actual.loadRuntime>[0]) => {
      const runtime = await actual.loadRuntime(backend);
      const { InferenceSession } = runtime.ort;
      const recording = {
        create: (bytes: Uint8Array, options: Record<string, unknown>) => {
          created.push(options);
          return InferenceSession.create(bytes, options);
        },
      };
      return { ...runtime, ort: { ...runtime.ort, InferenceSession: recording as unknown as typeof InferenceSession } };
    },
  };
});

describe('native ONNX sessions', () => {
  it('are created without the CPU memory arena, one intra-op thread, full graph optimisation', async () => {
    const { loadOnnxModel } = await import('../../src/models/onnx-runner.js');
    const model = await loadOnnxModel(fileLoader(), 'sentences/model.onnx', { backend: 'node' });
    expect(model.inputNames.length).toBeGreaterThan(0);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ enableCpuMemArena: false, intraOpNumThreads: 1, graphOptimizationLevel: 'all' });
  });
});
