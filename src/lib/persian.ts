/**
 * Persian text rules shared by server, build and islands. Pure functions, no I/O, no dependencies:
 * the islands of every page with a buy box or cart reach this module, and @persian-tools would add
 * 1.7 KB gzip to each of them for four one-line mappings. The search-specific folding lives in
 * search-text.ts.
 */
export const ZWNJ = '\u200c';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** Arabic ي/ى/ك/ة, as Arabic keyboards type them → Persian ی/ی/ک/ه. */
export function toPersianLetters(text: string): string {
  return text
    .replace(/[\u064a\u0649]/g, 'ی')
    .replace(/\u0643/g, 'ک')
    .replace(/\u0629/g, 'ه');
}

/** Persian and Arabic-Indic digits → ASCII 0-9. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[۰-۹]/g, (d) => String(PERSIAN_DIGITS.indexOf(d))).replace(/[٠-٩]/g, (d) => String(ARABIC_DIGITS.indexOf(d)));
}

export function toPersianDigits(text: string | number): string {
  return String(text).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]!);
}

/**
 * Cleans text typed or imported by people: Persian letters, ASCII digits kept as typed digits
 * are *not* changed here (names keep their digits), stray spaces and doubled ZWNJ removed.
 */
export function normalisePersianText(text: string): string {
  return toPersianLetters(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200c]{2,}/g, ZWNJ)
    .replace(/ *\u200c */g, ZWNJ)
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}
