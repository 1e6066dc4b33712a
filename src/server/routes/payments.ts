/**
 * Paying a pre-invoice at a bank gateway (spec §7): the payment_zarin link (sp, sr, token, gateway)
 * starts an attempt for the signed-in owner and sends the browser to the bank; the banks send the
 * browser back to callback_zarin / callback_sadad, where the payment service takes the stock first and
 * only then asks the bank to verify (src/server/payments/service.ts), and the browser goes on to
 * /shop/checkout/success/{trackingCode}/{refId} or /shop/checkout/fail/{factorNumber}?reason={code}.
 * Every address comes from PUBLIC_BASE_URL and the configured bank hosts, never from the request.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import { orders } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import { sadadCallback, zarinpalCallback, type CallbackOutcome } from '../payments';
import { appPaymentService } from '../payments/app-service';
import { requireUser } from '../auth/current-user';

const tags = ['payments'];
const API = '/api/site/v1';

function redirectFor(c: Context, outcome: CallbackOutcome): Response {
  if (outcome.result === 'paid')
    return c.redirect(`/shop/checkout/success/${encodeURIComponent(outcome.trackingCode)}/${encodeURIComponent(outcome.refId)}`, 303);
  if (outcome.result === 'unknown') return c.redirect('/shop/checkout/fail', 303);
  const reason = outcome.result === 'pending' ? 'pending' : outcome.code;
  return c.redirect(`/shop/checkout/fail/${encodeURIComponent(outcome.factorNumber)}?reason=${reason}`, 303);
}

const payQuery = z.object({
  sp: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  sr: z.string().max(40).optional(),
  token: z.string().min(10).max(100),
  gateway: z.enum(['zarinpal', 'sadad']).default('zarinpal'),
});

export const paymentRoutes = [
  defineRoute({
    method: 'get',
    path: '/payment_zarin',
    summary: 'Starts a gateway payment of a confirmed pre-invoice (owner only) and redirects to the bank',
    tags,
    query: payQuery,
    response: z.object({}),
    errors: [401, 404, 409, 502],
    handler: async ({ query, c, deps }) => {
      const { user } = await requireUser(c, deps);
      const [order] = await deps.db
        .select()
        .from(orders)
        .where(and(eq(orders.orderToken, query.token), isNull(orders.deletedAt)))
        .limit(1);
      // Someone else's invoice answers like a missing one.
      if (!order || order.userId !== user.id) throw notFound();
      if (order.total !== query.sp) throw new HttpError(409, 'مبلغ پیوند پرداخت با پیش‌فاکتور یکسان نیست؛ صفحه را دوباره بارگذاری کنید.');
      const base = deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
      const callbackUrl = `${base}${API}/${query.gateway === 'sadad' ? 'callback_sadad' : 'callback_zarin'}`;
      const started = await appPaymentService(deps).startPayment({
        orderId: order.id,
        gateway: query.gateway,
        callbackUrl,
        mobile: user.mobile,
        email: user.email,
      });
      return c.redirect(started.redirectUrl, 303);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/callback_zarin',
    summary: 'ZarinPal sends the buyer back here (Authority, Status)',
    tags,
    query: z.record(z.string(), z.string()),
    response: z.object({}),
    handler: async ({ query, c, deps }) => {
      const cb = zarinpalCallback(query);
      if (!cb) return c.redirect('/shop/checkout/fail', 303);
      return redirectFor(
        c,
        await appPaymentService(deps).completePayment('zarinpal', { authority: cb.authority, bankSaysPaid: cb.status === 'OK' }),
      );
    },
  }),
  ...(['get', 'post'] as const).map((method) =>
    defineRoute({
      method,
      path: '/callback_sadad',
      summary: 'Sadad sends the buyer back here (token, OrderId, ResCode)',
      tags,
      ...(method === 'get' ? { query: z.record(z.string(), z.string()) } : { body: z.record(z.string(), z.unknown()) }),
      response: z.object({}),
      handler: async ({ query, body, c, deps }) => {
        const fields = Object.fromEntries(
          Object.entries((method === 'get' ? query : body) as Record<string, unknown>).map(([k, v]) => [
            k,
            typeof v === 'string' ? v : undefined,
          ]),
        );
        const cb = sadadCallback(fields);
        if (!cb) return c.redirect('/shop/checkout/fail', 303);
        return redirectFor(
          c,
          await appPaymentService(deps).completePayment('sadad', {
            authority: cb.token,
            gatewayOrderId: cb.orderId,
            bankSaysPaid: cb.resCode === 0,
          }),
        );
      },
    }),
  ),
];
