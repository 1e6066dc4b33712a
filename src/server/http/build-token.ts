/**
 * The bulk export calls (export/index, export/products, export/changes) hand out the whole catalogue
 * in large pages: the static build needs them, the public does not (scraping it would cost the shop
 * a full read per request). They answer only a request carrying this process's build token — a random
 * secret made at start and kept in the environment as QATEH_BUILD_TOKEN, so the build's worker
 * threads (the running shop's rebuilds) and worker processes (parallel rendering) inherit it. Anyone
 * else gets the same 404 as for a path that does not exist.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { errorBody, MESSAGES } from './errors';

export const BUILD_TOKEN_HEADER = 'x-qateh-build-token';
const ENV = 'QATEH_BUILD_TOKEN';

/** This process's build token, made on first use. */
export function processBuildToken(): string {
  process.env[ENV] ??= randomBytes(32).toString('base64url');
  return process.env[ENV];
}

export function hasBuildToken(presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(processBuildToken());
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Guards the export paths. */
export function requireBuildToken(): MiddlewareHandler {
  processBuildToken();
  return async (c, next) => {
    // The very answer of a path that does not exist (app.notFound).
    if (!hasBuildToken(c.req.header(BUILD_TOKEN_HEADER))) return c.json(errorBody(404, MESSAGES.notFound), 404);
    await next();
  };
}
