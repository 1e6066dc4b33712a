/**
 * Persian text rules shared by server, build and islands. Pure functions, no I/O.
 * Digit conversion comes from @persian-tools; the search-specific folding lives in search-text.ts.
 */
import { digitsArToEn, digitsEnToFa, digitsFaToEn, toPersianChars } from '@persian-tools/persian-tools';

export const ZWNJ = '\u200c';

/** Arabic ي/ك (and the Arabic-Indic digits that often come with them) → Persian ی/ک. */
export function toPersianLetters(text: string): string {
  // toPersianChars handles ي ك; ى (alef maksura) and ة also arrive from Arabic keyboards.
  return toPersianChars(text)
    .replace(/\u0649/g, 'ی')
    .replace(/\u0629/g, 'ه');
}

/** Persian and Arabic-Indic digits → ASCII 0-9. */
export function toAsciiDigits(text: string): string {
  return digitsArToEn(digitsFaToEn(text));
}

export function toPersianDigits(text: string | number): string {
  return digitsEnToFa(String(text));
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
