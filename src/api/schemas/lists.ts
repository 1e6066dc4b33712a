import { z } from 'zod';
import { attributeSchema, productCardSchema } from './catalogue';
import { envelope } from './common';

/**
 * products/by-ids: live figures for the products a shopper keeps in the wishlist or compare list
 * (spec §3 "Persisted client state"). The lists live in the browser; only their ids reach the server.
 */
export const PRODUCTS_BY_IDS_MAX = 100;

export const productsByIdsQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: 'شناسه‌ها باید عددهای صحیح مثبت و جدا شده با ویرگول باشند (مثلاً 12,45).' })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(
      z
        .array(
          z
            .number()
            .int()
            .min(1, { error: 'شناسه کالا باید بزرگ‌تر از صفر باشد.' })
            .max(2_147_483_647, { error: 'شناسه کالا بیش از اندازه بزرگ است.' }),
        )
        .max(PRODUCTS_BY_IDS_MAX, { error: 'حداکثر ۱۰۰ کالا را می‌توان یک‌جا خواست.' }),
    ),
});
export type ProductsByIdsQuery = z.input<typeof productsByIdsQuerySchema>;

/** A card plus what the compare table lines up: attributes and the datasheet link. */
export const listProductSchema = productCardSchema.extend({
  attributes: z.array(attributeSchema),
  datasheet: z.string().nullable(),
});
export type ListProduct = z.infer<typeof listProductSchema>;

export const productsByIdsResponseSchema = envelope(
  z.object({
    /** In the order asked. */
    items: z.array(listProductSchema),
    /** Ids that are unknown or no longer shown in the shop: the lists offer to remove them. */
    missing: z.array(z.number().int()),
  }),
);
export type ProductsByIdsResponse = z.infer<typeof productsByIdsResponseSchema>;
