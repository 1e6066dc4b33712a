/** Discount codes in the staff console: create (percent, validity window, usage limit) and list with uses. */
import { z } from 'zod';
import { discountCodeBodySchema, discountCodeViewSchema } from '../../api/schemas/discount-codes';
import { defineRoute } from '../http/route';
import { createDiscountCode, listDiscountCodes } from '../services/shop/discount-codes';
import { requireStaff } from '../auth/staff-guard';

const tags = ['staff'];

export const staffDiscountRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/discount-codes',
    summary: 'Discount codes, newest first, with uses and whether each works now',
    tags,
    response: z.object({ data: z.array(discountCodeViewSchema) }),
    errors: [401, 403],
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await listDiscountCodes(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/discount-codes',
    summary: 'Creates a discount code (409 when the code exists)',
    tags,
    body: discountCodeBodySchema,
    response: z.object({ message: z.string(), data: discountCodeViewSchema }),
    errors: [401, 403, 409],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return c.json({ message: 'Successfully Created', data: await createDiscountCode(deps.db, user.id, body) }, 201);
    },
  }),
];
