/** The staff console's calls: staff only (403 for customers), every change recorded in staff_actions. */
import { z } from 'zod';
import {
  staffConfirmBodySchema,
  staffIdParamsSchema,
  staffMemberBodySchema,
  staffMembersSchema,
  staffNoteBodySchema,
  staffOrderDetailSchema,
  staffOrderListQuerySchema,
  staffOrderListSchema,
  staffReceiptListQuerySchema,
  staffReceiptListSchema,
  staffShippingBodySchema,
  staffActionListSchema,
  staffPaymentListSchema,
} from '../../api/schemas/shop';
import { listStaffMembers, setStaffRole } from '../services/accounts/staff-members';
import { defineRoute } from '../http/route';
import { listReceipts } from '../services/shop/receipts';
import { shippingRatesOf } from '../services/shop/shipping-rates';
import { requireAdmin, requireStaff } from '../auth/staff-guard';
import {
  closeEnquiry,
  confirmEnquiry,
  reviewReceipt,
  setShipping,
  staffActor,
  staffListActions,
  staffListOrders,
  staffListPayments,
  staffOrderDetail,
} from '../services/shop/staff';
import { productsChanged } from '../services/read-cache';

const tags = ['staff'];
const errors = [401, 403, 404, 409];
const detail = z.object({ data: staffOrderDetailSchema });

export const staffRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/orders',
    summary: 'A page of orders, newest first; by state, shipping status, day, and a search over codes and customer',
    tags,
    query: staffOrderListQuerySchema,
    response: staffOrderListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return staffListOrders(deps.db, query);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/orders/{id}',
    summary: 'One order with its lines and payments',
    tags,
    params: staffIdParamsSchema,
    response: detail,
    errors,
    handler: async ({ params, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffOrderDetail(deps.db, params.id, shippingRatesOf(deps.config)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/orders/{id}/confirm',
    summary: 'Confirms an enquiry (lines may change quantity, price, availability)',
    tags,
    params: staffIdParamsSchema,
    body: staffConfirmBodySchema,
    response: detail,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return {
        data: await confirmEnquiry(
          deps.db,
          staffActor(user),
          params.id,
          body,
          shippingRatesOf(deps.config),
          deps.config.PREINVOICE_VALID_HOURS,
          deps.config,
        ),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/orders/{id}/reject',
    summary: 'Rejects an enquiry',
    tags,
    params: staffIdParamsSchema,
    body: staffNoteBodySchema,
    response: detail,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await closeEnquiry(deps.db, staffActor(user), params.id, 'rejected', body.note) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/orders/{id}/contact',
    summary: 'Answers an enquiry with "please contact the store"',
    tags,
    params: staffIdParamsSchema,
    body: staffNoteBodySchema,
    response: detail,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await closeEnquiry(deps.db, staffActor(user), params.id, 'contact_store', body.note) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/orders/{id}/shipping',
    summary: 'Sets shipping status and tracking code of a paid invoice',
    tags,
    params: staffIdParamsSchema,
    body: staffShippingBodySchema,
    response: detail,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await setShipping(deps.db, staffActor(user), params.id, body, deps.config) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/receipts',
    summary: 'A page of bank-transfer receipts, newest first; by status, payment date, factor number / tracking code / amount',
    tags,
    query: staffReceiptListQuerySchema,
    response: staffReceiptListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return listReceipts(deps.db, query);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/receipts/{id}/accept',
    summary: 'Accepts a receipt: its invoice is paid and its stock taken',
    tags,
    params: staffIdParamsSchema,
    response: z.object({ message: z.string() }),
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const { productIds } = await reviewReceipt(deps.db, staffActor(user), params.id, 'accepted', deps.config);
      deps.cache.invalidate(productsChanged(productIds));
      return { message: 'Updated' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/receipts/{id}/reject',
    summary: 'Rejects a receipt',
    tags,
    params: staffIdParamsSchema,
    response: z.object({ message: z.string() }),
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await reviewReceipt(deps.db, staffActor(user), params.id, 'rejected', deps.config);
      return { message: 'Updated' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/payments',
    summary: 'Gateway payments, newest first (flagged double payments marked)',
    tags,
    response: staffPaymentListSchema,
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListPayments(deps.db) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/actions',
    summary: 'What staff did, who and when',
    tags,
    response: staffActionListSchema,
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListActions(deps.db) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/members',
    summary: "Staff accounts and their roles (admin or clerk), and the caller's own role",
    tags,
    response: staffMembersSchema,
    errors,
    handler: async ({ c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: await listStaffMembers(deps.db), me: { id: user.id, role: user.staffRole } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/members',
    summary: 'Admins only: makes an account an admin or a clerk, or takes the staff role away',
    tags,
    body: staffMemberBodySchema,
    response: staffMembersSchema,
    errors: [...errors, 422],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireAdmin(c, deps);
      await setStaffRole(deps.db, user.id, body.username, body.role);
      return { data: await listStaffMembers(deps.db), me: { id: user.id, role: user.staffRole } };
    },
  }),
];
