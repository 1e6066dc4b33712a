/** Splits a list for multi-row statements: PostgreSQL takes at most 65535 parameters per statement. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
