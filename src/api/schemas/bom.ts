/** The customer parts-list (BOM) upload: what the API takes and returns. Money is integer rials. */
import { z } from 'zod';
import { productCardSchema } from './catalogue';
import { cartSchema } from './shop';
import { normalisePersianText } from '../../lib/persian';
import { rowIdSchema } from './common';

export const matchStatusSchema = z.enum(['exact', 'family', 'parametric', 'fuzzy', 'unmatched']);

/** An unguessable handle: whoever has it may read and change that upload (it is the result page's URL). */
export const identityKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'کلید فایل معتبر نیست.');

const columnIndex = z.number().int().min(0).max(199).nullable();
/** Which column (counting from 0) holds what; null: none. The customer may change them and read the file again. */
export const bomColumnsSchema = z.object({
  headerRow: z.number().int().min(0).max(100_000).nullable(),
  part: columnIndex,
  maker: columnIndex.default(null),
  value: columnIndex,
  quantity: columnIndex,
  designators: columnIndex,
  reference: columnIndex.default(null),
  footprint: columnIndex,
  description: columnIndex,
  dnp: columnIndex,
});
export type BomColumns = z.infer<typeof bomColumnsSchema>;

export const matchCountsSchema = z.object({
  exact: z.number().int(),
  family: z.number().int(),
  parametric: z.number().int(),
  fuzzy: z.number().int(),
  unmatched: z.number().int(),
});
export const skipReasonSchema = z.enum(['dnp', 'formula', 'no-part', 'total', 'note', 'heading']);

