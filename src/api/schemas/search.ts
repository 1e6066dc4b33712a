import { z } from 'zod';
import { SORTS } from './catalogue';
import { queryInt, slugSchema } from './common';

/** Free text typed by a shopper: trimmed, at most 100 characters, may be empty. */
const searchText = z.string().trim().max(100).optional();

const slugList = z
  .string()
  .trim()
  .max(500)
  .regex(/^[a-z0-9][a-z0-9-_.]*(,[a-z0-9][a-z0-9-_.]*)*$/i, { error: 'فهرست شناسه‌ها باید با ویرگول جدا شده باشد.' })
  .transform((s) => [...new Set(s.split(','))]);

/** "min-max" in rials; either side may be empty ("-500000", "100000-"). */
const priceRange = z
  .string()
  .trim()
  .regex(/^\d{0,13}-\d{0,13}$/, { error: 'بازه قیمت باید به شکل «کمینه-بیشینه» باشد.' })
  .transform((s) => {
    const [lo, hi] = s.split('-');
    return { min: lo ? Number(lo) : null, max: hi ? Number(hi) : null };
  })
  .refine((r) => r.min === null || r.max === null || r.min <= r.max, { error: 'کمینه قیمت از بیشینه بیشتر است.' });

/** "package:dip-8,soic-8;voltage:5v": OR inside one attribute, AND across attributes. */
const attributeFilter = z
  .string()
  .trim()
  .max(1000)
  .regex(/^[a-z0-9-_]+:[^;:]+(;[a-z0-9-_]+:[^;:]+)*$/i, { error: 'فیلتر ویژگی‌ها باید به شکل «ویژگی:مقدار,مقدار;ویژگی:مقدار» باشد.' })
  .transform((s) =>
    s.split(';').map((part) => {
      const [slug, values] = part.split(':') as [string, string];
      return {
        slug,
        values: [
          ...new Set(
            values
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          ),
        ],
      };
    }),
  );

export const getProductQuerySchema = z.object({
  page: queryInt(1, 100_000).default(1),
  limit: queryInt(1, 100).default(12),
  sort: z.enum(SORTS).default('default'),
  filter_category: slugSchema.optional(),
  /** The search text of the listing (part numbers, names in Persian or English, specs). */
  filter_part: searchText,
  /** The header's "part number" mode: the same search, limited to part numbers. */
  filter_searchPart: searchText,
  filter_price: priceRange.optional(),
  filter_brand: slugList.optional(),
  filter_quality: z
    .string()
    .regex(/^(original|renew|copy|none)(,(original|renew|copy|none))*$/, { error: 'کیفیت باید original، renew، copy یا none باشد.' })
    .transform((s) => [...new Set(s.split(','))] as ('original' | 'renew' | 'copy' | 'none')[])
    .optional(),
  filter_availability: z
    .string()
    .regex(/^(in-stock|pre-order|out-of-stock)(,(in-stock|pre-order|out-of-stock))*$/, { error: 'وضعیت موجودی نامعتبر است.' })
    .transform((s) => [...new Set(s.split(','))] as ('in-stock' | 'pre-order' | 'out-of-stock')[])
    .optional(),
  filter_attributes: attributeFilter.optional(),
});
export type GetProductQuery = z.output<typeof getProductQuerySchema>;
export type GetProductParams = z.input<typeof getProductQuerySchema>;

export const suggestionQuerySchema = z.object({
  /** Matches counted for `total` at most ("150+"). */
  limit: queryInt(1, 1000).default(150),
  /** Items returned. */
  take: queryInt(1, 50).default(50),
  filter_category: slugSchema.optional(),
  filter_searchPart: searchText,
});
export type SuggestionQuery = z.output<typeof suggestionQuerySchema>;
export type SuggestionParams = z.input<typeof suggestionQuerySchema>;
