/** Store facts that live in configuration, not in the database. */
import type { HELP_FILES, StoreInfo } from '../../api/schemas/content';
import type { Config } from '../config';
import { sandboxEnabled } from '../payments/settings';
import { shippingRatesOf } from './shop/shipping-rates';

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
    testMode: sandboxEnabled(config),
    shipping: { storeCity: config.STORE_CITY_FA, storeCityEn: config.STORE_CITY_EN, rates: shippingRatesOf(config) },
  };
}

/** The help PDFs sit on external storage as {base}/{Name}.pdf (spec §2: HowToBuy.pdf, UsersPanelGuide.pdf). */
export function helpFileLink(config: Config, name: (typeof HELP_FILES)[number]): string {
  return `${config.HELP_FILES_BASE_URL.replace(/\/+$/, '')}/${name}.pdf`;
}
