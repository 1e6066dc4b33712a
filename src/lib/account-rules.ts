/**
 * Rules for what customers type into account forms, shared by the API schemas and the islands.
 * Pure functions, no I/O.
 */
import { isPhoneNumberValid, phoneNumberNormalizer } from '@persian-tools/persian-tools';
import { toAsciiDigits } from './persian';

/** Spec §5: English letters and digits, no spaces; the symbols * - . + / _ are allowed. */
export const USERNAME_PATTERN = /^[A-Za-z0-9*\-.+/_]+$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
/** argon2 happily hashes megabytes; a sane cap keeps sign-in cheap to refuse. */
export const PASSWORD_MAX = 128;

/** Separators people type inside phone numbers and postal codes. */
const SEPARATORS = /[\s\-‐–—()]/g;

/**
 * An Iranian mobile number in any common form (09…, 9…, +989…, 00989…, Persian digits, spaces,
 * dashes) → the canonical 09xxxxxxxxx, or null when it is not a mobile number.
 */
export function canonicalMobile(input: string): string | null {
  const compact = toAsciiDigits(input).replace(SEPARATORS, '');
  if (!/^(\+98|0098|98|0)?9\d{9}$/.test(compact)) return null;
  if (!isPhoneNumberValid(compact)) return null;
  const canonical = phoneNumberNormalizer(compact, '0');
  return /^09\d{9}$/.test(canonical) ? canonical : null;
}

/**
 * Iranian postal code: exactly 10 digits once Persian digits and separators are normalised. The
 * commonly quoted stricter pattern is not an official rule, so it is not enforced.
 */
export function canonicalPostCode(input: string): string | null {
  const compact = toAsciiDigits(input).replace(SEPARATORS, '');
  return /^\d{10}$/.test(compact) ? compact : null;
}

/** Landline or other phone: digits with an optional leading +, 5 to 15 of them. */
export function canonicalPhone(input: string): string | null {
  const compact = toAsciiDigits(input).replace(SEPARATORS, '');
  return /^\+?\d{5,15}$/.test(compact) ? compact : null;
}

/**
 * True when the text holds markup (<script>, <img onerror=…>, </b>…). Account fields are plain text
 * shown back on pages and in e-mails, so markup is refused rather than silently rewritten.
 */
export const hasMarkup = (text: string): boolean => /<\s*\/?\s*[a-z!?]/i.test(text) || /javascript:/i.test(text);
