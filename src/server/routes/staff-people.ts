/**
 * Back office calls for people: moderation (setting, reviews, questions), the contact inbox, newsletter
 * subscribers, customers (list, detail, block), staff accounts (admins only) and one's own two-factor sign-in.
 */
import { z } from 'zod';
import { ENGAGEMENT_MESSAGES } from '../../api/schemas/engagement';
import {
  contactListSchema,
  customerDetailSchema,
  customerListSchema,
  customersQuerySchema,
  idParamsSchema,
  moderationSettingSchema,
  pagedQuerySchema,
  STAFF_PEOPLE_MESSAGES as M,
  staffCreateBodySchema,
  staffMemberSchema,
  staffPasswordBodySchema,
  staffReviewRowSchema,
  staffReviewsQuerySchema,
  subscriberListSchema,
  totpCodeSchema,
  totpEnrolmentSchema,
} from '../../api/schemas/staff-people';
import { defineRoute } from '../http/route';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from '../services/accounts/totp';
import { requireAdmin, requireStaff } from '../auth/staff-guard';
import { customerDetail, listCustomers, setBlocked } from '../services/staff/customers';
import {
  approveQuestion,
  approveReview,
  contactInbox,
  deleteComment,
  deleteReview,
  moderationMode,
  setModerationMode,
  staffListReviews,
  subscriberList,
} from '../services/staff/moderation';
import { addStaff, clearTwoFactor, listStaff, resetStaffPassword } from '../services/staff/team';
import { productsChanged } from '../services/read-cache';

const tags = ['staff'];
const errors = [401, 403, 404, 409];
const done = z.object({ message: z.string() });

export const staffPeopleRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/settings/moderation',
    summary: 'Whether new reviews and questions show at once or after approval',
    tags,
    response: z.object({ data: moderationSettingSchema }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: { mode: await moderationMode(deps.db) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/settings/moderation',
    summary: 'Sets the moderation of new reviews and questions (admins)',
    tags,
    body: moderationSettingSchema,
    response: done,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireAdmin(c, deps);
      await setModerationMode(deps.db, user.id, body.mode);
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/reviews',
    summary: 'Reviews waiting for approval (or approved, or all)',
    tags,
    query: staffReviewsQuerySchema,
    response: z.object({ data: z.array(staffReviewRowSchema) }),
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListReviews(deps.db, query.state) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/reviews/{id}/approve',
    summary: "Publishes a review (it counts into the product's stars)",
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      deps.cache.invalidate(productsChanged([await approveReview(deps.db, user.id, params.id)]));
      return { message: ENGAGEMENT_MESSAGES.updated };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/reviews/{id}',
    summary: 'Deletes a review',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      deps.cache.invalidate(productsChanged([await deleteReview(deps.db, user.id, params.id)]));
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/questions/{id}/approve',
    summary: 'Publishes a question waiting for approval',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await approveQuestion(deps.db, user.id, params.id);
      return { message: ENGAGEMENT_MESSAGES.updated };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/comments/{id}',
    summary: 'Deletes a question (with its answers) or one answer',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deleteComment(deps.db, user.id, params.id);
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/contact-messages',
    summary: 'The contact form inbox, newest first',
    tags,
    query: pagedQuerySchema,
    response: contactListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return contactInbox(deps.db, query.page, query.limit);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/subscribers',
    summary: 'Newsletter subscribers, newest first, with the count still subscribed',
    tags,
    query: pagedQuerySchema,
    response: subscriberListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return subscriberList(deps.db, query.page, query.limit);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/customers',
    summary: 'Customers, newest first; q searches username, name, e-mail, mobile, company',
    tags,
    query: customersQuerySchema,
    response: customerListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return listCustomers(deps.db, query.q, query.page, query.limit);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/customers/{id}',
    summary: 'One customer with their orders and addresses',
    tags,
    params: idParamsSchema,
    response: customerDetailSchema,
    errors,
    handler: async ({ params, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await customerDetail(deps.db, params.id) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/customers/{id}/block',
    summary: 'Blocks a customer: sessions end, sign-in and ordering are refused',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setBlocked(deps.db, user.id, params.id, true);
      return { message: M.blocked };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/customers/{id}/unblock',
    summary: 'Lifts a block',
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setBlocked(deps.db, user.id, params.id, false);
      return { message: M.unblocked };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/team',
    summary: 'Staff accounts (admins)',
    tags,
    response: z.object({ data: z.array(staffMemberSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireAdmin(c, deps);
      return { data: await listStaff(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/team',
    summary: 'Adds a staff account (admins)',
    tags,
    body: staffCreateBodySchema,
    response: z.object({ message: z.string(), data: z.object({ id: z.number() }) }),
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireAdmin(c, deps);
      return c.json({ message: M.saved, data: { id: await addStaff(deps.db, user.id, body) } }, 201);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/team/{id}/password',
    summary: "Sets a staff member's new password; their sessions end (admins)",
    tags,
    params: idParamsSchema,
    body: staffPasswordBodySchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireAdmin(c, deps);
      await resetStaffPassword(deps.db, user.id, params.id, body.password);
      return { message: M.passwordSet };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/team/{id}/two-factor/clear',
    summary: "Turns off a staff member's two-factor sign-in (lost phone; admins)",
    tags,
    params: idParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireAdmin(c, deps);
      await clearTwoFactor(deps.db, user.id, params.id);
      return { message: M.totpDisabled };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/me/two-factor',
    summary: 'Whether two-factor sign-in is on for the signed-in staff member',
    tags,
    response: z.object({ data: z.object({ enabled: z.boolean() }) }),
    errors,
    handler: async ({ c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { data: { enabled: user.totpEnabledAt !== null } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/me/two-factor/start',
    summary: 'Starts two-factor enrolment: the secret (otpauth URI and QR) is shown this once',
    tags,
    response: totpEnrolmentSchema,
    errors,
    handler: async ({ c, deps }) => {
      const { user } = await requireStaff(c, deps);
      return { message: M.totpStarted, data: await startEnrolment(deps.db, deps.config, user) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/me/two-factor/confirm',
    summary: 'Turns two-factor sign-in on with a code from the new secret',
    tags,
    body: totpCodeSchema,
    response: done,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await confirmEnrolment(deps.db, deps.config, user, body.code);
      return { message: M.totpEnabled };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/me/two-factor/disable',
    summary: 'Turns two-factor sign-in off (needs a current code)',
    tags,
    body: totpCodeSchema,
    response: done,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await disableTwoFactor(deps.db, deps.config, user, body.code);
      return { message: M.totpDisabled };
    },
  }),
];
