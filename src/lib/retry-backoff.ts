/**
 * When a failed message is tried again: the wait doubles with each failure (base, 2×base, 4×base …) up to
 * a cap, so a provider that is down for an hour is not hammered, and one that blipped is retried soon.
 * After maxAttempts tries the message is given up (null).
 */
export function retryDelaySeconds(
  attemptsMade: number,
  opts: { baseSeconds: number; maxAttempts: number; capSeconds?: number },
): number | null {
  if (attemptsMade >= opts.maxAttempts) return null;
  const cap = opts.capSeconds ?? 6 * 3600;
  return Math.min(cap, opts.baseSeconds * 2 ** Math.max(0, attemptsMade - 1));
}
