/**
 * Pre-invoice validity: prices of components move quickly, so a confirmed pre-invoice can be paid only
 * for a limited time (PREINVOICE_VALID_HOURS). Expired ones show as expired (spec §4) and cannot be paid.
 */
const HOUR_MS = 3_600_000;

export function preInvoiceExpiry(confirmedAt: Date, validHours: number): Date {
  return new Date(confirmedAt.getTime() + validHours * HOUR_MS);
}

/** An expiry exactly now counts as expired: the last payable instant is just before it. */
export function isExpired(expiresAt: Date | null, now: Date = new Date()): boolean {
  return expiresAt !== null && now.getTime() >= expiresAt.getTime();
}

/** Whole minutes left to pay (0 once expired); null when the pre-invoice has no expiry. */
export function minutesLeft(expiresAt: Date | null, now: Date = new Date()): number | null {
  if (expiresAt === null) return null;
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 60_000));
}
