import { z } from 'zod';
import { CONTENT_LOCALES } from '../../lib/locales';
import { SHIPPING_METHODS } from '../../lib/shipping';
import { envelope, paginationSchema, queryInt, slugSchema } from './common';
import { CURRENCY_CODES } from '../../lib/currency';

/** The languages with stored content (src/lib/locales.ts). */
export const LOCALES = CONTENT_LOCALES;
export const localeQuerySchema = z.object({ locale: z.enum(LOCALES).default('fa') });
export type LocaleParams = z.input<typeof localeQuerySchema>;

/** policy, returns and pages/{slug}: a store-written page. Body is trusted HTML written by staff. */
export const contentPageSchema = z.object({
  slug: z.string(),
  /** The language actually served: an English request falls back to Persian when no translation exists. */
  locale: z.enum(LOCALES),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
export const contentPageResponseSchema = envelope(contentPageSchema);
export type ContentPageResponse = z.infer<typeof contentPageResponseSchema>;
export const pageSlugParamsSchema = z.object({ slug: slugSchema });

/** GET messages: site-wide banner announcements currently in their display window. */
export const siteMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  textEn: z.string().nullable(),
  kind: z.enum(['info', 'warning', 'success']),
});
export type SiteMessage = z.infer<typeof siteMessageSchema>;
export const messagesResponseSchema = envelope(z.array(siteMessageSchema));
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  titleEn: z.string().nullable(),
  excerpt: z.string(),
  excerptEn: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string(),
  author: z.string(),
  publishedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export const blogPostSchema = blogPostSummarySchema.extend({
  body: z.string(),
  bodyEn: z.string().nullable(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListQuerySchema = z.object({
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 50).default(10),
});
export type BlogListParams = z.input<typeof blogListQuerySchema>;
export const blogListResponseSchema = envelope(z.object({ items: z.array(blogPostSummarySchema), ...paginationSchema.shape }));
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;
export const blogPostResponseSchema = envelope(blogPostSchema);
export type BlogPostResponse = z.infer<typeof blogPostResponseSchema>;
export const blogSlugParamsSchema = z.object({ slug: slugSchema });

/** The help PDFs of the top bar (spec §2 "Shell"). */
export const HELP_FILES = ['HowToBuy', 'UsersPanelGuide'] as const;
export const helpFileQuerySchema = z.object({ name: z.enum(HELP_FILES) });
export type HelpFileParams = z.input<typeof helpFileQuerySchema>;
export const helpFileResponseSchema = envelope(z.object({ link: z.string() }));
export type HelpFileResponse = z.infer<typeof helpFileResponseSchema>;

const localised = z.object({ fa: z.string(), en: z.string() });
/** GET store: the contact details the footer and contact page show; all from configuration. */
export const storeInfoSchema = z.object({
  name: localised,
  address: localised,
  email: z.string(),
  phones: z.array(z.string()),
  mobile: z.string(),
  hours: localised,
  social: z.object({ messenger: z.string().nullable(), instagram: z.string().nullable() }),
  pcbOrderUrl: z.string().nullable(),
  blogUrl: z.string().nullable(),
  /** The trust seal's verification page (TRUST_SEAL_URL); null: the store has none to show. */
  trustSealUrl: z.string().nullable(),
  /** Payments go to the built-in test gateways (PAYMENT_SANDBOX): every page says so. */
  testMode: z.boolean(),
  /** Shipping prices and free thresholds (rials) and the courier's city, for the pages that state them. */
  /** The money-back guarantee in hours (MONEY_BACK_GUARANTEE_HOURS), for the pages that promise it. */
  moneyBackHours: z.number().int().positive(),
  /** The currency selector's rates the store set, toman per unit (CURRENCY_RATES_TOMAN); empty when none. */
  currencyRates: z.partialRecord(z.enum(CURRENCY_CODES), z.number().positive()),
  shipping: z.object({
    storeCity: z.string(),
    /** The same city as English pages name it. */
    storeCityEn: z.string(),
    rates: z.record(z.enum(SHIPPING_METHODS), z.object({ price: z.number().int(), freeFrom: z.number().int().nullable() })),
  }),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;
export const storeResponseSchema = envelope(storeInfoSchema);
export type StoreResponse = z.infer<typeof storeResponseSchema>;

/** GET summery (sic, the spec's path): footer search statistics, nested under success.data. */
export const searchStatsSchema = z.object({
  total_search: z.number().int(),
  lastweek_search: z.number().int(),
  yesterday_search: z.number().int(),
  today_search: z.number().int(),
});
export type SearchStats = z.infer<typeof searchStatsSchema>;
export const summeryResponseSchema = z.object({ success: z.object({ data: searchStatsSchema }) });
export type SummeryResponse = z.infer<typeof summeryResponseSchema>;
