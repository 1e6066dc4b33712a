/** The buying path's shared call: the server cart, mirrored into the client store. */
import type { Cart } from '~/api/schemas/shop';
import { call } from '../ui/api';
import { cartTicket, mirrorServerCart } from '../../stores/cart';

/** Reads the server cart and mirrors it into the client store. */
export async function refreshCart(): Promise<Cart> {
  const ticket = cartTicket();
  const cart = await call('GET', '/cart');
  await mirrorServerCart(cart, ticket);
  return cart;
}

export { loginUrl, maybeSignedIn } from '../account/api';
