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

let requestsSent = 0;
let newestMirrored = 0;

/**
 * Sends a cart request and mirrors the server's answer. Answers can arrive out of order — a page's
 * first read (the header's) answered after an add the shopper made meanwhile would wipe the add from
 * the header's count — so an answer is mirrored only when no request sent after it has been.
 */
export async function mirrorCartCall(send: () => Promise<Cart>): Promise<Cart> {
  const sent = ++requestsSent;
  const cart = await send();
  if (sent > newestMirrored) {
    newestMirrored = sent;
    await changeCart((state) => fromServer(state, cart));
  }
  return cart;
}

export const clearCartMirror = (): Promise<void> => changeCart(() => EMPTY_CART);
