/**
 * `textlens/http`: the HTTP layer for any runtime with web-standard
 * Request/Response (Bun, Deno, edge workers, a Hono app of your own).
 * Nothing here imports a Node API; the Node adapter with its worker pool is
 * `textlens/http/node` (node-server.ts).
 */
export { createApp, type AppOptions, type TextlensApp } from './app.js';
export { createInProcessRunner, type AnalysisRunner } from './analysis-runner.js';
export { createEventsApi, type EventsApiOptions } from './events-api.js';
export { KeyRegistry, parseKeysJson, parseKeysEnv, type ApiKeySpec } from './keys.js';
export { DEFAULT_BODY_LIMITS, type BodyLimits } from './form-body.js';
export { DEFAULT_RESPONSE_SHAPE, RESPONSE_SHAPES, toHostedShape, type ResponseShape } from './client-compat.js';
