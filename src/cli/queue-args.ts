/** Flags every queue command shares: where the queue is (--queue URL, --schema NAME). */
import { AnalysisError } from '../errors.js';
import { DEFAULT_QUEUE_SCHEMA, openQueue, type QueueConnection, type QueueConnectionOptions } from '../queue/connection.js';

export const QUEUE_FLAGS = {
  queue: { type: 'string' },
  schema: { type: 'string' },
} as const;

export const QUEUE_FLAGS_USAGE = `  --queue URL       the PostgreSQL database holding the queue: postgres://user@host:5432/db
                    (a password is better given in PGPASSWORD or ~/.pgpass than in the URL)
  --schema NAME     schema of the queue's tables, pg-boss's and textlens' (default ${DEFAULT_QUEUE_SCHEMA})
`;

export async function openQueueArgs(values: { queue?: string; schema?: string }, options: Omit<QueueConnectionOptions, 'schema'> = {}): Promise<QueueConnection> {
  if (values.queue === undefined) throw new AnalysisError(400, 'give --queue postgres://user@host:5432/db (the database that holds the queue)', 'queue');
  return openQueue(values.queue, { ...options, schema: values.schema });
}
