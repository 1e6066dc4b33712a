/** The shipping methods, their prices and the store's city, as the server charges them (GET checkout/options). */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { checkoutOptionsSchema } from '../../../api/schemas/shop';
import type { ShippingRates } from '../../../lib/shipping';
import { call } from '../ui/api';

export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>['data'];

export function ratesOf(options: CheckoutOptions): ShippingRates {
  return Object.fromEntries(options.shippingMethods.map((m) => [m.id, { price: m.price, freeFrom: m.freeFrom }])) as ShippingRates;
}

export function useCheckoutOptions(): CheckoutOptions | null {
  const [options, setOptions] = useState<CheckoutOptions | null>(null);
  useEffect(() => {
    call('GET', '/checkout/options')
      .then((r) => setOptions(r.data))
      .catch(() => undefined);
  }, []);
  return options;
}
