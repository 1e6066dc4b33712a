/**
 * Multi-row INSERT that sends all rows as one JSON parameter and lets PostgreSQL unpack them with the
 * table's own row type (json_populate_recordset). Far cheaper than thousands of bound parameters,
 * on PGlite above all, and free of the 65535-parameter limit.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export async function bulkInsert<R extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  rows: Record<string, unknown>[],
  tail: SQL = sql``,
): Promise<R[]> {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!);
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${k}`);
    return column.name;
  });
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k, i) => [names[i], r[k] ?? null]))));
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  const result = await db.execute(
    sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(null::${name}, ${json}::json) ${tail}`,
  );
  return rowsOf<R>(result);
}
