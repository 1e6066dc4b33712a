/**
 * Structured data for search engines and link previews: schema.org Product with its offer (price in
 * IRR, i.e. rials, which is what the API's money fields are) and BreadcrumbList, as JSON-LD objects
 * the layout writes into the page head.
 */
import type { Product } from '../api/schemas/catalogue';
import type { Availability } from '../lib/availability';

const AVAILABILITY: Record<Availability, string> = {
  'in-stock': 'https://schema.org/InStock',
  'pre-order': 'https://schema.org/PreOrder',
  'out-of-stock': 'https://schema.org/OutOfStock',
};

/** Absolute URL on the shop's public origin ("/x" → "https://shop.example/x"); absolute URLs stay. */
export const absoluteUrl = (site: string, href: string): string => (/^https?:\/\//.test(href) ? href : site.replace(/\/+$/, '') + href);

export function productJsonLd(p: Product, opts: { site: string; url: string; name: string; description: string | null }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: opts.name,
    sku: p.sku,
    mpn: p.partNumber,
    ...(opts.description ? { description: opts.description } : {}),
    ...(p.images.length ? { image: p.images.map((img) => absoluteUrl(opts.site, img.src)) } : {}),
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand.name } } : {}),
    ...(p.categories.length ? { category: p.categories.map((c) => c.name).join(' > ') } : {}),
    ...(p.reviews > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviews } } : {}),
    offers: {
      '@type': 'Offer',
      url: opts.url,
      priceCurrency: 'IRR',
      price: p.price,
      availability: AVAILABILITY[p.availability],
      itemCondition: p.quality === 'renew' ? 'https://schema.org/RefurbishedCondition' : 'https://schema.org/NewCondition',
      ...(p.prices.length > 1
        ? {
            priceSpecification: p.prices.map((tier) => ({
              '@type': 'UnitPriceSpecification',
              price: tier.minPrice,
              priceCurrency: 'IRR',
              eligibleQuantity: {
                '@type': 'QuantitativeValue',
                minValue: tier.minCount,
                ...(tier.maxCount !== null ? { maxValue: tier.maxCount } : {}),
              },
            })),
          }
        : {}),
    },
  };
}

/** BreadcrumbList from the visible breadcrumb; the last item (the page itself) gets the page URL. */
export function breadcrumbJsonLd(site: string, items: { label: string; href?: string }[], pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.label,
      item: item.href ? absoluteUrl(site, item.href) : pageUrl,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: "</" escaped so no text can close the script. */
export const jsonLdText = (value: unknown): string => JSON.stringify(value).replace(/<\//g, '<\\/');
