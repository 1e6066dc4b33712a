/**
 * The order cycle's notifications. Each function queues its messages in the caller's transaction (so a
 * rolled-back change queues nothing and a committed one cannot lose its message) under a dedupe key (so
 * an event retried or seen by two instances is queued once). Texts are rendered here, at event time.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { isShippingMethod, SHIPPING_TITLES } from '../../lib/shipping';
import type { Config } from '../config';
import { bankReceipts, orderLines, orders, staffActions } from '../db/schema';
import { renderMail, type MailLocale, type MailTable } from './mail/layout';
import { enqueue, type DbOrTx, type NewMessage } from './outbox';
import { recipientOf } from './recipients';
import { lookupToken } from './sms/kavenegar';
import { smsMode } from './sms/settings';
import { base, dateTime, money, num, pageUrl, productLabel, storeAlertEmail, storeName } from './texts';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

async function loadOrder(tx: DbOrTx, orderId: number): Promise<{ order: OrderRow; lines: LineRow[] } | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  return { order, lines };
}

const prefactorPath = (factorNumber: string) => `/shop/checkout/prefactor/${encodeURIComponent(factorNumber)}`;
const ordersPath = (factorNumber: string) => `/account/orders/${encodeURIComponent(factorNumber)}`;
const shippingTitle = (method: string, locale: MailLocale) => (isShippingMethod(method) ? SHIPPING_TITLES[method][locale] : method);

function mail(
  config: Config,
  to: string,
  locale: MailLocale,
  event: string,
  dedupeKey: string,
  subject: string,
  content: Omit<Parameters<typeof renderMail>[0], 'locale' | 'storeName' | 'baseUrl' | 'title'>,
  extra: Partial<NewMessage> = {},
): NewMessage {
  const name = storeName(config, locale);
  const { html, text } = renderMail({ locale, storeName: name, baseUrl: base(config), title: subject, ...content });
  return { channel: 'mail', event, recipient: to, locale, dedupeKey, payload: { subject: `${subject} — ${name}`, html, text }, ...extra };
}

/**
 * An SMS: a template send when the event has an approved template, else a plain send of our text.
 * Without a provider in production it is recorded as skipped (and logged), never left waiting.
 */
function sms(
  config: Config,
  to: string,
  event: string,
  dedupeKey: string,
  text: string,
  template: string | undefined,
  tokens: string[],
  userId: number | null,
): NewMessage {
  const payload = template
    ? {
        kind: 'lookup' as const,
        template,
        tokens: Object.fromEntries(tokens.map((t, i) => [i === 0 ? 'token' : `token${i + 1}`, lookupToken(t)])),
      }
    : { kind: 'send' as const, message: text };
  const message: NewMessage = { channel: 'sms', event, recipient: to, dedupeKey, payload, userId };
  if (smsMode(config) === 'off') {
    console.warn(`notifications: SMS "${event}" to ${to} skipped — KAVENEGAR_API_KEY is not set`);
    return { ...message, status: 'skipped', lastError: 'no SMS provider configured (KAVENEGAR_API_KEY)' };
  }
  return message;
}

const T = {
  fa: {
    product: 'کالا',
    qty: 'تعداد',
    requested: 'درخواستی',
    confirmed: 'تأییدشده',
    unit: 'قیمت واحد',
    lineTotal: 'جمع',
    change: 'تغییر',
    goods: 'جمع کالاها',
    discount: 'تخفیف',
    shipping: 'هزینه ارسال',
    total: 'مبلغ قابل پرداخت',
    vat: 'مالیات بر ارزش افزوده (در قیمت‌ها)',
    unavailable: 'ناموجود',
    qtyChanged: (a: number, b: number) => `تعداد از ${num(a, 'fa')} به ${num(b, 'fa')}`,
    priceChanged: (a: number, b: number) => `قیمت از ${money(a, 'fa')} به ${money(b, 'fa')}`,
    unchanged: 'بدون تغییر',
    hello: (n: string) => `${n} عزیز،`,
  },
  en: {
    product: 'Item',
    qty: 'Qty',
    requested: 'Requested',
    confirmed: 'Confirmed',
    unit: 'Unit price',
    lineTotal: 'Total',
    change: 'Change',
    goods: 'Goods',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Amount to pay',
    vat: 'VAT (included in prices)',
    unavailable: 'Not available',
    qtyChanged: (a: number, b: number) => `quantity ${a} → ${b}`,
    priceChanged: (a: number, b: number) => `price ${money(a, 'en')} → ${money(b, 'en')}`,
    unchanged: 'unchanged',
    hello: (n: string) => `Dear ${n},`,
  },
} as const;

