/** Store facts that live in configuration, not in the database. */
import type { HELP_FILES, StoreInfo } from '../../api/schemas/content';
import type { Config } from '../config';
import { sandboxEnabled } from '../payments/settings';
import { shippingRatesOf } from './shop/shipping-rates';
import { parseCurrencyRates, type CurrencyRates } from '../../lib/currency';

/** The rates config.ts already checked (a bad value stops the start), as a table. */
function currencyRatesOf(config: Config): CurrencyRates {
  const parsed = parseCurrencyRates(config.CURRENCY_RATES_TOMAN);
  return parsed.ok ? parsed.rates : {};
}

export function storeInfo(config: Config): StoreInfo {
  return {
    name: { fa: config.STORE_NAME_FA, en: config.STORE_NAME_EN },
    address: { fa: config.STORE_ADDRESS_FA, en: config.STORE_ADDRESS_EN },
    email: config.STORE_EMAIL,
    phones: config.STORE_PHONES,
    mobile: config.STORE_MOBILE,
    hours: { fa: config.STORE_HOURS_FA, en: config.STORE_HOURS_EN },
    social: { messenger: config.SOCIAL_MESSENGER_URL ?? null, instagram: config.SOCIAL_INSTAGRAM_URL ?? null },
    pcbOrderUrl: config.PCB_ORDER_URL ?? null,
    blogUrl: config.BLOG_EXTERNAL_URL ?? null,
    trustSealUrl: config.TRUST_SEAL_URL ?? null,
    testMode: sandboxEnabled(config),
    moneyBackHours: config.MONEY_BACK_GUARANTEE_HOURS,
    currencyRates: currencyRatesOf(config),
    shipping: { storeCity: config.STORE_CITY_FA, storeCityEn: config.STORE_CITY_EN, rates: shippingRatesOf(config) },
  };
}

/** The shop's own help page: where the guides point while no file storage is configured. */
export const OWN_HELP_PAGE = '/site/faq';

/**
 * The help PDFs sit on external storage as {base}/{Name}.pdf (spec §2: HowToBuy.pdf,
 * UsersPanelGuide.pdf); without HELP_FILES_BASE_URL the link is the shop's own help page (a path the
 * storefront puts in the page's language), never an address nobody serves.
 */
export function helpFileLink(config: Config, name: (typeof HELP_FILES)[number]): string {
  if (!config.HELP_FILES_BASE_URL) return OWN_HELP_PAGE;
  return `${config.HELP_FILES_BASE_URL.replace(/\/+$/, '')}/${name}.pdf`;
}
