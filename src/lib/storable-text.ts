/**
 * PostgreSQL's text and jsonb types cannot hold the NUL character (U+0000): a value carrying one makes
 * the statement fail. Input is checked for it where it enters the server, so the caller gets a 422
 * naming the field instead of a failed write.
 */

export const NUL_MESSAGE = 'این مقدار نویسه‌ی نامجاز (NUL) دارد؛ لطفاً آن را حذف کنید و دوباره بفرستید.';

/** Deeper than any shape the API accepts: such input is refused by its schema anyway. */
const MAX_DEPTH = 64;

/**
 * The paths (field names joined with ".", "_" for the value itself) of every string or object key in
 * `value` that holds a NUL. Walks without recursion, so deeply nested input cannot exhaust the stack.
 */
export function fieldsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(path.length ? path.join('.') : '_');
      continue;
    }
    if (v === null || typeof v !== 'object' || path.length >= MAX_DEPTH) continue;
    for (const [key, child] of Object.entries(v)) {
      if (key.includes('\u0000')) found.push([...path, key.replaceAll('\u0000', '')].join('.') || '_');
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  return found.sort();
}