function totalsFoot(order: OrderRow, locale: MailLocale): [string, string][] {
  const t = T[locale];
  return [
    [t.goods, money(order.subtotal, locale)],
    ...(order.discount > 0 ? [[t.discount, money(order.discount, locale)] as [string, string]] : []),
    [t.shipping, money(order.shipping, locale)],
    [t.vat, money(order.vat, locale)],
    [t.total, money(order.total, locale)],
  ];
}

function simpleLines(lines: LineRow[], order: OrderRow, locale: MailLocale): MailTable {
  const t = T[locale];
  return {
    head: [t.product, t.qty, t.unit, t.lineTotal],
    rows: lines
      .filter((l) => l.available)
      .map((l) => [productLabel(l.product, locale), num(l.quantity, locale), money(l.unitPrice, locale), money(l.lineTotal, locale)]),
    foot: totalsFoot(order, locale),
  };
}

/** A new enquiry: the store by mail and SMS (its own mobile), the customer by mail. */
export async function enqueueEnquiryReceived(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded) return;
  const { order, lines } = loaded;
  const customer = await recipientOf(tx, order.userId);
  // A re-request of the same order is a new round: the key carries when this round started.
  const round = order.updatedAt.getTime();
  const messages: NewMessage[] = [];
  const address = order.address as Record<string, unknown>;
  messages.push(
    mail(
      config,
      storeAlertEmail(config),
      'fa',
      'enquiry_received',
      `enquiry:${order.id}:${round}:store-mail`,
      `استعلام تازه ${order.factorNumber}`,
      {
        paragraphs: [
          `مشتری ${customer?.name ?? ''} (${customer?.email ?? ''}، ${customer?.mobile ?? ''}) استعلام موجودی و قیمت فرستاده است.`,
          `روش ارسال: ${shippingTitle(order.shippingMethod, 'fa')} — نشانی: ${[address.province, address.city, address.address].filter(Boolean).join('، ')}`,
          ...(order.customerNote ? [`یادداشت مشتری: ${order.customerNote}`] : []),
        ],
        table: simpleLines(lines, order, 'fa'),
        button: { label: 'بررسی در پیشخوان کارکنان', href: `${base(config)}/staff` },
      },
    ),
  );
  if (config.STORE_ALERT_MOBILE) {
    messages.push(
      sms(
        config,
        config.STORE_ALERT_MOBILE,
        'enquiry_received',
        `enquiry:${order.id}:${round}:store-sms`,
        `${config.STORE_NAME_FA}: استعلام تازه ${order.factorNumber} به مبلغ ${money(order.total, 'fa')} از ${customer?.name ?? ''}. ${base(config)}/staff`,
        config.SMS_TEMPLATE_ENQUIRY_RECEIVED,
        [order.factorNumber, String(Math.round(order.total / 10))],
        null,
      ),
    );
  }
  if (customer) {
    const l = customer.locale;
    messages.push(
      mail(
        config,
        customer.email,
        l,
        'enquiry_received',
        `enquiry:${order.id}:${round}:customer-mail`,
        l === 'fa' ? `استعلام ${order.factorNumber} رسید` : `We received your enquiry ${order.factorNumber}`,
        {
          paragraphs:
            l === 'fa'
              ? [
                  T.fa.hello(customer.name),
                  `استعلام موجودی و قیمت شما با شماره ${order.factorNumber} به دست ما رسید. همکاران ما موجودی و قیمت‌ها را بررسی می‌کنند و پیش‌فاکتور را برایتان می‌فرستند.`,
                ]
              : [
                  T.en.hello(customer.name),
                  `We received your stock and price enquiry ${order.factorNumber}. We are checking stock and prices and will send you the pre-invoice.`,
                ],
          table: simpleLines(lines, order, l),
          button: { label: l === 'fa' ? 'مشاهده استعلام' : 'View your enquiry', href: pageUrl(config, l, ordersPath(order.factorNumber)) },
        },
        { userId: customer.userId },
      ),
    );
  }
  await enqueue(tx, messages);
}

