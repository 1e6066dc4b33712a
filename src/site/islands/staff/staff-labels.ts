/** Persian words for every code the staff console shows: order and payment states, gateways, actions. */
import { ORDER_STATE_FA, ORDER_STATES } from '~/lib/order-machine';
import { SHIPPING_STATUS_FA } from '~/lib/shipping';

export { ORDER_STATE_FA, ORDER_STATES };

export const SHIPPING_FA: Record<string, string> = SHIPPING_STATUS_FA;

export const PAYMENT_STATE_FA: Record<string, string> = {
  INIT: 'آغاز شده',
  VERIFYING: 'در حال تأیید بانک',
  SUCCEED: 'موفق',
  FAILED: 'ناموفق',
  CANCELLED: 'لغو شده',
};

export const GATEWAY_FA: Record<string, string> = { zarinpal: 'زرین‌پال', sadad: 'سداد (بانک ملی)' };

export const ACTION_FA: Record<string, string> = {
  'order.confirm': 'تأیید استعلام',
  'order.reject': 'رد استعلام',
  'order.contact_store': 'درخواست تماس با فروشگاه',
  'order.shipping': 'به‌روزرسانی ارسال',
  'receipt.accept': 'پذیرش رسید بانکی',
  'receipt.reject': 'رد رسید بانکی',
  'question.answer': 'پاسخ به پرسش',
  'resupply.answered': 'پاسخ به درخواست موجودی',
  'resupply.closed': 'بستن درخواست موجودی',
  'newsletter.create': 'نوشتن خبرنامه',
  'newsletter.update': 'ویرایش خبرنامه',
  'newsletter.send': 'ارسال خبرنامه',
  'staff.role': 'تغییر نقش کارکنان',
};

export const ENTITY_FA: Record<string, string> = {
  order: 'سفارش',
  bank_receipt: 'رسید بانکی',
  comment: 'پرسش',
  resupply_request: 'درخواست موجودی',
  newsletter: 'خبرنامه',
  user: 'کاربر',
};

export const ROLE_FA: Record<string, string> = { admin: 'مدیر', clerk: 'کارشناس فروش', customer: 'مشتری (بدون دسترسی)' };

export const faDate = (iso: string) => new Date(iso).toLocaleString('fa-IR', { dateStyle: 'medium', timeStyle: 'short' });
