/**
 * "The same query, straight in SQL": records the statements the server sends to the database while
 * it answers one request, then runs exactly those statements again through the bare driver, so the
 * benchmark can set the HTTP + validation + ORM + mapping cost against the database's own.
 */
import type { Database } from '../../src/server/db/client';

type QueryFn = (...args: unknown[]) => Promise<unknown>;
export type Statement = unknown[];

// Only reads are replayed: a background write (the batched search log) may land during a capture.
const isRead = (args: Statement) => {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
  return /^\s*(select|with)\b/i.test(text);
};

export class SqlRecorder {
  private readonly client: { query: QueryFn };
  private readonly original: QueryFn;
  private recording: Statement[] | null = null;

  constructor(database: Database) {
    // drizzle keeps the driver's client (PGlite, or the pg Pool) as $client and calls its query().
    this.client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
    this.original = this.client.query;
    // The wrapper needs its caller's own this as well as the recorder.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const self = this;
    this.client.query = function (this: unknown, ...args: unknown[]) {
      if (self.recording) self.recording.push(args);
      return self.original.apply(this, args);
    };
  }

  /** Runs fn and returns the read statements it sent. */
  async record(fn: () => Promise<unknown>): Promise<Statement[]> {
    this.recording = [];
    try {
      await fn();
      return this.recording.filter(isRead);
    } finally {
      this.recording = null;
    }
  }

  /** Milliseconds to run the statements one after another, as the request did. */
  async replay(statements: Statement[]): Promise<number> {
    const t0 = performance.now();
    for (const args of statements) await this.original.apply(this.client, args);
    return performance.now() - t0;
  }

  restore(): void {
    this.client.query = this.original;
  }
}
