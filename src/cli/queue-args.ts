/** Flags every queue command shares (queue enqueue/status/collect, worker): where the queue is. */
import { DEFAULT_QUEUE_SCHEMA } from '../queue/connection.js';
import type { StringFlag } from './args.js';

export const QUEUE_FLAGS = {
  queue: {
    type: 'string',
    value: 'URL',
    required: true,
    help: 'the PostgreSQL database holding the queue: postgres://user@host:5432/db (a password is better given in PGPASSWORD or ~/.pgpass than in the URL)',
  },
  schema: { type: 'string', value: 'NAME', help: "schema of the queue's tables, pg-boss's and textlens'", default: DEFAULT_QUEUE_SCHEMA },
} as const satisfies Record<string, StringFlag>;
