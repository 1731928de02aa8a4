/**
 * The slice of the ONNX Runtime JavaScript API textlens uses, for the model
 * code: the types live with the platform seam that loads the runtime
 * (src/platform/types.ts), so that the platform imports nothing above it.
 */
export type { Backend, OrtModule, OrtRuntime, OrtSession, OrtTensorCtor } from '../platform/types.js';
