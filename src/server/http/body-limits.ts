/**
 * How large a request body may be, per route, in one table. Every body is checked before anything
 * reads it: a declared Content-Length over the limit is refused at once (the body is never read), a
 * chunked body is cut off as soon as it passes the limit. Without this, a 200 MB JSON body was read
 * and parsed in full. Refusals are 413 in the API's error shape with a Persian message.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { toPersianDigits } from '../../lib/persian';
import { BOM_MESSAGES } from '../services/bom/bom-errors';
import { BOM_LIMITS } from '../../lib/bom/upload-limits';
import { errorBody } from './errors';

/** JSON and forms: the largest real one (a 500-line cart update, a staff confirmation) is a few tens of KB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Multipart framing around an uploaded file: boundaries, part headers, the other fields. */
export const MULTIPART_OVERHEAD = 64 * 1024;

interface RouteBodyLimit {
  maxBytes: number;
  message: string;
}

/** Routes that take files, by path under the API base, with what the refused caller reads. */
export const UPLOAD_BODY_LIMITS: Record<string, RouteBodyLimit> = {
  '/SaveCustomerFile': { maxBytes: BOM_LIMITS.maxFileBytes + MULTIPART_OVERHEAD, message: BOM_MESSAGES.tooLarge },
  // The back office: product images and datasheets; a whole catalogue (products and categories files).
  '/staff/uploads': { maxBytes: 20 * 1024 * 1024 + MULTIPART_OVERHEAD, message: 'حجم فایل بیش از ۲۰ مگابایت است.' },
  '/staff/catalogue/import': {
    maxBytes: 2 * 80 * 1024 * 1024 + MULTIPART_OVERHEAD,
    message: 'حجم فایل‌های درون‌ریزی بیش از ۸۰ مگابایت است.',
  },
};

export const BODY_TOO_LARGE_MESSAGE = `حجم درخواست بیش از ${toPersianDigits(String(DEFAULT_BODY_LIMIT / (1024 * 1024)))} مگابایت است و پذیرفته نمی‌شود.`;

function limit(maxSize: number, message: string): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => c.json(errorBody(413, message), 413, { Connection: 'close' }) });
}

/** One middleware for the whole app: the upload routes' own limits under `apiBase`, the default everywhere else. */
export function bodyLimits(apiBase: string): MiddlewareHandler {
  const uploads = new Map(Object.entries(UPLOAD_BODY_LIMITS).map(([path, l]) => [apiBase + path, limit(l.maxBytes, l.message)]));
  const fallback = limit(DEFAULT_BODY_LIMIT, BODY_TOO_LARGE_MESSAGE);
  return (c, next) => {
    // A GET or HEAD has no body as fetch's Request sees it, so Hono's bodyLimit lets it through; asking
    // for c.req.raw.body built the whole Request (headers, stream, abort signal) on every page and search.
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    return (uploads.get(c.req.path) ?? fallback)(c, next);
  };
}