interface ConfirmChange {
  line: number;
  quantity?: [number, number];
  unitPrice?: [number, number];
  available?: [boolean, boolean];
}

/** What the store changed per line, from the confirm action recorded in the same transaction. */
async function confirmChanges(tx: DbOrTx, orderId: number): Promise<Map<number, ConfirmChange>> {
  const [action] = await tx
    .select({ details: staffActions.details })
    .from(staffActions)
    .where(and(eq(staffActions.entity, 'order'), eq(staffActions.entityId, orderId), eq(staffActions.action, 'order.confirm')))
    .orderBy(desc(staffActions.id))
    .limit(1);
  const changes = (action?.details.changes ?? []) as ConfirmChange[];
  return new Map(changes.map((c) => [c.line, c]));
}

/** The store confirmed: the customer gets the pre-invoice by mail (every line's change) and SMS (total and pay link). */
export async function enqueuePreInvoiceReady(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded || !loaded.order.expiresAt) return;
  const { order, lines } = loaded;
  const customer = await recipientOf(tx, order.userId);
  if (!customer) return;
  const l = customer.locale;
  const t = T[l];
  const changes = await confirmChanges(tx, orderId);
  const describe = (line: LineRow) => {
    if (!line.available) return [t.unavailable, line.note].filter(Boolean).join(' — ');
    const c = changes.get(line.id);
    const parts: string[] = [];
    if (line.quantity !== line.requestedQuantity) parts.push(t.qtyChanged(line.requestedQuantity, line.quantity));
    if (c?.unitPrice && c.unitPrice[0] !== c.unitPrice[1]) parts.push(t.priceChanged(c.unitPrice[0], c.unitPrice[1]));
    if (line.note) parts.push(line.note);
    return parts.length ? parts.join('؛ ') : t.unchanged;
  };
  const payUrl = pageUrl(config, l, prefactorPath(order.factorNumber));
  const expires = dateTime(order.expiresAt!, l);
  const changed = lines.filter((line) => describe(line) !== t.unchanged).length;
  const round = order.confirmedAt?.getTime() ?? order.updatedAt.getTime();
  const subject = l === 'fa' ? `پیش‌فاکتور ${order.factorNumber} آماده پرداخت است` : `Your pre-invoice ${order.factorNumber} is ready`;
  const messages: NewMessage[] = [
    mail(
      config,
      customer.email,
      l,
      'preinvoice_ready',
      `preinvoice:${order.id}:${round}:mail`,
      subject,
      {
        paragraphs:
          l === 'fa'
            ? [
                T.fa.hello(customer.name),
                `فروشگاه استعلام ${order.factorNumber} را بررسی و تأیید کرد.`,
                changed
                  ? `${num(changed, 'fa')} ردیف نسبت به درخواست شما تغییر کرده است؛ ستون «تغییر» علت را می‌گوید.`
                  : 'همه ردیف‌ها همان‌گونه که خواسته بودید تأیید شد.',
                `مبلغ قابل پرداخت: ${money(order.total, 'fa')}. این پیش‌فاکتور تا ${expires} قابل پرداخت است؛ پس از آن قیمت‌ها دوباره بررسی می‌شوند.`,
                ...(order.staffNote ? [`یادداشت فروشگاه: ${order.staffNote}`] : []),
              ]
            : [
                T.en.hello(customer.name),
                `The store checked and confirmed your enquiry ${order.factorNumber}.`,
                changed
                  ? `${changed} line(s) differ from your request; the Change column says why.`
                  : 'Every line was confirmed as you asked.',
                `Amount to pay: ${money(order.total, 'en')}. You can pay until ${expires}; after that prices are checked again.`,
                ...(order.staffNote ? [`Note from the store: ${order.staffNote}`] : []),
              ],
        table: {
          head: [t.product, t.requested, t.confirmed, t.unit, t.lineTotal, t.change],
          rows: lines.map((line) => [
            productLabel(line.product, l),
            num(line.requestedQuantity, l),
            line.available ? num(line.quantity, l) : num(0, l),
            money(line.unitPrice, l),
            money(line.lineTotal, l),
            describe(line),
          ]),
          foot: totalsFoot(order, l),
        },
        button: { label: l === 'fa' ? 'مشاهده و پرداخت پیش‌فاکتور' : 'View and pay the pre-invoice', href: payUrl },
      },
      { userId: customer.userId },
    ),
    sms(
      config,
      customer.mobile,
      'preinvoice_ready',
      `preinvoice:${order.id}:${round}:sms`,
      l === 'fa'
        ? `${config.STORE_NAME_FA}: پیش‌فاکتور ${order.factorNumber} به مبلغ ${money(order.total, 'fa')} آماده است و تا ${expires} قابل پرداخت است. پرداخت: ${payUrl}`
        : `${config.STORE_NAME_EN}: pre-invoice ${order.factorNumber}, ${money(order.total, 'en')}, ready to pay until ${expires}. Pay: ${payUrl}`,
      config.SMS_TEMPLATE_PREINVOICE_READY,
      [
        order.factorNumber,
        String(Math.round(order.total / 10)),
        String(Math.max(1, Math.round((order.expiresAt!.getTime() - round) / 3_600_000))),
      ],
      customer.userId,
    ),
  ];
  await enqueue(tx, messages);
}

