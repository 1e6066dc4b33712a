/**
 * The responsive copies an upload is turned into (WebP and AVIF at several widths, smallest first) as
 * the `srcset` a `<picture>` offers, so a phone downloads the small copy and a wide screen the sharp one.
 */
export interface ImageVariant {
  width: number;
  webp: string;
  avif: string;
}

/** `url 320w, url 640w, …` for one format, widths rising; empty without copies. */
export function variantSrcSet(variants: readonly ImageVariant[] | undefined | null, format: 'webp' | 'avif'): string {
  if (!variants || variants.length === 0) return '';
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v[format]} ${v.width}w`)
    .join(', ');
}

/** The smallest copy at least `cssWidth` × `density` wide (or the largest there is), for a fixed-size picture. */
export function variantFor(variants: readonly ImageVariant[], cssWidth: number, density = 2): ImageVariant | undefined {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return sorted.find((v) => v.width >= cssWidth * density) ?? sorted.at(-1);
}
