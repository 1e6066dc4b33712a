/**
 * Texts of the buying-path islands: Persian first, English for /en (Russian shows English). The buy
 * box's own texts and the number formats live in buy-texts.ts (the product page ships only those).
 */
import { VAT_PERCENT } from '~/lib/vat';
import { ORDER_STATE_EN, ORDER_STATE_FA } from '~/lib/order-machine';
import { SHIPPING_STATUS_EN, SHIPPING_STATUS_FA } from '~/lib/shipping';
import { buyTexts, num, toman, type ShopLocale } from './buy-texts';

export { num, toman, type ShopLocale };

const fa = {
  ...buyTexts('fa'),
  cart: 'سبد خرید',
  emptyCart: 'سبد خرید شما خالی است.',
  remove: 'حذف',
  update: 'به‌روزرسانی سبد',
  subtotal: `جمع کالاها (با ${num('fa', VAT_PERCENT)}٪ مالیات بر ارزش افزوده)`,
  vat: 'مالیات بر ارزش افزوده در این مبلغ',
  total: 'مبلغ کل',
  checkout: 'ثبت استعلام موجودی و قیمت',
  viewCart: 'مشاهده سبد خرید',
  preOrder: 'پیش‌سفارش',
  unavailable: 'ناموجود',
  product: 'کالا',
  close: 'بستن',
  address: 'نشانی تحویل',
  noAddress: 'هنوز نشانی ثبت نکرده‌اید.',
  addAddress: 'افزودن نشانی',
  shippingMethod: 'روش ارسال',
  free: 'رایگان',
  note: 'توضیحات (اختیاری)',
  reference: 'مرجع',
  referenceHint: 'جای قطعه روی برد، مثلاً R1-R4',
  sendEnquiry: 'ارسال استعلام',
  required: 'لطفاً این فیلد را پر کنید',
  factor: 'پیش‌فاکتور',
  factorNumber: 'شماره فاکتور',
  trackingCode: 'کد رهگیری',
  state: 'وضعیت',
  date: 'تاریخ',
  expiresAt: 'مهلت پرداخت',
  shipping: 'هزینه ارسال',
  discount: 'تخفیف',
  pay: 'پرداخت',
  choosePayment: 'انتخاب روش پرداخت',
  zarinpal: 'درگاه زرین‌پال',
  sadad: 'درگاه سداد (بانک ملی)',
  bankTransfer: 'واریز بانکی',
  bankDetails: 'مشخصات حساب برای واریز',
  holder: 'به نام',
  accountNumber: 'شماره حساب',
  cardNumber: 'شماره کارت',
  sheba: 'شماره شبا',
  registerReceipt: 'ثبت رسید واریز',
  receiptTitle: 'ثبت رسید بانکی',
  name: 'نام واریزکننده',
  paymentDate: 'تاریخ واریز',
  time: 'ساعت',
  price: 'مبلغ (تومان)',
  receiptTracking: 'شماره پیگیری بانکی',
  receiptAccount: 'شماره حساب یا کارت مبدأ',
  submit: 'ثبت',
  receiptSaved: 'رسید شما ثبت شد و پس از بررسی، فاکتور پرداخت‌شده می‌شود.',
  successTitle: 'پرداخت با موفقیت انجام شد',
  refId: 'شماره مرجع',
  failTitle: 'پرداخت انجام نشد',
  failText: 'اگر مبلغی از حساب شما کم شده، ظرف ۷۲ ساعت بازگردانده می‌شود.',
  /** Why the payment was not applied: the ?reason= code the payment callback sends the shopper with. */
  failReasons: {
    not_paid: 'بانک پرداخت را تأیید نکرد.',
    out_of_stock: 'موجودی کالاهای این پیش‌فاکتور پیش از تأیید پرداخت شما تمام شد، پس پرداخت تأیید نشد. فروشگاه باخبر شد و با شما تماس می‌گیرد.',
    changed: 'این پیش‌فاکتور پس از شروع پرداخت تغییر کرده، حذف شده یا پرداخت شده است، پس این پرداخت تأیید نشد.',
    superseded: 'برای این پیش‌فاکتور پرداخت تازه‌تری آغاز شد و این پرداخت لغو شد.',
    gateway_refused: 'درگاه بانک درخواست پرداخت را نپذیرفت.',
    pending: 'پاسخ بانک هنوز نرسیده است؛ وضعیت پرداخت تا چند دقیقه دیگر در فهرست سفارش‌های شما به‌روز می‌شود.',
  },
  retry: 'بازگشت به پیش‌فاکتور',
  downloadInvoice: 'دریافت فاکتور (PDF)',
  orders: 'سفارش‌ها',
  tabs: { p: 'پیش‌فاکتورها', f: 'فاکتورها', a: 'بایگانی', all: 'همه' },
  details: 'جزئیات',
  delete: 'حذف',
  confirmDelete: 'این پیش‌فاکتور حذف شود؟',
  askAgain: 'استعلام دوباره',
  noOrders: 'موردی نیست.',
  trackTitle: 'پیگیری سفارش',
  track: 'پیگیری',
  shippingStatus: 'وضعیت ارسال',
  shipmentCode: 'کد مرسوله',
  notFound: 'پیدا نشد.',
  error: 'خطایی رخ داد؛ لطفاً دوباره تلاش کنید.',
  loading: 'در حال بارگذاری…',
  awaitingText: 'استعلام موجودی و قیمت شما ثبت شد. پس از تأیید فروشگاه، پیش‌فاکتور قابل پرداخت می‌شود.',
  expiredText: 'مهلت پرداخت این پیش‌فاکتور گذشته است. می‌توانید دوباره استعلام بگیرید.',
  contactText: 'لطفاً برای این سفارش با فروشگاه تماس بگیرید.',
  /** Order states and parcel states by the code the API sends beside its Persian label. */
  states: ORDER_STATE_FA as Record<string, string>,
  shippingStatuses: SHIPPING_STATUS_FA as Record<string, string>,
};
type Texts = typeof fa;