/** A pre-invoice with an expiry and a customer to tell: what the reminder and the expiry mails start from. */
async function expiringOrder(tx: DbOrTx, orderId: number) {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded?.order.expiresAt) return null;
  const customer = await recipientOf(tx, loaded.order.userId);
  return customer ? { order: loaded.order, customer } : null;
}

/** Once per confirmation round: a confirmed pre-invoice is close to its expiry. */
export async function enqueuePreInvoiceReminder(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const found = await expiringOrder(tx, orderId);
  if (!found) return;
  const { order, customer } = found;
  const l = customer.locale;
  const expires = dateTime(order.expiresAt!, l);
  await enqueue(tx, [
    mail(
      config,
      customer.email,
      l,
      'preinvoice_reminder',
      `reminder:${order.id}:${order.expiresAt!.getTime()}`,
      l === 'fa' ? `مهلت پرداخت پیش‌فاکتور ${order.factorNumber} رو به پایان است` : `Your pre-invoice ${order.factorNumber} expires soon`,
      {
        paragraphs:
          l === 'fa'
            ? [
                T.fa.hello(customer.name),
                `پیش‌فاکتور ${order.factorNumber} به مبلغ ${money(order.total, 'fa')} تا ${expires} قابل پرداخت است. پس از آن باید دوباره استعلام بگیرید.`,
              ]
            : [
                T.en.hello(customer.name),
                `Pre-invoice ${order.factorNumber} (${money(order.total, 'en')}) can be paid until ${expires}. After that you will need to ask again.`,
              ],
        button: {
          label: l === 'fa' ? 'پرداخت پیش‌فاکتور' : 'Pay the pre-invoice',
          href: pageUrl(config, l, prefactorPath(order.factorNumber)),
        },
      },
      { userId: customer.userId },
    ),
  ]);
}

