import { and, asc, desc, eq } from 'drizzle-orm';
import { isShippingMethod, SHIPPING_TITLES } from '../../lib/shipping';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { bankReceipts, orderLines, orders, payments, users } from '../db/schema';

/** Everything printed on a paid invoice, in one shape; amounts in rials. Built from rows in one place. */
export interface InvoiceView {
  factorNumber: string;
  trackingCode: string;
  paidAt: Date;
  customer: {
    name: string;
    mobile: string;
    address: string;
    postCode: string;
    /** For an official invoice, when the customer gave them at checkout. */
    company: string | null;
    nationalId: string | null;
    economicCode: string | null;
  };
  shippingMethod: string;
  /** `reference`: the customer's designators or reference for the line, printed under the part number. */
  lines: { name: string; partNumber: string; reference: string | null; quantity: number; unitPrice: number; total: number }[];
  amounts: { subtotal: number; discount: number; shipping: number; vat: number; total: number };
  /** How it was paid: a gateway with its reference number, or a bank transfer with the receipt's tracking code. */
  payment: { method: string; reference: string; referenceLabel: string } | null;
  store: { name: string; nameEn: string; address: string; phones: string[]; email: string; website: string };
}

const GATEWAY_TITLES: Record<string, string> = { zarinpal: 'زرین‌پال', sadad: 'سداد (بانک ملی)' };

export function storeOf(config: Config): InvoiceView['store'] {
  return {
    name: config.STORE_NAME_FA,
    nameEn: config.STORE_NAME_EN,
    address: config.STORE_ADDRESS_FA,
    phones: config.STORE_PHONES,
    email: config.STORE_EMAIL,
    website: config.PUBLIC_BASE_URL,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** The address snapshot keeps province and city as {id, name}; older rows may hold plain names. */
const placeName = (v: unknown) => (v !== null && typeof v === 'object' && 'name' in v ? str((v as { name: unknown }).name) : str(v));

/** The invoice of a paid order, or null when the order does not exist or is not paid. */
export async function loadInvoiceView(db: Db, orderId: number, config: Config): Promise<InvoiceView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== 'paid' || !order.paidAt || order.deletedAt) return null;
  const [user] = await db.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, order.userId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.available, true)))
    .orderBy(asc(orderLines.id));
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'SUCCEED'), eq(payments.flagged, false)))
    .orderBy(desc(payments.verifiedAt))
    .limit(1);
  const [receipt] = payment
    ? []
    : await db
        .select()
        .from(bankReceipts)
        .where(and(eq(bankReceipts.orderId, order.id), eq(bankReceipts.status, 'accepted')))
        .orderBy(desc(bankReceipts.reviewedAt))
        .limit(1);
  const a = order.address;
  const province = placeName(a.province);
  const city = placeName(a.city);
  const place = [province ? `استان ${province}` : '', city ? `شهر ${city}` : '', str(a.address)].filter(Boolean).join('، ');
  const buyer = order.buyer ?? {};
  return {
    factorNumber: order.factorNumber,
    trackingCode: order.trackingCode,
    paidAt: order.paidAt,
    customer: {
      name: str(a.name) || user?.name || '',
      mobile: str(a.mobile) || user?.mobile || '',
      address: place,
      postCode: str(a.postCode),
      company: buyer.company ?? null,
      nationalId: buyer.nationalId ?? null,
      economicCode: buyer.economicCode ?? null,
    },
    shippingMethod: isShippingMethod(order.shippingMethod) ? SHIPPING_TITLES[order.shippingMethod].fa : order.shippingMethod,
    lines: lines.map((l) => ({
      name: l.product.nameFa || l.product.name,
      partNumber: l.product.partNumber,
      reference: l.reference,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.lineTotal,
    })),
    amounts: { subtotal: order.subtotal, discount: order.discount, shipping: order.shipping, vat: order.vat, total: order.total },
    payment: payment
      ? {
          method: `درگاه ${GATEWAY_TITLES[payment.gateway] ?? payment.gateway}`,
          reference: payment.refId ?? '',
          referenceLabel: 'شماره مرجع',
        }
      : receipt
        ? { method: 'واریز بانکی (کارت به کارت / حواله)', reference: receipt.trackingCode, referenceLabel: 'کد پیگیری رسید' }
        : null,
    store: storeOf(config),
  };
}
