/**
 * The buying path's pages whose trailing segments are data (factor number, tracking code and bank
 * reference, Sadad's return values): each is served by one static page whose island reads the URL.
 */
const SHOP_DYNAMIC: [RegExp, string][] = [
  [/^\/shop\/checkout\/prefactor\/[^/]+\/?$/, '/shop/checkout/prefactor'],
  [/^\/shop\/checkout\/success(\/[^/]+){1,2}\/?$/, '/shop/checkout/success'],
  [/^\/shop\/checkout\/fail\/[^/]+\/?$/, '/shop/checkout/fail'],
  [/^\/shop\/checkout\/sadad(\/[^/]+){1,3}\/?$/, '/shop/checkout/sadad'],
  // Parts-list result: /shop/customer/excel/{identityKey}, the spec's one optional segment (a trailing one is ignored).
  [/^\/shop\/customer\/excel\/[A-Za-z0-9_-]+(\/[^/]+)?\/?$/, '/shop/customer/excel'],
  [/^\/account\/orders\/history\/[pfa]\/?$/, '/account/orders/history'],
  [/^\/account\/orders\/[^/]+\/?$/, '/account/orders/detail'],
];

/** The static page serving `urlPath`, with its language prefix, or null when it is not one of these. */
export function shopDynamicPage(urlPath: string): string | null {
  const lang = /^\/(en|ru)(?=\/)/.exec(urlPath)?.[0] ?? '';
  const rest = urlPath.slice(lang.length);
  const hit = SHOP_DYNAMIC.find(([re]) => re.test(rest));
  return hit ? lang + hit[1] : null;
}