const en: Texts = {
  ...fa,
  ...buyTexts('en'),
  cart: 'Cart', emptyCart: 'Your cart is empty.', remove: 'Remove', update: 'Update cart', subtotal: `Subtotal (${VAT_PERCENT}% VAT included)`,
  vat: 'VAT included', total: 'Total', checkout: 'Request stock and price check', viewCart: 'View cart', preOrder: 'Pre-order',
  unavailable: 'Unavailable', product: 'Product', close: 'Close', address: 'Delivery address', noAddress: 'No address yet.',
  addAddress: 'Add an address', shippingMethod: 'Shipping method', free: 'Free', note: 'Note (optional)', reference: 'Reference', referenceHint: 'Where it goes, e.g. R1-R4', sendEnquiry: 'Send enquiry',
  required: 'Please Fill Out The Field', factor: 'Pre-invoice', factorNumber: 'Invoice number', trackingCode: 'Tracking code',
  state: 'State', date: 'Date', expiresAt: 'Pay before', shipping: 'Shipping', discount: 'Discount', pay: 'Pay',
  choosePayment: 'Choose a payment method', zarinpal: 'ZarinPal gateway', sadad: 'Sadad gateway (Bank Melli)', bankTransfer: 'Bank transfer',
  bankDetails: 'Account details', holder: 'Holder', accountNumber: 'Account number', cardNumber: 'Card number', sheba: 'IBAN',
  registerReceipt: 'Register the receipt', receiptTitle: 'Bank receipt', name: 'Payer name', paymentDate: 'Payment date', time: 'Time',
  price: 'Amount (toman)', receiptTracking: 'Bank tracking number', receiptAccount: 'Paying account or card', submit: 'Submit',
  receiptSaved: 'Your receipt was registered.', successTitle: 'Payment successful', refId: 'Reference', failTitle: 'Payment failed',
  failText: 'Any amount taken is returned by the bank within 72 hours.',
  failReasons: {
    not_paid: 'The bank did not confirm the payment.',
    out_of_stock: 'The goods of this pre-invoice ran out before your payment was confirmed, so it was not confirmed. The store has been told and will contact you.',
    changed: 'This pre-invoice was changed, deleted or paid after the payment began, so this payment was not confirmed.',
    superseded: 'A newer payment was started for this pre-invoice and this one was cancelled.',
    gateway_refused: 'The bank gateway refused the payment request.',
    pending: 'The bank has not answered yet; the payment state in your orders updates within a few minutes.',
  },
  retry: 'Back to the pre-invoice', downloadInvoice: 'Download invoice (PDF)',
  orders: 'Orders', tabs: { p: 'Pre-invoices', f: 'Invoices', a: 'Archive', all: 'All' }, details: 'Details', delete: 'Delete',
  confirmDelete: 'Delete this pre-invoice?', askAgain: 'Ask again', noOrders: 'Nothing here.', trackTitle: 'Track an order', track: 'Track',
  shippingStatus: 'Shipping', shipmentCode: 'Shipment code', notFound: 'Not Found!', error: 'An Error Occur Please Try Again', loading: 'Loading…',
  awaitingText: 'Your stock and price enquiry was sent. Once the store confirms it, the pre-invoice can be paid.',
  expiredText: 'This pre-invoice has expired. You can ask again.', contactText: 'Please contact the store about this order.',
  states: ORDER_STATE_EN, shippingStatuses: SHIPPING_STATUS_EN,
};

export const shopTexts = (locale: ShopLocale): Texts => (locale === 'fa' ? fa : en);

export const pathIn = (locale: ShopLocale, path: string): string => (locale === 'fa' ? path : `/${locale}${path}`);

export const dateText = (locale: ShopLocale, iso: string): string =>
  new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The URL segment after `prefix` (e.g. the factor number of /shop/checkout/prefactor/123). */
export function segmentsAfter(prefix: string): string[] {
  // Rendered at build time too, where there is no address yet.
  if (typeof location === 'undefined') return [];
  const path = location.pathname.replace(/^\/(en|ru)(?=\/)/, '');
  if (!path.startsWith(prefix)) return [];
  return path.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent);
}
