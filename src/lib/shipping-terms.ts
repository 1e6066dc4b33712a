import type { Locale } from './locales';
import { formatToman } from './money';
import type { ShippingRates } from './shipping';

/**
 * The free-shipping thresholds in one sentence, the same on the product page, the cart and checkout,
 * from the rates the server charges by (so no page can promise another threshold than checkout applies).
 */
export function freeShippingSentence(rates: ShippingRates, storeCity: string, locale: Locale): string {
  const terms = freeShippingTerms(rates, storeCity, locale);
  if (!terms) return '';
  return locale === 'fa' ? `ارسال رایگان: ${terms}` : `Free shipping: ${terms}`;
}

/**
 * The same thresholds without the "Free shipping:" lead, for a place whose own heading already says it
 * (the home page's promise tiles); English starts with a capital there.
 */
export function freeShippingTerms(rates: ShippingRates, storeCity: string, locale: Locale, capitalise = false): string {
  const fa = locale === 'fa';
  const parts: string[] = [];
  const { courier, post } = rates;
  if (courier.freeFrom !== null && courier.price > 0) {
    parts.push(
      fa
        ? `پیک در ${storeCity} از ${formatToman(courier.freeFrom, 'fa')}`
        : `courier in ${storeCity} from ${formatToman(courier.freeFrom, 'en')}`,
    );
  }
  if (post.freeFrom !== null && post.price > 0) {
    parts.push(
      fa ? `پست به سراسر ایران از ${formatToman(post.freeFrom, 'fa')}` : `post anywhere in Iran from ${formatToman(post.freeFrom, 'en')}`,
    );
  }
  if (parts.length === 0) return '';
  if (fa) return `${parts.join('، ')} (مبلغ کالاها پس از تخفیف).`;
  const terms = `${parts.join(', ')} (goods after discount).`;
  return capitalise ? terms[0]!.toUpperCase() + terms.slice(1) : terms;
}

/** "X more for free courier / free post" for a goods amount; empty when nothing is left to reach. */
export function untilFreeSentences(goodsRials: number, rates: ShippingRates, storeCity: string, locale: Locale): string[] {
  const fa = locale === 'fa';
  const out: string[] = [];
  for (const method of ['courier', 'post'] as const) {
    const rate = rates[method];
    if (rate.freeFrom === null || rate.price === 0 || goodsRials >= rate.freeFrom) continue;
    const more = formatToman(rate.freeFrom - Math.max(0, goodsRials), fa ? 'fa' : 'en');
    if (method === 'courier') out.push(fa ? `${more} دیگر تا پیک رایگان (${storeCity})` : `${more} more for free courier (${storeCity})`);
    else out.push(fa ? `${more} دیگر تا پست رایگان` : `${more} more for free post`);
  }
  return out;
}
