/**
 * The client cart (spec §3 "Client-side cart state", §4 rules) as pure functions, so the rules are
 * tested without a browser: the same product with the same option set raises that line, otherwise a
 * new line; quantity 0 adds nothing; a product with deletedAt is unavailable (productAvailable 0);
 * every change recomputes quantity, subtotal, totals and total with the shared rules of src/lib.
 */
import type { Cart, CartProduct } from '../../api/schemas/shop';
import { cartTotals, type TotalsEntry } from '~/lib/cart-totals';
import { sameOptions } from '~/lib/cart-line-key';

export interface CartOption {
  optionId: number;
  valueId: number;
}

export interface ClientCartItem {
  /** Local counter (lastItemId), stable while the page lives. */
  id: number;
  /** The server's line id once known. */
  serverId: number | null;
  product: CartProduct & { deletedAt?: string | null };
  options: CartOption[];
  price: number;
  quantity: number;
  total: number;
  productAvailable: 0 | 1;
  preOrder: boolean;
  /** The customer's reference for the line (a parts list's designators); only the server sets it. */
  reference?: string | null;
}

export interface ClientCart {
  lastItemId: number;
  items: ClientCartItem[];
  quantity: number;
  subtotal: number;
  totals: TotalsEntry[];
  total: number;
  cartCount: number;
  /** The server's discount code on this cart; local changes keep pricing with its percent until the server answers. */
  discountCode?: { code: string; percent: number } | null;
  /** Why the code entered no longer applies. */
  discountProblem?: string | null;
  /** VAT inside the goods total after the discount. */
  vatIncluded?: number;
}

export const EMPTY_CART: ClientCart = { lastItemId: 0, items: [], quantity: 0, subtotal: 0, totals: [], total: 0, cartCount: 0 };

/** Prices every line and the cart from the lines' products and quantities. */
export function recompute(state: ClientCart, discountPercent = state.discountCode?.percent ?? 0): ClientCart {
  const totals = cartTotals(
    state.items.map((i) => ({ product: i.product, quantity: i.quantity, available: i.productAvailable === 1 })),
    { discountPercent },
  );
  const items = state.items.map((item, n) => ({ ...item, price: totals.lines[n]!.unitPrice, total: totals.lines[n]!.total }));
  return {
    ...state,
    items,
    quantity: totals.quantity,
    subtotal: totals.subtotal,
    totals: totals.totals,
    total: totals.total,
    cartCount: totals.cartCount,
    vatIncluded: totals.vatIncluded,
  };
}

export function addItem(state: ClientCart, product: ClientCartItem['product'], options: CartOption[] = [], quantity = 1): ClientCart {
  if (!(quantity > 0)) return state;
  const existing = state.items.find((i) => i.product.id === product.id && sameOptions(i.options, options));
  if (existing) {
    return recompute({ ...state, items: state.items.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity } : i)) });
  }
  const id = state.lastItemId + 1;
  const item: ClientCartItem = {
    id,
    serverId: null,
    product,
    options,
    price: 0,
    quantity,
    total: 0,
    productAvailable: product.deletedAt ? 0 : 1,
    preOrder: product.availability === 'pre-order',
  };
  return recompute({ ...state, lastItemId: id, items: [...state.items, item] });
}

export function removeItem(state: ClientCart, id: number): ClientCart {
  return recompute({ ...state, items: state.items.filter((i) => i.id !== id) });
}

export function updateQuantities(state: ClientCart, changes: { id: number; quantity: number }[]): ClientCart {
  const next = new Map(changes.map((c) => [c.id, c.quantity]));
  const items = state.items.flatMap((i) => {
    const q = next.get(i.id);
    if (q === undefined) return [i];
    return q > 0 ? [{ ...i, quantity: q }] : [];
  });
  return recompute({ ...state, items });
}

/** The server's cart is the truth: the mirror takes its lines, keeping local ids for lines it knew. */
export function fromServer(state: ClientCart, cart: Cart): ClientCart {
  let lastItemId = state.lastItemId;
  const items: ClientCartItem[] = cart.items.map((line) => {
    const known = state.items.find((i) => i.serverId === line.id);
    return {
      id: known?.id ?? ++lastItemId,
      serverId: line.id,
      product: line.product,
      options: line.options,
      price: line.price,
      quantity: line.quantity,
      total: line.total,
      productAvailable: line.productAvailable,
      preOrder: line.preOrder,
      reference: line.reference,
    };
  });
  return {
    lastItemId,
    items,
    quantity: cart.quantity,
    subtotal: cart.subtotal,
    totals: cart.totals,
    total: cart.total,
    cartCount: cart.cartCount,
    discountCode: cart.discountCode ?? null,
    discountProblem: cart.discountProblem ?? null,
    vatIncluded: cart.vatIncluded,
  };
}
