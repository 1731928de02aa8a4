/** Flags every queue command shares: where the queue is (--queue URL, --schema NAME). */
import { DEFAULT_QUEUE_SCHEMA, openQueue, type QueueConnection, type QueueConnectionOptions } from '../queue/connection.js';
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

export function openQueueArgs(values: { queue: string; schema: string }, options: Omit<QueueConnectionOptions, 'schema'> = {}): Promise<QueueConnection> {
  return openQueue(values.queue, { ...options, schema: values.schema });
}
