import { z } from 'zod';

/** Field → messages, as the spec's `data.errors`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Every non-2xx answer of the API has this shape. */
export const errorResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({ errors: fieldErrorsSchema }).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The `{ data: T }` envelope most calls answer with. */
/** A row id: PostgreSQL integer columns end at 2^31 - 1, and a larger number would fail the query instead of finding nothing. */
export const rowIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Query-string integer: accepts "12", rejects "12abc", "1.5" and empty. */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: 'باید یک عدد صحیح باشد.' })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-_.]*$/i, { error: 'شناسه نامعتبر است.' });
