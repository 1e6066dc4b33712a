/** Numbers printed on orders: the factor number customers quote, and the tracking code for guests. */
import { randomInt } from 'node:crypto';
import { randomToken } from '../accounts/secrets';

/** Ten digits, never starting with 0, so it reads well on the phone and in a bank transfer note. */
export const newFactorNumber = (): string => String(randomInt(1, 10)) + String(randomInt(0, 1_000_000_000)).padStart(9, '0');

const TRACKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Twelve unambiguous characters (no 0/O, 1/I): hard to guess, easy to read aloud. */
export function newTrackingCode(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += TRACKING_ALPHABET[randomInt(0, TRACKING_ALPHABET.length)];
  return out;
}

export const newOrderToken = (): string => randomToken(24);
