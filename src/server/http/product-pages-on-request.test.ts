import { describe, expect, it } from 'vitest';
import { productPageRequest } from './product-pages-on-request';

describe('productPageRequest: which URL paths ask for a product page', () => {
  it.each([
    ['/shop/products/lm358n-dip8', { locale: 'fa', slug: 'lm358n-dip8' }],
    ['/en/shop/products/lm358n-dip8', { locale: 'en', slug: 'lm358n-dip8' }],
    ['/ru/shop/products/ne555', { locale: 'ru', slug: 'ne555' }],
    ['/shop/products', null],
    ['/shop/products/', null],
    ['/de/shop/products/ne555', null],
    ['/shop/products/a/b', null],
    ['/shop/products/..', null],
    ['/shop/products/syn-ap5873-3.3-soic8', { locale: 'fa', slug: 'syn-ap5873-3.3-soic8' }],
    ['/shop/products/.hidden', null],
    ['/shop/products/a..b', null],
    ['/shop/products/a b', null],
    ['/shop/products/a\\b', null],
    [`/shop/products/${'x'.repeat(201)}`, null],
    ['/shop/catalog/ics', null],
  ])('%s → %j', (path, expected) => {
    expect(productPageRequest(path)).toEqual(expected);
  });
});