/** Once per confirmation round: the pre-invoice expired unpaid. */
export async function enqueuePreInvoiceExpired(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const found = await expiringOrder(tx, orderId);
  if (!found) return;
  const { order, customer } = found;
  const l = customer.locale;
  await enqueue(tx, [
    mail(
      config,
      customer.email,
      l,
      'preinvoice_expired',
      `expired:${order.id}:${order.expiresAt!.getTime()}`,
      l === 'fa' ? `پیش‌فاکتور ${order.factorNumber} منقضی شد` : `Your pre-invoice ${order.factorNumber} has expired`,
      {
        paragraphs:
          l === 'fa'
            ? [
                T.fa.hello(customer.name),
                `مهلت پرداخت پیش‌فاکتور ${order.factorNumber} گذشت. اگر هنوز این کالاها را می‌خواهید، از صفحه سفارش‌ها دوباره استعلام بگیرید تا موجودی و قیمت روز بررسی شود.`,
              ]
            : [
                T.en.hello(customer.name),
                `Pre-invoice ${order.factorNumber} was not paid in time. If you still want these parts, ask again from your orders page and we will check today's stock and prices.`,
              ],
        button: { label: l === 'fa' ? 'استعلام دوباره' : 'Ask again', href: pageUrl(config, l, ordersPath(order.factorNumber)) },
      },
      { userId: customer.userId },
    ),
  ]);
}

/**
 * The invoice is paid: the customer gets a thank-you with the invoice PDF attached (rendered when the
 * mail is sent), the store an alert. Call it in the transaction that marks the order paid.
 */
export async function enqueueOrderPaid(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded) return;
  const { order, lines } = loaded;
  const customer = await recipientOf(tx, order.userId);
  const messages: NewMessage[] = [
    mail(config, storeAlertEmail(config), 'fa', 'order_paid', `paid:${order.id}:store`, `فاکتور ${order.factorNumber} پرداخت شد`, {
      paragraphs: [
        `فاکتور ${order.factorNumber} از ${customer?.name ?? ''} به مبلغ ${money(order.total, 'fa')} پرداخت شد. روش ارسال: ${shippingTitle(order.shippingMethod, 'fa')}.`,
        'کالاها را آماده و ارسال کنید.',
      ],
      table: simpleLines(lines, order, 'fa'),
      button: { label: 'پیشخوان کارکنان', href: `${base(config)}/staff` },
    }),
  ];
  if (customer) {
    const l = customer.locale;
    messages.push(
      mail(
        config,
        customer.email,
        l,
        'order_paid',
        `paid:${order.id}:customer`,
        l === 'fa' ? `پرداخت فاکتور ${order.factorNumber} انجام شد` : `Payment received for ${order.factorNumber}`,
        {
          paragraphs:
            l === 'fa'
              ? [
                  T.fa.hello(customer.name),
                  `پرداخت فاکتور ${order.factorNumber} به مبلغ ${money(order.total, 'fa')} ثبت شد. سپاس از خرید شما. فاکتور رسمی پیوست این ایمیل است. کد رهگیری سفارش: ${order.trackingCode}`,
                ]
              : [
                  T.en.hello(customer.name),
                  `We received ${money(order.total, 'en')} for invoice ${order.factorNumber}. Thank you for your order. The invoice is attached. Order tracking code: ${order.trackingCode}`,
                ],
          table: simpleLines(lines, order, l),
          button: { label: l === 'fa' ? 'پیگیری سفارش' : 'Track your order', href: pageUrl(config, l, ordersPath(order.factorNumber)) },
        },
        { userId: customer.userId },
      ),
    );
    const last = messages[messages.length - 1]!;
    (last.payload as { attachments?: unknown }).attachments = [
      { kind: 'invoice', orderId: order.id, filename: `invoice-${order.factorNumber}.pdf` },
    ];
  }
  await enqueue(tx, messages);
}

/** A bank-transfer receipt was registered: the store checks it. */
export async function enqueueReceiptRegistered(tx: DbOrTx, config: Config, receiptId: number): Promise<void> {
  const [r] = await tx.select().from(bankReceipts).where(eq(bankReceipts.id, receiptId)).limit(1);
  if (!r) return;
  await enqueue(tx, [
    mail(
      config,
      storeAlertEmail(config),
      'fa',
      'receipt_registered',
      `receipt:${r.id}:registered`,
      `رسید بانکی تازه برای ${r.factorNumber}`,
      {
        paragraphs: [
          `${r.name} رسید واریز ${money(r.price, 'fa')} برای فاکتور ${r.factorNumber} را ثبت کرده است.`,
          `کد پیگیری بانک: ${r.trackingCode} — شماره حساب/کارت: ${r.accountNumber} — زمان واریز: ${dateTime(r.paymentDate, 'fa')}`,
          r.orderId === null
            ? 'فاکتوری با این شماره پیدا نشد؛ پیش از پذیرش با مشتری تماس بگیرید.'
            : 'رسید را با صورت‌حساب بانک مقایسه و در پیشخوان بپذیرید یا رد کنید.',
        ],
        button: { label: 'بررسی رسیدها', href: `${base(config)}/staff` },
      },
    ),
  ]);
}

