import { describe, expect, it } from 'vitest';
import { variantFor, variantSrcSet, type ImageVariant } from './responsive-image';

const v = (width: number): ImageVariant => ({ width, webp: `/media/a-${width}.webp`, avif: `/media/a-${width}.avif` });

describe('responsive image copies', () => {
  it.each([
    [[v(800), v(200), v(400)], 'webp', '/media/a-200.webp 200w, /media/a-400.webp 400w, /media/a-800.webp 800w'],
    [[v(200), v(1600)], 'avif', '/media/a-200.avif 200w, /media/a-1600.avif 1600w'],
    [[], 'webp', ''],
    [null, 'avif', ''],
  ] as const)('srcset of %j as %s', (variants, format, expected) => {
    expect(variantSrcSet(variants as ImageVariant[] | null, format)).toBe(expected);
  });

  it.each([
    [64, 2, 200],
    [100, 2, 200],
    [150, 2, 400],
    [400, 2, 800],
    [400, 1, 400],
    [1000, 2, 1600],
    [5000, 1, 1600],
  ])('a %i px picture at density %i takes the %i px copy', (css, density, width) => {
    expect(variantFor([v(1600), v(200), v(400), v(800)], css, density)!.width).toBe(width);
  });
});