/** How the file was read: the column-mapping step shows this and lets the customer change it. */
export const bomReadingSchema = z.object({
  kind: z.enum(['xlsx', 'xls', 'text']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  sheetName: z.string().nullable(),
  /** Every sheet of the file, to read another one. */
  sheetNames: z.array(z.string().nullable()),
  formulaCells: z.number().int(),
  /** The header row's cells (null: the file has none), so each column can be named. */
  headers: z.array(z.string()).nullable(),
  columns: bomColumnsSchema.nullable(),
  /** True when the columns are the ones this customer chose before for a file with the same headers. */
  rememberedColumns: z.boolean(),
});

export const saveCustomerFileResponseSchema = z.object({
  message: z.string(),
  identityKey: z.string(),
  /** Storefront route of the result page. */
  route: z.string(),
  fileName: z.string(),
  boardQuantity: z.number().int(),
  lines: z.number().int(),
  counts: matchCountsSchema,
  skipped: z.array(z.object({ lineNo: z.number().int(), reason: skipReasonSchema })),
  read: bomReadingSchema,
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
  /** Below the confidence threshold: shown for the customer to check, and not selected for the cart by default. */
  needsReview: z.boolean(),
  /** Persian: why it needs review. */
  reviewReasons: z.array(z.string()),
  /** What the line asked for, as read from the file. */
  asked: z.object({
    mpn: z.string().nullable(),
    maker: z.string().nullable(),
    value: z.string().nullable(),
    footprint: z.string().nullable(),
    description: z.string().nullable(),
    reference: z.string().nullable(),
  }),
  product: productCardSchema.nullable(),
  alternatives: z.array(productCardSchema),
  /** Per alternative (by product id): how it differs from what the line asks for, as codes and in Persian. */
  differences: z.array(
    z.object({
      productId: z.number().int(),
      codes: z.array(z.enum(['package', 'value', 'maker', 'quality', 'rating', 'part'])),
      text: z.string(),
    }),
  ),
  /** Quantity with the upload's spare setting applied (per board × boards + spare). */
  neededWithSpare: z.number().int(),
  /** The product's stock is below what is needed. */
  shortfall: z.boolean(),
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
  /** Spare parts added to every line: a percentage (rounded up) and a fixed number. */
  spare: z.object({ percent: z.number().int(), extra: z.number().int() }),
  /** True when the asking browser or customer may change this upload. */
  canEdit: z.boolean(),
  read: bomReadingSchema.nullable(),
  totals: z.object({
    lines: z.number().int(),
    exact: z.number().int(),
    family: z.number().int(),
    parametric: z.number().int(),
    fuzzy: z.number().int(),
    unmatched: z.number().int(),
    needsReview: z.number().int(),
    shortfall: z.number().int(),
    /** Lines with a product that can be bought now, and their sum in rials. */
    priced: z.number().int(),
    total: z.number().int(),
  }),
});
export type CustomerUpload = z.infer<typeof customerUploadSchema>;

export const selectAlternativeBodySchema = z.object({
  identityKey: identityKeySchema,
  lineId: rowIdSchema,
  productId: rowIdSchema,
});

export const includeLineBodySchema = z.object({
  identityKey: identityKeySchema,
  lineId: rowIdSchema,
  selected: z.boolean(),
});

export const moveUploadBodySchema = z.object({
  identityKey: identityKeySchema,
  /** Only these lines; without it, every ticked line. */
  lineIds: z.array(rowIdSchema).min(1).max(5000).optional(),
});

export const moveSkipReasonSchema = z.enum([
  'not-chosen',
  'unmatched',
  'gone',
  'out-of-stock',
  'contact-store',
  'not-a-number',
  'below-one',
  'below-minimum',
  'not-a-multiple',
  'too-many',
]);

export const moveUploadResponseSchema = z.object({
  message: z.string(),
  added: z.number().int(),
  skipped: z.number().int(),
  lines: z.array(
    z.object({
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
    }),
  ),
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
  items: z.array(
    z.object({
      identityKey: z.string(),
      route: z.string(),
      fileName: z.string(),
      boardQuantity: z.number().int(),
      createdAt: z.string(),
      lines: z.number().int(),
      unmatched: z.number().int(),
    }),
  ),
});
export type MyUploadsResponse = z.infer<typeof myUploadsResponseSchema>;

const quantitySchema = z.coerce.number().int().min(1).max(1_000_000);
const lineTextSchema = z.string().transform(normalisePersianText).pipe(z.string().trim().min(1).max(200));

export const editLineBodySchema = z
  .object({
    identityKey: identityKeySchema,
    lineId: rowIdSchema,
    /** New part text ("LM358DR", "10k 0805"): matched again. */
    text: lineTextSchema.optional(),
    /** New quantity per board. */
    quantity: quantitySchema.optional(),
  })
  .refine((b) => b.text !== undefined || b.quantity !== undefined, { message: 'متن یا تعداد ردیف را وارد کنید.', path: ['text'] });

export const addLineBodySchema = z.object({
  identityKey: identityKeySchema,
  /** A line as typed: "LM358 x10", "2x AMS1117-3.3", "10k 0805 50". */
  text: lineTextSchema,
  quantity: quantitySchema.optional(),
});

export const deleteLineBodySchema = z.object({ identityKey: identityKeySchema, lineId: rowIdSchema });

export const rereadBodySchema = z.object({
  identityKey: identityKeySchema,
  sheetName: z.string().max(200).nullable().optional(),
  columns: bomColumnsSchema.optional(),
});
export const rereadResponseSchema = z.object({
  lines: z.number().int(),
  counts: matchCountsSchema,
  skipped: z.array(z.object({ lineNo: z.number().int(), reason: skipReasonSchema })),
});

export const spareBodySchema = z.object({
  identityKey: identityKeySchema,
  /** Percent added to every line, rounded up. */
  percent: z.coerce.number().int().min(0).max(100).default(0),
  /** Units added to every line. */
  extra: z.coerce.number().int().min(0).max(1000).default(0),
});

export const exportQuerySchema = z.object({ identityKey: identityKeySchema, format: z.enum(['csv', 'xlsx']).default('csv') });

export const pasteListBodySchema = z.object({
  text: z
    .string()
    .max(512 * 1024)
    .refine((t) => t.trim().length > 0, 'فهرست قطعات را وارد کنید.'),
  boardQty: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });
