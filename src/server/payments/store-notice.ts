/**
 * The mail the store gets when a customer paid at the bank for goods that were gone by the time they came
 * back: the money was not verified (the bank returns it to the payer), and someone should call them.
 */
import { formatToman } from '../../lib/money';
import type { MailMessage } from '../services/accounts/mailer';
import type { Shortage } from '../services/shop/settle';
import type { GatewayName } from './gateway';

export interface StockShortNotice {
  factorNumber: string;
  trackingCode: string;
  customer: { name: string; username: string; mobile: string | null; email: string | null };
  gateway: GatewayName;
  authority: string;
  amount: number;
  shortages: Shortage[];
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const GATEWAY_NAMES: Record<GatewayName, string> = { zarinpal: 'زرین‌پال', sadad: 'سداد' };

export function stockShortMail(to: string, storeName: string, n: StockShortNotice): MailMessage {
  const lines = [
    `پرداخت آنلاین پیش‌فاکتور ${n.factorNumber} (کد رهگیری ${n.trackingCode}) به دلیل کمبود موجودی تأیید نشد.`,
    `مشتری: ${n.customer.name} (${n.customer.username})${n.customer.mobile ? `، موبایل ${n.customer.mobile}` : ''}${n.customer.email ? `، ایمیل ${n.customer.email}` : ''}`,
    `درگاه: ${GATEWAY_NAMES[n.gateway]}، شناسه تراکنش ${n.authority}، مبلغ ${formatToman(n.amount)}`,
    'کالاهایی که موجودی‌شان کافی نبود:',
    ...n.shortages.map((s) => `- ${s.name} (${s.partNumber}): در پیش‌فاکتور ${s.wanted}، موجود ${s.inStock}`),
    'پول مشتری تأیید (برداشت) نشد و بانک آن را حداکثر تا ۷۲ ساعت به حساب او برمی‌گرداند. پیش‌فاکتور همچنان باز است؛ لطفاً با مشتری تماس بگیرید.',
    `Online payment of pre-invoice ${n.factorNumber} was not verified: too little stock. The money was not captured; the bank returns it to the customer.`,
  ];
  return {
    to,
    subject: `کمبود موجودی هنگام پرداخت — پیش‌فاکتور ${n.factorNumber} — ${storeName}`,
    text: lines.join('\n'),
    html: `<div dir="rtl" style="font-family:Tahoma,sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}</div>`,
  };
}
