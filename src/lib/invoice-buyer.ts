import { verifyIranianLegalId, verifyIranianNationalId } from '@persian-tools/persian-tools';
import { toAsciiDigits } from './persian';

/**
 * The buyer's identifiers on an official invoice (فاکتور رسمی): a person's national code (کد ملی,
 * 10 digits with its check digit) or a company's national ID (شناسه ملی, 11 digits with its own check
 * digit); the economic code (کد اقتصادی) is today the same number for new taxpayers, and 12 digits for
 * older ones, which carry no public check digit.
 */
export const BUYER_MESSAGES = {
  nationalId: 'کد ملی (۱۰ رقم) یا شناسه ملی شرکت (۱۱ رقم) معتبر نیست.',
  economicCode: 'کد اقتصادی باید ۱۰، ۱۱ یا ۱۲ رقم باشد.',
  companyNeedsId: 'برای فاکتور رسمی به نام شرکت، شناسه ملی شرکت را هم وارد کنید.',
} as const;

const digitsOf = (raw: string) => toAsciiDigits(raw).replace(/[\s-]/g, '');

/** The national code or legal national ID as 10/11 ASCII digits, or null when it fails its check. */
export function canonicalNationalId(raw: string): string | null {
  const d = digitsOf(raw);
  if (/^\d{10}$/.test(d)) return verifyIranianNationalId(d) ? d : null;
  if (/^\d{11}$/.test(d)) return verifyIranianLegalId(d) ? d : null;
  return null;
}

export function canonicalEconomicCode(raw: string): string | null {
  const d = digitsOf(raw);
  if (/^\d{12}$/.test(d)) return d;
  return canonicalNationalId(d);
}
