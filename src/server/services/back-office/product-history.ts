/** Each product's change history: one row per changed field of a save — who, when, before and after. */
import { desc, eq } from 'drizzle-orm';
import type { ProductChange } from '../../../api/schemas/staff-products';
import type { Db } from '../../db/client';
import { productChanges, users } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Fields whose text can be long: the history says they changed, without copying the text twice. */
const LONG_TEXT = new Set(['description', 'descriptionFa', 'moreDescription', 'specification']);
/** Not edited fields but bookkeeping of the view. */
const IGNORED = new Set(['id', 'slug', 'updatedAt', 'deleted']);

/**
 * Compares two snapshots field by field and writes a row for each difference. `before` null means the
 * product was just created: its price and stock are recorded as their first values.
 */
export async function recordChanges(
  tx: Tx,
  productId: number,
  staffId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  source: string,
): Promise<string[]> {
  const rows: (typeof productChanges.$inferInsert)[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (IGNORED.has(field) && !(field === 'deleted' && before && 'deleted' in before)) continue;
    if (before === null) {
      if (field === 'price' || field === 'stock') rows.push({ productId, staffId, field, before: null, after: value, source });
      continue;
    }
    if (!(field in before) || JSON.stringify(before[field]) === JSON.stringify(value)) continue;
    const long = LONG_TEXT.has(field);
    rows.push({ productId, staffId, field, before: long ? null : (before[field] ?? null), after: long ? null : (value ?? null), source });
  }
  if (rows.length) await tx.insert(productChanges).values(rows);
  return before === null ? [] : rows.map((r) => r.field);
}

export async function productHistory(db: Db, productId: number, limit = 200): Promise<ProductChange[]> {
  const rows = await db
    .select({ c: productChanges, staff: users.username })
    .from(productChanges)
    .innerJoin(users, eq(users.id, productChanges.staffId))
    .where(eq(productChanges.productId, productId))
    .orderBy(desc(productChanges.id))
    .limit(limit);
  return rows.map(({ c, staff }) => ({
    id: c.id,
    field: c.field,
    before: c.before,
    after: c.after,
    source: c.source,
    staff,
    createdAt: c.createdAt.toISOString(),
  }));
}
