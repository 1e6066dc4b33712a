/** The configured shipping prices as the shared rule takes them, and the store terms built on them. */
import { shippingRatesFromToman, type ShippingRates } from '../../../lib/shipping';
import type { StoreTerms } from '../../../lib/store-terms';
import type { Config } from '../../config';

export const shippingRatesOf = (config: Config): ShippingRates =>
  shippingRatesFromToman({
    courierPrice: config.SHIPPING_COURIER_PRICE_TOMAN,
    courierFreeFrom: config.SHIPPING_COURIER_FREE_FROM_TOMAN,
    postPrice: config.SHIPPING_POST_PRICE_TOMAN,
    postFreeFrom: config.SHIPPING_POST_FREE_FROM_TOMAN,
    carrierPrice: config.SHIPPING_CARRIER_PRICE_TOMAN,
  });

/** What the store-written pages promise, from the settings the code charges by (src/lib/store-terms.ts). */
export const storeTermsOf = (config: Config): StoreTerms => ({
  shipping: shippingRatesOf(config),
  preInvoiceValidHours: config.PREINVOICE_VALID_HOURS,
  moneyBackHours: config.MONEY_BACK_GUARANTEE_HOURS,
});
