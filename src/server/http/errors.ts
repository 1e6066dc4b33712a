import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse, FieldErrors } from '../../api/schemas/common';

export const MESSAGES = {
  notFound: 'Page Not Found',
  notFoundFa: 'صفحه یا موردی که خواستید پیدا نشد.',
  generic: 'An Error Occur Please Try Again',
  genericFa: 'خطایی رخ داد؛ لطفاً یک دقیقه صبر کنید و دوباره تلاش کنید.',
  validationFa: 'لطفاً خطاهای زیر را اصلاح کنید.',
  tooManyFa: 'تعداد درخواست‌ها از حد مجاز گذشته است؛ لطفاً یک دقیقه صبر کنید و دوباره تلاش کنید.',
} as const;

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.notFoundFa) => new HttpError(404, message);
export const validationFailed = (errors: FieldErrors) => new HttpError(422, MESSAGES.validationFa, errors);

export function errorBody(status: number, message: string, errors?: FieldErrors): ErrorResponse {
  return errors ? { status, message, data: { errors } } : { status, message };
}

/** Last line of defence: known errors keep their status; anything else is logged and becomes a bare 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(errorBody(err.status, err.message, err.errors), err.status);
  }
  // Hono's own HTTPException (e.g. body too large) carries a status we can trust.
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return c.json(errorBody(status, MESSAGES.genericFa), status as ContentfulStatusCode);
  }
  console.error(`[${new Date().toISOString()}] ${c.req.method} ${c.req.path} failed:`, err);
  return c.json(errorBody(500, MESSAGES.genericFa), 500);
}
