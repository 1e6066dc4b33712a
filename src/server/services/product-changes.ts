import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface ChangedProducts {
  /** The database's clock when asked, as text (microseconds kept): the next question's starting point. */
  now: string;
  /** Products whose row changed after the point asked for, newest first; at most `limit`. */
  products: { slug: string; updatedAt: string }[];
}

/**
 * Products changed after `since` less `marginSeconds`, by updated_at (the mark every product writer
 * sets: the staff editor, enable/delete, repricing, stock taken by an order, imports). updated_at is
 * the writer's transaction start, so a change committed after a question may carry a time before it:
 * the margin asks for the last seconds again. Times stay text so they compare exactly with the next answer.
 */
export async function productsChangedSince(db: Db, since: string | null, marginSeconds: number, limit: number): Promise<ChangedProducts> {
  const now = rowsOf<{ now: string }>(await db.execute(sql`select now()::text as now`))[0]!.now;
  const from = since ?? now;
  const rows = rowsOf<{ slug: string; at: string }>(
    await db.execute(sql`select slug, updated_at::text as at from products
      where updated_at > ${from}::timestamptz - make_interval(secs => ${marginSeconds})
      order by updated_at desc limit ${limit}`),
  );
  return { now, products: rows.map((r) => ({ slug: r.slug, updatedAt: r.at })) };
}