/** Staff rejected a receipt: the customer who owns the invoice (or who sent the receipt) is told. */
export async function enqueueReceiptRejected(tx: DbOrTx, config: Config, receiptId: number): Promise<void> {
  const [r] = await tx.select().from(bankReceipts).where(eq(bankReceipts.id, receiptId)).limit(1);
  if (!r) return;
  const [order] =
    r.orderId === null ? [] : await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, r.orderId)).limit(1);
  const userId = order?.userId ?? r.userId;
  const customer = userId === null ? null : await recipientOf(tx, userId);
  if (!customer) return;
  const l = customer.locale;
  await enqueue(tx, [
    mail(
      config,
      customer.email,
      l,
      'receipt_rejected',
      `receipt:${r.id}:rejected`,
      l === 'fa' ? `رسید واریز فاکتور ${r.factorNumber} پذیرفته نشد` : `Your payment receipt for ${r.factorNumber} was not accepted`,
      {
        paragraphs:
          l === 'fa'
            ? [
                T.fa.hello(customer.name),
                `رسید واریز ${money(r.price, 'fa')} با کد پیگیری ${r.trackingCode} برای فاکتور ${r.factorNumber} با حساب فروشگاه تطبیق داده نشد و پذیرفته نشد.`,
                `لطفاً اطلاعات رسید را بررسی کنید یا با فروشگاه (${config.STORE_PHONES.join('، ')}) تماس بگیرید.`,
              ]
            : [
                T.en.hello(customer.name),
                `The receipt of ${money(r.price, 'en')} (bank tracking code ${r.trackingCode}) for invoice ${r.factorNumber} did not match the store's account and was not accepted.`,
                `Please check the receipt details or call the store (${config.STORE_PHONES.join(', ')}).`,
              ],
        button: { label: l === 'fa' ? 'ثبت دوباره رسید' : 'Register the receipt again', href: pageUrl(config, l, '/shop/receipt') },
      },
      { userId: customer.userId },
    ),
  ]);
}

/** The parcel left: carrier and tracking code to the customer, once per tracking code. */
export async function enqueueShipped(tx: DbOrTx, config: Config, orderId: number): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded) return;
  const { order } = loaded;
  const customer = await recipientOf(tx, order.userId);
  if (!customer) return;
  const l = customer.locale;
  const carrier = order.shippingDescription || shippingTitle(order.shippingMethod, l);
  const code = order.shippingTrackingCode ?? '';
  await enqueue(tx, [
    mail(
      config,
      customer.email,
      l,
      'order_shipped',
      `shipped:${order.id}:${code}`,
      l === 'fa' ? `سفارش ${order.factorNumber} ارسال شد` : `Your order ${order.factorNumber} is on its way`,
      {
        paragraphs:
          l === 'fa'
            ? [
                T.fa.hello(customer.name),
                `سفارش ${order.factorNumber} ارسال شد.`,
                `ارسال با: ${carrier}`,
                ...(code ? [`کد رهگیری مرسوله: ${code}`] : []),
              ]
            : [
                T.en.hello(customer.name),
                `Your order ${order.factorNumber} has been shipped.`,
                `Carrier: ${carrier}`,
                ...(code ? [`Parcel tracking code: ${code}`] : []),
              ],
        button: {
          label: l === 'fa' ? 'پیگیری سفارش' : 'Track your order',
          href: pageUrl(config, l, `/shop/track-order?code=${encodeURIComponent(order.trackingCode)}`),
        },
      },
      { userId: customer.userId },
    ),
  ]);
}
