/** The customer parts-list (BOM) upload: what the API takes and returns. Money is integer rials. */
import { z } from 'zod';
import { productCardSchema } from './catalogue';
import { cartSchema } from './shop';
import { normalisePersianText } from '../../lib/persian';

export const matchStatusSchema = z.enum(['exact', 'family', 'fuzzy', 'unmatched']);

/** An unguessable handle: whoever has it may read and change that upload (it is the result page's URL). */
export const identityKeySchema = z.string().trim().regex(/^[A-Za-z0-9_-]{20,64}$/, 'کلید فایل معتبر نیست.');

export const bomColumnsSchema = z.object({
  headerRow: z.number().int().nullable(),
  part: z.number().int().nullable(),
  value: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  designators: z.number().int().nullable(),
  footprint: z.number().int().nullable(),
  description: z.number().int().nullable(),
  dnp: z.number().int().nullable(),
});

export const saveCustomerFileResponseSchema = z.object({
  message: z.string(),
  identityKey: z.string(),
  /** Storefront route of the result page. */
  route: z.string(),
  fileName: z.string(),
  boardQuantity: z.number().int(),
  lines: z.number().int(),
  counts: z.object({ exact: z.number().int(), family: z.number().int(), fuzzy: z.number().int(), unmatched: z.number().int() }),
  skipped: z.array(z.object({ lineNo: z.number().int(), reason: z.enum(['dnp', 'formula', 'no-part']) })),
  read: z.object({
    kind: z.enum(['xlsx', 'xls', 'text']),
    encoding: z.string().nullable(),
    delimiter: z.string().nullable(),
    sheetName: z.string().nullable(),
    formulaCells: z.number().int(),
    columns: bomColumnsSchema.nullable(),
  }),
});
export type SaveCustomerFileResponse = z.infer<typeof saveCustomerFileResponseSchema>;

export const bomLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  partNumber: z.string(),
  designators: z.string().nullable(),
  quantityPerBoard: z.number().int(),
  /** Per board × boards. */
  quantity: z.number().int(),
  /** What would be ordered: raised to the product's minimum purchase and rounded to its pack size. */
  orderQuantity: z.number().int().nullable(),
  status: matchStatusSchema,
  confidence: z.number(),
  product: productCardSchema.nullable(),
  alternatives: z.array(productCardSchema),
  /** Unit price of the tier orderQuantity reaches; null without a purchasable product. */
  unitPrice: z.number().int().nullable(),
  lineTotal: z.number().int().nullable(),
  notes: z.array(z.string()),
  /** Ticked to go into the cart with "add chosen to cart". */
  selected: z.boolean(),
});
export type BomLineView = z.infer<typeof bomLineSchema>;

export const customerUploadQuerySchema = z.object({
  identityKey: identityKeySchema,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const customerUploadSchema = z.object({
  identityKey: z.string(),
  fileName: z.string(),
  boardQuantity: z.number().int(),
  createdAt: z.string(),
  items: z.array(bomLineSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  totals: z.object({
    lines: z.number().int(),
    exact: z.number().int(),
    family: z.number().int(),
    fuzzy: z.number().int(),
    unmatched: z.number().int(),
    /** Lines with a product that can be bought now, and their sum in rials. */
    priced: z.number().int(),
    total: z.number().int(),
  }),
});
export type CustomerUpload = z.infer<typeof customerUploadSchema>;

export const selectAlternativeBodySchema = z.object({
  identityKey: identityKeySchema,
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const includeLineBodySchema = z.object({
  identityKey: identityKeySchema,
  lineId: z.coerce.number().int().positive().max(2_147_483_647),
  selected: z.boolean(),
});

export const moveUploadBodySchema = z.object({
  identityKey: identityKeySchema,
  /** Only these lines; without it, every ticked line. */
  lineIds: z.array(z.coerce.number().int().positive()).min(1).max(5000).optional(),
});

export const moveSkipReasonSchema = z.enum([
  'not-chosen', 'unmatched', 'gone', 'out-of-stock', 'contact-store', 'not-a-number', 'below-one', 'below-minimum', 'not-a-multiple', 'too-many',
]);

export const moveUploadResponseSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  skipped: z.number().int(),
  lines: z.array(z.object({
    lineId: z.number().int(),
    lineNo: z.number().int(),
    partNumber: z.string(),
    productId: z.number().int().nullable(),
    outcome: z.enum(['added', 'skipped']),
    /** Units put in the cart for this line (its order quantity), null when skipped. */
    quantity: z.number().int().nullable(),
    reason: moveSkipReasonSchema.nullable(),
    /** Persian: what happened to the line. */
    message: z.string(),
  })),
  cart: cartSchema,
});
export type MoveUploadResponse = z.infer<typeof moveUploadResponseSchema>;

export const sourcingBodySchema = z.object({
  identityKey: identityKeySchema,
  /** Shown to staff with the request; Arabic letters and digits folded like every Persian text. */
  description: z.string().transform(normalisePersianText).pipe(z.string().trim().max(1000)).optional(),
});

export const sourcingResponseSchema = z.object({
  message: z.string(),
  /** False when this upload's request had already been sent (nothing new was written). */
  created: z.boolean(),
  lines: z.array(z.object({ lineNo: z.number().int(), partNumber: z.string(), quantity: z.number().int() })),
});
export type SourcingResponse = z.infer<typeof sourcingResponseSchema>;

/** The signed-in customer's own uploads, newest first (their keys are theirs to see again). */
export const myUploadsResponseSchema = z.object({
  items: z.array(z.object({
    identityKey: z.string(),
    route: z.string(),
    fileName: z.string(),
    boardQuantity: z.number().int(),
    createdAt: z.string(),
    lines: z.number().int(),
    unmatched: z.number().int(),
  })),
});
export type MyUploadsResponse = z.infer<typeof myUploadsResponseSchema>;
