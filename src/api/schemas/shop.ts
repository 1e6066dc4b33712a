/**
 * Shapes of the buying path: cart, enquiry/pre-invoice/invoice (factor), bank receipts, order tracking
 * and the staff console. Money fields are integer rials.
 */
import { ACTOR_KINDS, ORDER_STATES } from '../../lib/order-machine';
import { z } from 'zod';
import { LOCALES } from '../../lib/locales';
import { SHIPPING_METHODS, SHIPPING_STATUSES } from '../../lib/shipping';
import { REFERENCE_MAX } from '../../lib/bom/line-reference';
import { BUYER_MESSAGES, canonicalEconomicCode, canonicalNationalId } from '../../lib/invoice-buyer';
import { normalisePersianText, toAsciiDigits, toPersianDigits } from '../../lib/persian';
import { captchaField } from './captcha';
import { imageSchema, priceTierSchema } from './catalogue';
import { rowIdSchema } from './common';

const rials = z.number().int();

export const nextBreakSchema = z.object({
  moreUnits: z.number().int(),
  quantity: z.number().int(),
  unitPrice: rials,
  total: rials,
  saves: rials,
});

export const cartProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nameFa: z.string(),
  displayName: z.string(),
  partNumber: z.string(),
  images: z.array(imageSchema),
  badges: z.array(z.string()),
  availability: z.enum(['in-stock', 'pre-order', 'out-of-stock']),
  price: rials,
  compareAtPrice: rials.nullable(),
  prices: z.array(priceTierSchema),
  minimumPurchase: z.number().int(),
  stock: z.number().int(),
  threshold: z.number().int(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartOptionSchema = z.object({ optionId: z.number().int(), valueId: z.number().int() });

export const cartItemSchema = z.object({
  id: z.number().int(),
  product: cartProductSchema,
  /** 1, or 0 for a product deleted or hidden since it was added (it costs nothing and cannot be ordered). */
  productAvailable: z.union([z.literal(0), z.literal(1)]),
  preOrder: z.boolean(),
  options: z.array(cartOptionSchema),
  /** The customer's reference for the line (a parts list's designators, or typed in the cart); goes onto the order and invoice. */
  reference: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price of the tier this quantity reaches. */
  price: rials,
  total: rials,
  nextBreak: nextBreakSchema.nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const totalsEntrySchema = z.object({ type: z.enum(['shipping', 'discount']), title: z.string(), price: rials });

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  subtotal: rials,
  vatIncluded: rials,
  totals: z.array(totalsEntrySchema),
  /** Goods after the discount, VAT included; shipping is added at checkout by the method chosen. */
  total: rials,
  quantity: z.number().int(),
  cartCount: z.number().int(),
  /** The code entered in the cart and the percent it takes off; null when none or when it no longer works. */
  discountCode: z.object({ code: z.string(), percent: z.number().int() }).nullable().optional(),
  /** Why the code entered no longer applies (expired, used up, …); null when it does. */
  discountProblem: z.string().nullable().optional(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartResponseSchema = cartSchema.extend({ message: z.string().optional() });

const positiveId = rowIdSchema;
export const addToCartBodySchema = z.object({
  product_id: positiveId,
  /** Must be a number: spec §5 "add to cart does nothing if quantity is a string". */
  cart_quantity: z.number().int().default(1),
  options: z.array(cartOptionSchema).max(20).default([]),
});
export const cartQuantityBodySchema = z.object({
  quantities: z
    .array(z.object({ id: positiveId, quantity: z.number().int() }))
    .min(1)
    .max(500),
});
export const cartReferenceBodySchema = z.object({
  id: positiveId,
  /** Empty clears the reference. */
  reference: z.string().max(REFERENCE_MAX, { error: `مرجع ردیف حداکثر ${toPersianDigits(String(REFERENCE_MAX))} نویسه است.` }),
});
export const removeManyBodySchema = z.object({
  /** Cart line ids; absent = empty the whole cart. */
  ids: z.array(positiveId).max(500).optional(),
});
export const productIdParamsSchema = z.object({ productId: positiveId });

// ---------------------------------------------------------------- orders (factors)

export const SHIPPING_METHOD_IDS = SHIPPING_METHODS;

const digitsField = (canon: (raw: string) => string | null, message: string) =>
  z
    .string()
    .max(30)
    .transform((v, ctx) => {
      const out = canon(v);
      if (out === null) ctx.addIssue({ code: 'custom', message });
      return out ?? z.NEVER;
    });
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Optional details for an official invoice, printed on it when given. */
export const invoiceBuyerSchema = z
  .object({
    company: z.preprocess(blankToUndefined, z.string().transform(normalisePersianText).pipe(z.string().min(2).max(150)).optional()),
    national_id: z.preprocess(blankToUndefined, digitsField(canonicalNationalId, BUYER_MESSAGES.nationalId).optional()),
    economic_code: z.preprocess(blankToUndefined, digitsField(canonicalEconomicCode, BUYER_MESSAGES.economicCode).optional()),
  })
  .refine((b) => !b.company || b.national_id, { error: BUYER_MESSAGES.companyNeedsId, path: ['national_id'] });

export const orderBodySchema = z.object({
  address_id: positiveId,
  shipping_method: z.enum(SHIPPING_METHOD_IDS, { error: 'انتخاب روش ارسال الزامی است.' }),
  note: z.string().trim().max(1000).optional(),
  trackingCode: z.string().optional(),
  /** The language of the page the enquiry was sent from: the customer's mails follow it. */
  locale: z.enum(LOCALES).optional(),
  buyer: invoiceBuyerSchema.optional(),
});

/** What the customer and the staff see of an order's state (spec §4 labels). */
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  product: z.object({ slug: z.string(), name: z.string(), nameFa: z.string(), partNumber: z.string() }),
  requestedQuantity: z.number().int(),
  /** Unit price when the customer asked. */
  requestedUnitPrice: rials,
  /** What the store changed on this line (src/lib/pre-invoice-changes.ts); ['unchanged'] before it answered. */
  changes: z.array(z.enum(['unchanged', 'quantity_cut', 'quantity_raised', 'price_down', 'price_up', 'unavailable'])),
  quantity: z.number().int(),
  unitPrice: rials,
  lineTotal: rials,
  available: z.boolean(),
  note: z.string().nullable(),
  /** The cart line's reference (designators, the customer's part reference). */
  reference: z.string().nullable(),
});

export const factorSummarySchema = z.object({
  id: z.number().int(),
  factorNumber: z.string(),
  trackingCode: z.string(),
  /** p pre-invoice (and the enquiry before it), f invoice, a archive. */
  type: z.enum(['p', 'f', 'a']),
  state: orderStateSchema,
  stateLabel: z.string(),
  /** green, red or grey: the colour of the state label. */
  stateColour: z.enum(['green', 'red', 'grey', 'blue']),
  paid: z.boolean(),
  quantity: z.number().int(),
  total: rials,
  date: z.string(),
  expiresAt: z.string().nullable(),
  shippingMethod: z.string(),
  shippingStatus: z.string(),
});
export type FactorSummary = z.infer<typeof factorSummarySchema>;

export const factorDetailSchema = factorSummarySchema.extend({
  lines: z.array(orderLineSchema),
  subtotal: rials,
  vat: rials,
  shipping: rials,
  discount: rials,
  shippingTitle: z.string(),
  shippingDescription: z.string().nullable(),
  shippingTrackingCode: z.string().nullable(),
  address: z.record(z.string(), z.unknown()),
  customerNote: z.string().nullable(),
  staffNote: z.string().nullable(),
  orderToken: z.string().nullable(),
  paidAt: z.string().nullable(),
  discountCode: z.string().nullable(),
  discountPercent: z.number().int(),
  /** The amounts of the enquiry as sent (null on orders older than this field). */
  enquiry: z.object({ subtotal: rials, discount: rials, shipping: rials, vat: rials, total: rials }).nullable(),
  /** Persian sentences of what the store changed; empty until it answered. */
  changeSummary: z.array(z.string()),
  /** The same as counts and amounts, for pages in other languages to write (src/lib/pre-invoice-changes.ts); null until it answered. */
  changes: z
    .object({
      unchanged: z.number().int(),
      quantityCut: z.number().int(),
      quantityRaised: z.number().int(),
      priceDown: z.number().int(),
      priceUp: z.number().int(),
      unavailable: z.number().int(),
      totalDifference: z.number().int(),
      shippingBefore: rials,
      shippingAfter: rials,
    })
    .nullable(),
  buyer: z.object({ company: z.string().optional(), nationalId: z.string().optional(), economicCode: z.string().optional() }).nullable(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      gateway: z.string(),
      amount: rials,
      status: z.enum(['INIT', 'VERIFYING', 'SUCCEED', 'FAILED', 'CANCELLED']),
      refId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Every state move (and shipping change), oldest first; the customer's copy names the store, not the clerk. */
  timeline: z.array(
    z.object({
      id: z.number().int(),
      verb: z.string(),
      verbLabel: z.string(),
      from: orderStateSchema.nullable(),
      fromLabel: z.string().nullable(),
      to: orderStateSchema,
      toLabel: z.string(),
      actorKind: z.enum(ACTOR_KINDS),
      actorLabel: z.string(),
      reason: z.string().nullable(),
      at: z.string(),
      actor: z.string().nullable().optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type FactorDetail = z.infer<typeof factorDetailSchema>;

export const factorListQuerySchema = z.object({
  type: z.enum(['p', 'f', 'a', 'all']).default('all'),
  page: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(10_000)).optional(),
});
export const factorListResponseSchema = z.object({
  items: z.array(factorSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export const factorParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { error: 'شماره فاکتور نامعتبر است.' }),
});

export const trackOrderResponseSchema = z.object({
  data: z.object({
    factorNumber: z.string(),
    state: orderStateSchema,
    stateLabel: z.string(),
    shippingStatus: z.string(),
    shippingStatusLabel: z.string(),
    shippingTrackingCode: z.string().nullable(),
    date: z.string(),
  }),
});

export const bankReceiptBodySchema = z.object({
  name: z.string().trim().min(2).max(120),
  /** ISO date-time (the Jalali picker converts). */
  payment_date: z.iso.datetime({ offset: true }).or(z.iso.date()),
  /** Rials. */
  price: z.coerce.number().int().positive().max(100_000_000_000),
  // Typed on a Persian keyboard as often as not.
  factor_number: z
    .string()
    .trim()
    .transform(toAsciiDigits)
    .pipe(z.string().regex(/^\d{1,20}$/, { error: 'شماره فاکتور نامعتبر است.' })),
  tracking_code: z.string().trim().min(3).max(60),
  account_number: z.string().trim().min(4).max(40),
  captcha: captchaField,
});

export const checkoutOptionsSchema = z.object({
  data: z.object({
    shippingMethods: z.array(
      z.object({
        /** title in Persian, titleEn for English pages. */
        id: z.enum(SHIPPING_METHOD_IDS),
        title: z.string(),
        titleEn: z.string(),
        price: rials,
        freeFrom: rials.nullable(),
        /** true: only for addresses in the store's own city (the courier). */
        storeCityOnly: z.boolean(),
      }),
    ),
    /** The store's city: the courier goes only to addresses there. */
    storeCity: z.string(),
    storeCityEn: z.string(),
    bank: z.object({ holder: z.string(), bankName: z.string(), accountNumber: z.string(), cardNumber: z.string(), sheba: z.string() }),
    preInvoiceValidHours: z.number(),
  }),
});

// ---------------------------------------------------------------- staff

export const staffConfirmBodySchema = z.object({
  lines: z
    .array(
      z.object({
        id: positiveId,
        quantity: z.number().int().min(0).max(1_000_000),
        unitPrice: rials.min(0),
        available: z.boolean(),
        note: z.string().trim().max(300).optional(),
      }),
    )
    .min(1),
  note: z.string().trim().max(1000).optional(),
});
export const staffNoteBodySchema = z.object({ note: z.string().trim().max(1000).optional() });
export const staffShippingBodySchema = z.object({
  shippingStatus: z.enum(SHIPPING_STATUSES),
  shippingTrackingCode: z.string().trim().max(60).optional(),
  shippingDescription: z.string().trim().max(500).optional(),
});
export const staffIdParamsSchema = z.object({ id: positiveId });
const day = z.iso.date({ error: 'تاریخ باید به شکل YYYY-MM-DD باشد.' });
/** The staff orders list: by state, shipping status, order day (Tehran), and a search; 20 a page. */
export const staffOrderListQuerySchema = z.object({
  state: orderStateSchema.or(z.literal('all')).default('all'),
  shipping: z.enum(SHIPPING_STATUSES).optional(),
  from: day.optional(),
  to: day.optional(),
  /** Factor number, any part of the tracking code, the customer's username, name or mobile. */
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuerySchema>;

export const staffOrderRowSchema = factorSummarySchema.extend({
  customer: z.string(),
  customerName: z.string(),
  shippingStatusLabel: z.string(),
});
export const staffOrderListSchema = z.object({
  data: z.array(staffOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
});

export const staffOrderDetailSchema = factorDetailSchema.extend({
  lines: z.array(orderLineSchema.extend({ stock: z.number().int().nullable() })),
  customer: z
    .object({ username: z.string(), name: z.string(), mobile: z.string(), email: z.string(), companyName: z.string().nullable() })
    .nullable(),
  shippingStatusLabel: z.string(),
  /** For the live total while a clerk edits lines (the same rule the server confirms with). */
  shippingRates: z.record(z.string(), z.object({ price: rials, freeFrom: rials.nullable() })).nullable(),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

export const staffRoleSchema = z.enum(['admin', 'clerk']);
export const staffMemberSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string(), role: staffRoleSchema });
export const staffMembersSchema = z.object({
  data: z.array(staffMemberSchema),
  me: z.object({ id: z.number().int(), role: staffRoleSchema }),
});
/** role 'customer' takes the staff role away. */
export const staffMemberBodySchema = z.object({
  username: z.string().trim().min(1).max(100),
  role: staffRoleSchema.or(z.literal('customer')),
});

/**
 * The receipts list: a page of receipts, filtered so that one real receipt stays findable among many
 * fake ones (by status, payment date, and a search over factor number, tracking code and amount).
 */
export const staffReceiptListQuerySchema = z.object({
  status: z.enum(['pending', 'accepted', 'rejected', 'all']).default('all'),
  /** Payment date from / to (inclusive days, Tehran time). */
  from: day.optional(),
  to: day.optional(),
  /** Factor number, tracking code (either, any part of it) or amount in toman; Persian digits welcome. */
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type StaffReceiptListQuery = z.infer<typeof staffReceiptListQuerySchema>;

export const staffReceiptSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  name: z.string(),
  paymentDate: z.string(),
  price: rials,
  factorNumber: z.string(),
  trackingCode: z.string(),
  accountNumber: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The linked invoice's total, to compare with the amount paid (null: no such factor). */
  orderTotal: rials.nullable(),
});
export const staffReceiptListSchema = z.object({
  data: z.array(staffReceiptSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
});

/** The staff console's gateway payments list (newest first, at most 300). */
export const staffPaymentListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      orderId: z.number(),
      factorNumber: z.string(),
      gateway: z.string(),
      amount: z.number(),
      status: z.string(),
      refId: z.string().nullable(),
      flagged: z.boolean(),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** The staff action log (newest first, at most 300). */
export const staffActionListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      staff: z.string(),
      action: z.string(),
      entity: z.string(),
      entityId: z.number(),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
});
