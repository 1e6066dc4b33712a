/** The back office's reports: sales by day and month, best sellers, low stock, searches that found nothing. */
import { z } from 'zod';
import { queryInt } from './common';

const REPORT_MESSAGES = {
  date: 'تاریخ باید به شکل ۲۰۲۶-۰۱-۳۱ (میلادی) باشد.',
  range: 'تاریخ پایان باید پس از تاریخ آغاز باشد و بازه از دو سال بیشتر نباشد.',
} as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: REPORT_MESSAGES.date })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: REPORT_MESSAGES.date,
  });

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const withDefaults =
  (defaultDays: number) =>
  <Q extends { from?: string; to?: string }>(q: Q) => ({ ...q, from: q.from ?? daysAgo(defaultDays), to: q.to ?? today() });
const rangeOk = (q: { from: string; to: string }) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 731 * 86_400_000;

export const salesQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), by: z.enum(['day', 'month']).default('day') })
  .transform(withDefaults(30))
  .refine(rangeOk, { error: REPORT_MESSAGES.range, path: ['to'] });
export const salesReportSchema = z.object({ data: z.array(z.object({ period: z.string(), orders: z.number(), total: z.number() })) });

export const bestSellersQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), limit: queryInt(1, 100).default(20) })
  .transform(withDefaults(90))
  .refine(rangeOk, { error: REPORT_MESSAGES.range, path: ['to'] });
export const bestSellersSchema = z.object({
  data: z.array(
    z.object({
      productId: z.number().nullable(),
      name: z.string(),
      partNumber: z.string(),
      slug: z.string(),
      quantity: z.number(),
      total: z.number(),
    }),
  ),
});

export const lowStockQuerySchema = z.object({ below: queryInt(0, 1_000_000).default(5), limit: queryInt(1, 500).default(100) });
export const lowStockSchema = z.object({
  data: z.array(
    z.object({ id: z.number(), slug: z.string(), name: z.string(), partNumber: z.string(), stock: z.number(), sales: z.number() }),
  ),
});

export const noResultsQuerySchema = z.object({ days: queryInt(1, 365).default(30), limit: queryInt(1, 500).default(100) });
export const noResultsSchema = z.object({ data: z.array(z.object({ query: z.string(), searches: z.number(), lastAt: z.string() })) });
