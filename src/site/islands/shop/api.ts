/** The buying-path islands' calls; the account islands' caller carries cookies and the CSRF header. */
import type { Cart } from '../../../api/schemas/shop';
import { call } from '../account/api';
import { mirrorServerCart } from '../../stores/cart';

export { call, CallError, loginUrl, maybeSignedIn } from '../account/api';

/** Reads the server cart and mirrors it into the client store. */
export async function refreshCart(): Promise<Cart> {
  const cart = await call<Cart>('GET', '/cart');
  await mirrorServerCart(cart);
  return cart;
}
