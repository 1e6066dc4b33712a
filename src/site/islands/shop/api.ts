/** The buying path's shared call: the server cart, mirrored into the client store. */
import type { Cart } from '~/api/schemas/shop';
import { call } from '../ui/api';
import { mirrorCartCall } from '../../stores/cart';

/** Reads the server cart and mirrors it into the client store. */
export async function refreshCart(): Promise<Cart> {
  return mirrorCartCall(() => call('GET', '/cart'));
}

export { loginUrl, maybeSignedIn } from '../account/api';
