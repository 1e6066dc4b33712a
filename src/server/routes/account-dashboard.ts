/** The signed-in customer's own data: profile, password, addresses, reviews, and Iran's places for the address form. */
import { z } from 'zod';
import {
  addressBodySchema,
  addressListResponseSchema,
  addressResponseSchema,
  cityListResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  passwordChangeBodySchema,
  placeQuerySchema,
  profileBodySchema,
  provinceDetailResponseSchema,
  provinceListResponseSchema,
  userResponseSchema,
} from '../../api/schemas/account';
import { assertNotCookieGet } from '../auth/csrf';
import { requireUser } from '../auth/current-user';
import { notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { createAddress, deleteAddress, getAddress, listAddresses, selectAddress, updateAddress } from '../services/accounts/addresses';
import { listProvinces, provinceWithCities, searchCities } from '../services/accounts/places';
import { listOwnReviews, ownReviewsResponseSchema } from '../services/accounts/own-reviews';
import { revokeOtherSessions } from '../services/accounts/tokens';
import { checkCurrentPassword, setPassword, toUserView, updateProfile } from '../services/accounts/users';
import { queryInt } from '../../api/schemas/common';

const tags = ['dashboard'];
const e401 = [401, 403];

export const accountDashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard/profile',
    summary: 'The profile form values',
    tags,
    response: userResponseSchema,
    errors: e401,
    handler: async ({ c, deps }) => ({ data: toUserView((await requireUser(c, deps)).user) }),
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/profile',
    summary: 'Updates the profile',
    tags,
    body: profileBodySchema,
    response: userResponseSchema.extend({ message: z.string() }),
    errors: e401,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return { message: 'Updated', data: toUserView(await updateProfile(deps.db, user.id, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/password',
    summary: 'Changes the password (current one required); other sessions end',
    tags,
    body: passwordChangeBodySchema,
    response: messageResponseSchema,
    errors: e401,
    handler: async ({ body, c, deps }) => {
      const { user, sessionId } = await requireUser(c, deps);
      await checkCurrentPassword(user, body.current_password);
      await setPassword(deps.db, user.id, body.password);
      await revokeOtherSessions(deps.db, user.id, sessionId);
      return { message: 'Updated' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/address',
    summary: "The customer's addresses, default first",
    tags,
    response: addressListResponseSchema,
    errors: e401,
    handler: async ({ c, deps }) => ({ data: await listAddresses(deps.db, (await requireUser(c, deps)).user.id) }),
  }),
  defineRoute({
    method: 'post',
    path: '/dashboard/address',
    summary: 'Adds an address',
    tags,
    body: addressBodySchema,
    response: addressResponseSchema.extend({ message: z.string() }),
    errors: e401,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return c.json({ message: 'Successfully Created', data: await createAddress(deps.db, user.id, body) }, 201);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/address/{id}',
    summary: 'One address of the customer',
    tags,
    params: idParamsSchema,
    response: addressResponseSchema,
    errors: [...e401, 404],
    handler: async ({ params, c, deps }) => ({ data: await getAddress(deps.db, (await requireUser(c, deps)).user.id, params.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/dashboard/address/{id}',
    summary: 'Updates an address',
    tags,
    params: idParamsSchema,
    body: addressBodySchema,
    response: addressResponseSchema.extend({ message: z.string() }),
    errors: [...e401, 404],
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return { message: 'Updated', data: await updateAddress(deps.db, user.id, params.id, body) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/dashboard/address/{id}',
    summary: 'Deletes an address',
    tags,
    params: idParamsSchema,
    response: messageResponseSchema,
    errors: [...e401, 404],
    handler: async ({ params, c, deps }) => {
      await deleteAddress(deps.db, (await requireUser(c, deps)).user.id, params.id);
      return { message: 'Deleted' };
    },
  }),
  ...(['get', 'post'] as const).map((method) =>
    defineRoute({
      method,
      path: '/dashboard/last-address-selected/{id}',
      summary:
        method === 'get'
          ? 'Remembers the address chosen last (API clients with a bearer token; the website POSTs)'
          : 'Remembers the address chosen last',
      tags,
      params: idParamsSchema,
      response: addressResponseSchema,
      errors: method === 'get' ? [...e401, 404, 405] : [...e401, 404],
      handler: async ({ params, c, deps }) => {
        const { user, via } = await requireUser(c, deps);
        assertNotCookieGet(c, via);
        return { data: await selectAddress(deps.db, user.id, params.id) };
      },
    }),
  ),
  defineRoute({
    method: 'get',
    path: '/dashboard/getProvince',
    summary: "Iran's 31 provinces, optionally filtered by name",
    tags,
    query: placeQuerySchema.pick({ name: true }),
    response: provinceListResponseSchema,
    errors: e401,
    handler: async ({ query, c, deps }) => {
      await requireUser(c, deps);
      return { data: await listProvinces(deps.db, query.name) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/province/{id}',
    summary: 'A province with its cities',
    tags,
    params: idParamsSchema,
    response: provinceDetailResponseSchema,
    errors: [...e401, 404],
    handler: async ({ params, c, deps }) => {
      await requireUser(c, deps);
      const province = await provinceWithCities(deps.db, params.id);
      if (!province) throw notFound('Not Found!');
      return { data: province };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/city',
    summary: 'Cities by name, optionally within one province',
    tags,
    query: placeQuerySchema,
    response: cityListResponseSchema,
    errors: e401,
    handler: async ({ query, c, deps }) => {
      await requireUser(c, deps);
      return { data: await searchCities(deps.db, { name: query.name, provinceId: query.province_id }) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/reviews',
    summary: "The customer's own product reviews, newest first",
    tags,
    query: z.object({ page: queryInt(1, 10_000).optional() }),
    response: ownReviewsResponseSchema,
    errors: e401,
    handler: async ({ query, c, deps }) => listOwnReviews(deps.db, (await requireUser(c, deps)).user.id, query.page ?? 1),
  }),
  defineRoute({
    method: 'get',
    path: '/account/settings',
    summary: 'Public settings of the account pages (address map tiles)',
    tags: ['account'],
    response: z.object({
      data: z.object({ mapTileUrl: z.string(), mapAttribution: z.string(), mapCenter: z.tuple([z.number(), z.number()]) }),
    }),
    handler: ({ deps }) => ({
      data: {
        mapTileUrl: deps.config.MAP_TILE_URL,
        mapAttribution: deps.config.MAP_ATTRIBUTION,
        mapCenter: [35.6892, 51.389] as [number, number],
      },
    }),
  }),
];
