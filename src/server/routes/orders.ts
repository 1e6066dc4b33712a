/**
 * Orders from the customer's side (spec §7): the enquiry from the cart, the dashboard's factors, the
 * pre-invoice's deletion and re-request; and, for guests, bank receipts and order tracking.
 */
import { z } from 'zod';
import {
  bankReceiptBodySchema,
  checkoutOptionsSchema,
  factorDetailSchema,
  factorListQuerySchema,
  factorListResponseSchema,
  factorParamsSchema,
  factorSummarySchema,
  orderBodySchema,
  trackOrderResponseSchema,
} from '../../api/schemas/shop';
import { SHIPPING_METHODS, SHIPPING_TITLES } from '../../lib/shipping';
import { optionalUser, requireUser } from '../auth/current-user';
import { clientIpResolver } from '../http/client-ip';
import { defineRoute } from '../http/route';
import { createEnquiry, deleteFactor, listFactors, ownFactorDetail, requestInventoryAgain, trackOrder } from '../services/shop/orders';
import { captchaOf } from '../services/captcha';
import { createReceipt } from '../services/shop/receipts';
import { loadInvoiceView } from '../invoices/invoice-view';
import { renderInvoicePdf } from '../invoices/render';
import { HttpError } from '../http/errors';
import { ownOrder } from '../services/shop/orders';
import { shippingRatesOf } from '../services/shop/shipping-rates';
import type { Db } from '../db/client';
import { enqueueReceiptRegistered } from '../notifications/order-events';

const tags = ['orders'];
const e401 = [401, 403];

export const orderRoutes = [
  defineRoute({
    method: 'get',
    path: '/checkout/options',
    summary: 'Shipping methods with their prices and the bank-transfer details',
    tags,
    response: checkoutOptionsSchema,
    handler: ({ deps }) => {
      const rates = shippingRatesOf(deps.config);
      const cfg = deps.config;
      return {
        data: {
          shippingMethods: SHIPPING_METHODS.map((id) => ({
            id,
            title: id === 'courier' ? `پیک (${cfg.STORE_CITY_FA})` : SHIPPING_TITLES[id].fa,
            titleEn: id === 'courier' ? `Courier (${cfg.STORE_CITY_EN})` : SHIPPING_TITLES[id].en,
            price: rates[id].price,
            freeFrom: rates[id].freeFrom,
            storeCityOnly: id === 'courier',
          })),
          storeCity: cfg.STORE_CITY_FA,
          storeCityEn: cfg.STORE_CITY_EN,
          bank: {
            holder: cfg.BANK_ACCOUNT_HOLDER,
            bankName: cfg.BANK_NAME,
            accountNumber: cfg.BANK_ACCOUNT_NUMBER,
            cardNumber: cfg.BANK_CARD_NUMBER,
            sheba: cfg.BANK_SHEBA,
          },
          preInvoiceValidHours: cfg.PREINVOICE_VALID_HOURS,
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/order',
    summary: 'Sends the cart as an inventory and price enquiry (awaiting approval); the cart empties',
    tags,
    body: orderBodySchema,
    response: z.object({ message: z.string(), data: factorSummarySchema }),
    errors: [...e401, 409],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      const data = await createEnquiry(deps.db, {
        userId: user.id,
        addressId: body.address_id,
        shippingMethod: body.shipping_method,
        note: body.note,
        ip: clientIpResolver(deps.config.TRUST_PROXY)(c),
        rates: shippingRatesOf(deps.config),
        storeCity: deps.config.STORE_CITY_FA,
        buyer: body.buyer,
        config: deps.config,
        locale: body.locale === undefined ? undefined : body.locale === 'fa' ? 'fa' : 'en',
      });
      return c.json({ message: 'Successfully Created', data }, 201);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/factor',
    summary: 'Pre-invoices (p), invoices (f), archive (a) or all, 10 a page',
    tags,
    query: factorListQuerySchema,
    response: factorListResponseSchema,
    errors: e401,
    handler: async ({ query, c, deps }) => listFactors(deps.db, (await requireUser(c, deps)).user.id, query.type, query.page ?? 1),
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/factor/detail/{id}',
    summary: 'One factor of the customer by factor number',
    tags,
    params: factorParamsSchema,
    response: z.object({ data: factorDetailSchema }),
    errors: [...e401, 404],
    handler: async ({ params, c, deps }) => ({ data: await ownFactorDetail(deps.db, (await requireUser(c, deps)).user.id, params.id) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/dashboard/factor/{id}',
    summary: 'Deletes an unpaid pre-invoice (409 for a paid invoice)',
    tags,
    params: factorParamsSchema,
    response: z.object({ message: z.string() }),
    errors: [...e401, 404, 409],
    handler: async ({ params, c, deps }) => {
      await deleteFactor(deps.db, (await requireUser(c, deps)).user.id, params.id);
      return { message: 'Deleted' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/factor/download/{id}',
    summary: 'The paid invoice as a PDF (409 while unpaid)',
    tags,
    params: factorParamsSchema,
    response: z.object({}),
    errors: [...e401, 404, 409],
    handler: async ({ params, c, deps }) => {
      const order = await ownOrder(deps.db, (await requireUser(c, deps)).user.id, params.id);
      if (order.status !== 'paid') throw new HttpError(409, 'فقط فاکتور پرداخت‌شده را می‌توان دریافت کرد.');
      const view = await loadInvoiceView(deps.db, order.id, deps.config);
      if (!view) throw new HttpError(409, 'فقط فاکتور پرداخت‌شده را می‌توان دریافت کرد.');
      const pdf = await renderInvoicePdf(view);
      return new Response(new Uint8Array(pdf), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="invoice-${order.factorNumber}.pdf"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  }),
  defineRoute({
    // A GET in the spec; it changes the order, so it is a POST (CSRF-checked) here.
    method: 'post',
    path: '/dashboard/factor/inventoryRequest/{id}',
    summary: 'Asks the store again about an expired or unconfirmed pre-invoice',
    tags,
    params: factorParamsSchema,
    response: z.object({ message: z.string(), data: factorSummarySchema }),
    errors: [...e401, 404, 409],
    handler: async ({ params, c, deps }) => ({
      message: 'Updated',
      data: await requestInventoryAgain(deps.db, (await requireUser(c, deps)).user.id, params.id, deps.config),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/paymentBank/create',
    summary: 'Registers a bank-transfer receipt (guests too)',
    tags,
    body: bankReceiptBodySchema,
    response: z.object({ message: z.string() }),
    errors: [429, 503],
    handler: async ({ body, c, deps }) => {
      await captchaOf(deps).assertHuman(body.captcha, { remoteIp: clientIpResolver(deps.config.TRUST_PROXY)(c), action: 'receipt' });
      const current = await optionalUser(c, deps);
      // The store's alert is queued in the receipt's own transaction: never lost, never for a receipt not saved.
      await deps.db.transaction(async (tx) => {
        const receipt = await createReceipt(tx as unknown as Db, body, current?.user.id ?? null);
        await enqueueReceiptRegistered(tx, deps.config, receipt.id);
      });
      return c.json({ message: 'Successfully Created' }, 201);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/track-order/{code}',
    summary: "An order's state and shipping by tracking code (guests)",
    tags,
    params: z.object({ code: z.string().trim().min(6).max(20) }),
    response: trackOrderResponseSchema,
    errors: [404],
    handler: async ({ params, deps }) => ({ data: await trackOrder(deps.db, params.code) }),
  }),
];
