/** What the server's thread and the database thread say to each other (pglite-thread.ts, pglite-worker.ts). */
export interface ThreadData {
  /** Folder of the database's files; undefined keeps it in memory (tests). */
  dataDir: string | undefined;
  /** SQL run once after opening, before the first request (session settings). */
  setup: string;
  /** A data-folder tarball the database starts as (DatabaseOptions.startFrom). */
  startFrom?: string | undefined;
}

export type Request = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      textTypes: number[];
      tx?: number | undefined;
    }
  | { op: 'exec'; sql: string; tx?: number | undefined }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);

export interface SentError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SentError }
  | { notify: string; payload: string }
  | { ready: true }
  | { ready: false; error: SentError };
