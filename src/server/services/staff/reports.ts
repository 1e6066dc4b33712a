/**
 * Back office reports: paid sales by day and by month (Tehran's calendar day, as the footer's
 * search statistics count), best sellers from paid order lines, low stock, and searches that found nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The day (YYYY-MM-DD) a time falls on in Tehran. */
const tehranDay = (column: string) => sql.raw(`((${column}) at time zone 'Asia/Tehran')::date`);

export async function salesReport(db: Db, by: 'day' | 'month', from: string, to: string) {
  const bucket = by === 'day' ? sql`to_char(${tehranDay('paid_at')}, 'YYYY-MM-DD')` : sql`to_char(${tehranDay('paid_at')}, 'YYYY-MM')`;
  const result = await db.execute(sql`
    SELECT ${bucket} AS period, count(*)::int AS orders, coalesce(sum(total), 0)::bigint AS total
    FROM orders
    WHERE paid_at IS NOT NULL AND deleted_at IS NULL AND ${tehranDay('paid_at')} BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1 ORDER BY 1`);
  return rowsOf<{ period: string; orders: number; total: string | number }>(result).map((r) => ({
    period: r.period,
    orders: Number(r.orders),
    total: Number(r.total),
  }));
}

export async function bestSellers(db: Db, from: string, to: string, limit: number) {
  const result = await db.execute(sql`
    SELECT l.product_id AS "productId", max(l.product->>'nameFa') AS "name", max(l.product->>'partNumber') AS "partNumber",
      max(l.product->>'slug') AS "slug", sum(l.quantity)::int AS quantity, sum(l.line_total)::bigint AS total
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.paid_at IS NOT NULL AND o.deleted_at IS NULL AND l.available AND l.quantity > 0
      AND ${tehranDay('o.paid_at')} BETWEEN ${from}::date AND ${to}::date
    GROUP BY l.product_id, l.product->>'slug'
    ORDER BY quantity DESC, total DESC LIMIT ${limit}`);
  return rowsOf<{ productId: number | null; name: string; partNumber: string; slug: string; quantity: number; total: string | number }>(
    result,
  ).map((r) => ({ ...r, quantity: Number(r.quantity), total: Number(r.total) }));
}

/** Enabled products with at most `below` units left, emptiest first. */
export async function lowStock(db: Db, below: number, limit: number) {
  const result = await db.execute(sql`
    SELECT id, slug, name_fa AS "name", part_number AS "partNumber", stock, sales_count AS "sales"
    FROM products WHERE enable AND deleted_at IS NULL AND stock <= ${below}
    ORDER BY stock ASC, sales_count DESC, id ASC LIMIT ${limit}`);
  return rowsOf<{ id: number; slug: string; name: string; partNumber: string; stock: number; sales: number }>(result);
}

/** What customers looked for and the shop did not have: a sourcing list, most asked first. */
export async function searchesWithoutResults(db: Db, days: number, limit: number) {
  const result = await db.execute(sql`
    SELECT lower(query) AS query, count(*)::int AS searches, max(created_at) AS "lastAt"
    FROM search_log
    WHERE results_count = 0 AND created_at > now() - make_interval(days => ${days})
    GROUP BY lower(query) ORDER BY searches DESC, max(created_at) DESC LIMIT ${limit}`);
  return rowsOf<{ query: string; searches: number; lastAt: string | Date }>(result).map((r) => ({
    query: r.query,
    searches: Number(r.searches),
    lastAt: new Date(r.lastAt).toISOString(),
  }));
}
