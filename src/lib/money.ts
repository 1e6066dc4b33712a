/** Money is integer rials everywhere inside; toman (rials / 10) is only how it is shown to shoppers. */
export const RIALS_PER_TOMAN = 10;

export const tomanToRials = (toman: number): number => Math.round(toman * RIALS_PER_TOMAN);
export const rialsToToman = (rials: number): number => Math.round(rials / RIALS_PER_TOMAN);

const faToman = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 });
const enToman = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "۱۵٬۵۰۰ تومان" in Persian, "15,500 Toman" in English. */
export function formatToman(rials: number, locale: 'fa' | 'en' | 'ru' = 'fa'): string {
  const toman = rialsToToman(rials);
  return locale === 'fa' ? `${faToman.format(toman)} تومان` : `${enToman.format(toman)} Toman`;
}
