/**
 * Spec §9: the price filter's range is rounded to a power of ten chosen by the number's digit count —
 * the low end down, the high end up — so the slider shows round toman figures (12,345 → 10,000;
 * 87,654 → 90,000). Works on toman, returns toman.
 */
// Digit count from the decimal string, not Math.log10, whose float result can fall just short of an integer.
const stepFor = (value: number) => 10 ** (String(Math.floor(value)).length - 1);

export function roundDownByDigits(value: number): number {
  if (value <= 0) return 0;
  const step = stepFor(value);
  return Math.floor(value / step) * step;
}

export function roundUpByDigits(value: number): number {
  if (value <= 0) return 0;
  const step = stepFor(value);
  return Math.ceil(value / step) * step;
}

export function roundedPriceRange(minToman: number, maxToman: number): [number, number] {
  return [roundDownByDigits(minToman), roundUpByDigits(maxToman)];
}
