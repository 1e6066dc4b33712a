/**
 * The persisted client cart (key "cart", spec §3/§9) mirroring the server's. Changes apply after
 * 50 ms (spec §4); every server answer replaces the mirror.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { Cart } from '../../api/schemas/shop';
import { EMPTY_CART, fromServer, type ClientCart } from './cart-state';

export const CART_DELAY_MS = 50;

export const $cart = persistentAtom<ClientCart>('cart', EMPTY_CART, {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      const value = JSON.parse(text) as ClientCart;
      return Array.isArray(value?.items) ? value : EMPTY_CART;
    } catch {
      return EMPTY_CART;
    }
  },
});

/** Runs a change of the cart after the spec's 50 ms. */
export function changeCart(change: (state: ClientCart) => ClientCart): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      $cart.set(change($cart.get()));
      resolve();
    }, CART_DELAY_MS);
  });
}

let ticketsGiven = 0;
let newestMirrored = 0;

/**
 * A ticket for a cart read about to be sent. A page's first read (the header's, the cart page's) can
 * be answered after an add the shopper made meanwhile; mirrored then, its older cart would wipe the
 * add from the header's count. So an answer is mirrored only when no request sent after it has been.
 */
export const cartTicket = (): number => ++ticketsGiven;

/** Mirrors a server answer; `ticket` is taken when its request was sent (default: now, for a write's answer). */
export function mirrorServerCart(cart: Cart, ticket: number = cartTicket()): Promise<void> {
  if (ticket < newestMirrored) return Promise.resolve();
  newestMirrored = ticket;
  return changeCart((state) => fromServer(state, cart));
}
export const clearCartMirror = (): Promise<void> => changeCart(() => EMPTY_CART);
