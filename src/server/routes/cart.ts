/** The signed-in customer's cart (spec §7). Guests get 401 and the site sends them to sign-in. */
import {
  addToCartBodySchema,
  cartQuantityBodySchema,
  cartReferenceBodySchema,
  cartResponseSchema,
  productIdParamsSchema,
  removeManyBodySchema,
} from '../../api/schemas/shop';
import { cartDiscountBodySchema } from '../../api/schemas/discount-codes';
import { requireUser } from '../auth/current-user';
import { applyCartDiscountCode, removeCartDiscountCode } from '../services/shop/discount-codes';
import { defineRoute } from '../http/route';
import { typedReference } from '../../lib/bom/line-reference';
import { addToCart, CART_MESSAGES, getCart, removeLines, removeProduct, setCartQuantities, setCartReference } from '../services/shop/cart';

const tags = ['cart'];
const errors = [401, 403];

export const cartRoutes = [
  // Before /cart/{productId}: «discount» is not a product id.
  defineRoute({
    method: 'post',
    path: '/cart/discount',
    summary: 'Enters a discount code in the cart (422 with the Persian reason when it is unknown, not yet valid, expired or used up)',
    tags,
    body: cartDiscountBodySchema,
    response: cartResponseSchema,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      await applyCartDiscountCode(deps.db, user.id, body.code);
      return getCart(deps.db, user.id);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/cart/discount',
    summary: 'Takes the discount code off the cart',
    tags,
    response: cartResponseSchema,
    errors,
    handler: async ({ c, deps }) => {
      const { user } = await requireUser(c, deps);
      await removeCartDiscountCode(deps.db, user.id);
      return getCart(deps.db, user.id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/cart',
    summary: 'The cart priced afresh from the catalogue',
    tags,
    response: cartResponseSchema,
    errors,
    handler: async ({ c, deps }) => getCart(deps.db, (await requireUser(c, deps)).user.id),
  }),
  defineRoute({
    method: 'post',
    path: '/cart',
    summary: 'Adds a product (same product and options raise the line); 422 with the quantity rule broken',
    tags,
    body: addToCartBodySchema,
    response: cartResponseSchema,
    errors: [...errors, 404],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      const cart = await addToCart(deps.db, user.id, body.product_id, body.cart_quantity, body.options);
      return { ...cart, message: CART_MESSAGES.added };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/cartQuantity',
    summary: 'Sets line quantities (0 removes a line); all or nothing',
    tags,
    body: cartQuantityBodySchema,
    response: cartResponseSchema,
    errors,
    handler: async ({ body, c, deps }) => setCartQuantities(deps.db, (await requireUser(c, deps)).user.id, body.quantities),
  }),
  defineRoute({
    method: 'post',
    path: '/cart/reference',
    summary: "Sets a line's reference (designators, where it goes), carried to the order and invoice; empty clears it",
    tags,
    body: cartReferenceBodySchema,
    response: cartResponseSchema,
    errors,
    handler: async ({ body, c, deps }) =>
      setCartReference(deps.db, (await requireUser(c, deps)).user.id, body.id, typedReference(body.reference)),
  }),
  defineRoute({
    method: 'delete',
    path: '/cart/{productId}',
    summary: "Removes a product's lines from the cart",
    tags,
    params: productIdParamsSchema,
    response: cartResponseSchema,
    errors,
    handler: async ({ params, c, deps }) => removeProduct(deps.db, (await requireUser(c, deps)).user.id, params.productId),
  }),
  defineRoute({
    // The spec lists this as a GET; emptying a cart changes state, so it is a POST that passes the CSRF check.
    method: 'post',
    path: '/cart/removeMultipleCartItem',
    summary: 'Removes the given lines, or all of them',
    tags,
    body: removeManyBodySchema,
    response: cartResponseSchema,
    errors,
    handler: async ({ body, c, deps }) => removeLines(deps.db, (await requireUser(c, deps)).user.id, body.ids),
  }),
];
