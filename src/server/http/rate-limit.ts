import type { Context, MiddlewareHandler } from 'hono';
import { HttpError, MESSAGES } from './errors';

/**
 * Fixed-window counter per client address, in this process: for PGlite, which one process opens.
 * On PostgreSQL the app uses the shared limiters instead (synced-rate-limit.ts, shared-rate-limit.ts).
 */
export function rateLimit(opts: {
  limit: number;
  windowSeconds: number;
  clientIp: (c: Context) => string;
  /** What the refused caller reads (Persian); the general "too many requests" text by default. */
  message?: (retryAfterSeconds: number) => string;
}): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = opts.windowSeconds * 1000;
  let lastSweep = Date.now();
  return async (c, next) => {
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [ip, w] of windows) if (now - w.start >= windowMs) windows.delete(ip);
      lastSweep = now;
    }
    const ip = opts.clientIp(c);
    let w = windows.get(ip);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(ip, w);
    }
    w.count++;
    if (w.count > opts.limit) {
      const retryAfter = Math.ceil((w.start + windowMs - now) / 1000);
      throw new HttpError(429, opts.message?.(retryAfter) ?? MESSAGES.tooManyFa, undefined, { 'Retry-After': String(retryAfter) });
    }
    await next();
  };
}
