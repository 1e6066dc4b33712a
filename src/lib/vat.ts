/**
 * Value added tax. Decision (spec §1: "displayed subtotals include 9 percent VAT"): catalogue prices are
 * VAT-inclusive. Every price a shopper sees is what they pay; the VAT is the part already inside it,
 * shown on the cart and printed on the invoice, never added on top.
 */
export const VAT_PERCENT = 9;

/** The VAT contained in a VAT-inclusive amount, whole rials: gross × 9 / 109, rounded. */
export function vatIncluded(grossRials: number, percent = VAT_PERCENT): number {
  if (grossRials <= 0) return 0;
  return Math.round((grossRials * percent) / (100 + percent));
}

/** The same amount without its VAT. */
export const netOfVat = (grossRials: number, percent = VAT_PERCENT): number => grossRials - vatIncluded(grossRials, percent);
