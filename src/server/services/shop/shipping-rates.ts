/** The configured shipping prices as the shared rule takes them. */
import { shippingRatesFromToman, type ShippingRates } from '../../../lib/shipping';
import type { Config } from '../../config';

export const shippingRatesOf = (config: Config): ShippingRates => shippingRatesFromToman({
  courierPrice: config.SHIPPING_COURIER_PRICE_TOMAN,
  courierFreeFrom: config.SHIPPING_COURIER_FREE_FROM_TOMAN,
  postPrice: config.SHIPPING_POST_PRICE_TOMAN,
  postFreeFrom: config.SHIPPING_POST_FREE_FROM_TOMAN,
});
