/**
 * The columns a signed-in customer chose for a file, remembered by the file's header row: their next
 * file with the same headers is read with the same columns.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerColumnChoices } from '../../db/schema';
import { foldHeader, type ColumnMap } from './columns';

/** The header row as one key: each cell folded, so "Qty " and "qty" are the same header. */
export const headersKey = (headers: string[]) =>
  headers
    .map((h) => foldHeader(h))
    .join('|')
    .slice(0, 2000);

export async function rememberedColumns(db: Db, userId: number, headers: string[]): Promise<ColumnMap | null> {
  const [row] = await db
    .select({ columns: customerColumnChoices.columns })
    .from(customerColumnChoices)
    .where(and(eq(customerColumnChoices.userId, userId), eq(customerColumnChoices.headersKey, headersKey(headers))))
    .limit(1);
  return row ? (row.columns as unknown as ColumnMap) : null;
}

export async function rememberColumns(db: Db, userId: number, headers: string[], columns: ColumnMap): Promise<void> {
  const value = columns as unknown as Record<string, number | null>;
  await db
    .insert(customerColumnChoices)
    .values({ userId, headersKey: headersKey(headers), columns: value })
    .onConflictDoUpdate({
      target: [customerColumnChoices.userId, customerColumnChoices.headersKey],
      set: { columns: value, createdAt: sql`now()` },
    });
}
