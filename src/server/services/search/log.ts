import type { Db } from '../../db/client';
import { searchLog } from '../../db/schema';

type Entry = typeof searchLog.$inferInsert;

/** Text PostgreSQL will store: no NUL (it refuses the whole statement), no half of a surrogate pair. */
const storable = (text: string) =>
  text.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * Search log writes are batched: one insert per flush instead of one per search, so logging never
 * queues in front of shoppers' reads (PGlite runs one statement at a time).
 */
export class SearchLogger {
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly flushMs = 2000,
    private readonly maxBuffer = 500,
  ) {}

  record(entry: Omit<Entry, 'id' | 'createdAt'>): void {
    this.buffer.push({
      ...entry,
      query: storable(entry.query).slice(0, 200),
      categorySlug: entry.categorySlug == null ? null : storable(entry.categorySlug).slice(0, 200),
      createdAt: new Date(),
    });
    if (this.buffer.length >= this.maxBuffer) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.flushMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (!batch.length) return;
    try {
      await this.db.insert(searchLog).values(batch);
    } catch (err) {
      // One row the database refuses must not cost the others: write them one by one, dropping only
      // those that fail. Statistics are not worth failing a search for; say so and move on.
      console.error(`search log batch of ${batch.length} failed, writing rows one by one:`, (err as Error).message);
      for (const entry of batch) {
        try {
          await this.db.insert(searchLog).values(entry);
        } catch (rowErr) {
          console.error('search log row dropped:', JSON.stringify(entry.query), (rowErr as Error).message);
        }
      }
    }
  }
}
