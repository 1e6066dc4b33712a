/** Texts of the checkout summary, shipping estimate, discount code and pre-invoice changes (Persian first, English for /en). */
import type { ShopLocale } from './buy-texts';

const fa = {
  goodsTotal: 'جمع کالاها',
  discountCode: 'کد تخفیف',
  applyCode: 'اعمال کد',
  removeCode: 'حذف کد',
  codeApplied: (code: string, percent: string) => `کد «${code}» اعمال شد: ${percent}٪ تخفیف.`,
  vatIncluded: 'مالیات بر ارزش افزوده (در مبلغ کالاها منظور شده)',
  shippingEstimate: 'برآورد هزینه ارسال',
  method: 'روش ارسال',
  shippingCost: 'هزینه ارسال',
  grandTotal: 'مبلغ قابل پرداخت',
  storeCityOnly: (city: string) => `فقط برای نشانی‌های ${city}`,
  notForAddress: (city: string) => `برای این نشانی در دسترس نیست (فقط ${city})`,
  payable: 'مبلغ قابل پرداخت با روش انتخاب‌شده',
  chooseMethodFirst: 'برای دیدن مبلغ نهایی، روش ارسال را انتخاب کنید.',
  officialInvoice: 'فاکتور رسمی (اختیاری)',
  company: 'نام شرکت',
  nationalId: 'کد ملی یا شناسه ملی شرکت',
  economicCode: 'کد اقتصادی',
  requested: 'درخواست شما',
  confirmed: 'تأیید فروشگاه',
  changes: 'تغییرات فروشگاه',
  enquiryTotal: 'مبلغ استعلام شما',
  shippingWas: 'هزینه ارسال در استعلام',
  changeLabels: {
    unchanged: 'بدون تغییر', quantity_cut: 'تعداد کمتر', quantity_raised: 'تعداد بیشتر', price_down: 'قیمت کمتر', price_up: 'قیمت بیشتر', unavailable: 'ناموجود',
  },
};
type Texts = typeof fa;

const en: Texts = {
  goodsTotal: 'Goods total',
  discountCode: 'Discount code',
  applyCode: 'Apply',
  removeCode: 'Remove code',
  codeApplied: (code, percent) => `Code “${code}” applied: ${percent}% off.`,
  vatIncluded: 'VAT (included in the goods total)',
  shippingEstimate: 'Shipping estimate',
  method: 'Method',
  shippingCost: 'Shipping',
  grandTotal: 'To pay',
  storeCityOnly: (city) => `only for addresses in ${city}`,
  notForAddress: (city) => `not available for this address (only ${city})`,
  payable: 'To pay with the chosen method',
  chooseMethodFirst: 'Choose a shipping method to see the final amount.',
  officialInvoice: 'Official invoice (optional)',
  company: 'Company name',
  nationalId: 'National ID (person or company)',
  economicCode: 'Economic code',
  requested: 'You asked',
  confirmed: 'Store confirmed',
  changes: "Store's changes",
  enquiryTotal: 'Your enquiry total',
  shippingWas: 'Shipping at enquiry',
  changeLabels: {
    unchanged: 'unchanged', quantity_cut: 'fewer', quantity_raised: 'more', price_down: 'cheaper', price_up: 'dearer', unavailable: 'unavailable',
  },
};

export const checkoutTexts = (locale: ShopLocale): Texts => (locale === 'fa' ? fa : en);
