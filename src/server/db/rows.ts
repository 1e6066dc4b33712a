/**
 * The rows of a raw `db.execute(sql...)`. Drizzle types that result per driver (PGlite's and
 * node-postgres's query results), but both carry the rows in `rows`; a statement that returns none
 * (an UPDATE without RETURNING on some drivers) may leave it out.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
