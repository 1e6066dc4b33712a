import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { isUnderBase } from '../../../lib/public-url';
import { errorPage, testPaymentPage } from './page';
import type { SandboxSession, SandboxSessions } from './sessions';
import type { SandboxClock } from './index';

/**
 * ZarinPal v4 as its sandbox behaves, on the same paths: request.json hands out an authority, StartPay
 * shows a test page, the browser comes back to callback_url with Authority and Status, verify.json
 * answers 100 once, 101 after, -50 for another amount, -51 when not paid, -54 for an unknown authority;
 * inquiry.json tells IN_BANK, PAID (not verified), VERIFIED, FAILED or REVERSED; reverse.json gives a
 * verified payment back within 30 minutes (-61 when not verified or already reversed, -63 after).
 * Errors come with HTTP 422 and `{data: [], errors: {code, message, validations}}`.
 *
 * Unlike the real bank, it accepts only a callback_url under the shop's PUBLIC_BASE_URL (-9 otherwise):
 * a sandbox reachable on the shop's own address must never send browsers to another site.
 * Authorities live in the database (sessions.ts), shared by every instance.
 */
/** The window the reference gives for reverse.json (code -63 after it). */
const REVERSE_WINDOW_MS = 30 * 60_000;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newAuthority = () => `A${[...randomBytes(35)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;
const TEST_PAN = '6037991234565995';

const fail = (code: number, message: string, validations: unknown[] = []) => ({ data: [], errors: { code, message, validations } });

/** The reference number of a paid session: unique per database, from its row id. */
const refIdOf = (session: SandboxSession) => 201_000_000 + session.id;

export function mountZarinpalSandbox(
  app: Hono,
  sessions: SandboxSessions,
  merchantId: string,
  clock: SandboxClock,
  publicBaseUrl: string,
): void {
  const api = '/zarinpal/pg/v4/payment';

  app.post(`${api}/request.json`, async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    if (!body || typeof body !== 'object') return c.json(fail(-9, 'The input params invalid, validation error.'), 422);
    const validations: Record<string, string>[] = [];
    if (typeof body.merchant_id !== 'string' || !UUID.test(body.merchant_id))
      validations.push({ merchant_id: 'The merchant id must be a uuid.' });
    const currency = body.currency ?? 'IRR';
    if (currency !== 'IRR' && currency !== 'IRT') validations.push({ currency: 'The currency must be IRR or IRT.' });
    const rials = currency === 'IRT' ? Number(body.amount) * 10 : Number(body.amount);
    if (!Number.isInteger(body.amount) || rials < 10_000)
      validations.push({ amount: 'The amount must be an integer of at least 10000 rials.' });
    if (typeof body.description !== 'string' || !body.description.trim())
      validations.push({ description: 'The description field is required.' });
    if (typeof body.callback_url !== 'string' || !/^https?:\/\//.test(body.callback_url))
      validations.push({ callback_url: 'The callback url must start with http:// or https://.' });
    else if (!isUnderBase(body.callback_url, publicBaseUrl))
      validations.push({ callback_url: "The callback url must be on the shop's own address (PUBLIC_BASE_URL)." });
    if (validations.length) return c.json(fail(-9, 'The input params invalid, validation error.', validations), 422);
    if (body.merchant_id !== merchantId) return c.json(fail(-10, 'Terminal is not valid, please check merchant_id or ip address.'), 422);
    if (rials > 1_000_000_000) return c.json(fail(-41, 'Amount is over the maximum.'), 422);
    const authority = newAuthority();
    await sessions.open('zarinpal', { reference: authority, merchantId, amount: body.amount, currency, returnUrl: body.callback_url });
    return c.json({ data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] });
  });

  app.get('/zarinpal/pg/StartPay/:authority', async (c) => {
    const authority = c.req.param('authority');
    const record = await sessions.find('zarinpal', authority);
    if (!record) return c.html(errorPage('شناسه پرداخت نامعتبر است. / Unknown authority (test payment).'), 404);
    if (record.state !== 'pending')
      return c.html(errorPage('این پرداخت آزمایشی قبلاً انجام شده است. / This test payment is already finished.'), 409);
    const rials = record.currency === 'IRT' ? record.amount * 10 : record.amount;
    // Relative actions resolve under /StartPay/: {authority}/pay and {authority}/cancel.
    return c.html(
      testPaymentPage({
        gateway: 'ZarinPal',
        amountRials: rials,
        reference: authority,
        payAction: `${authority}/pay`,
        cancelAction: `${authority}/cancel`,
        hidden: {},
      }),
    );
  });

  for (const choice of ['pay', 'cancel'] as const) {
    app.post(`/zarinpal/pg/StartPay/:authority/${choice}`, async (c) => {
      const authority = c.req.param('authority');
      const record = await sessions.settle('zarinpal', authority, choice === 'pay', clock.now());
      if (!record) return c.html(errorPage('شناسه پرداخت نامعتبر است. / Unknown authority (test payment).'), 404);
      const back = new URL(record.returnUrl);
      back.searchParams.set('Authority', authority);
      back.searchParams.set('Status', record.state === 'paid' ? 'OK' : 'NOK');
      return c.redirect(back.toString(), 302);
    });
  }

  app.post(`${api}/verify.json`, async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, any> | null;
    if (!body || typeof body.authority !== 'string' || !Number.isInteger(body.amount) || typeof body.merchant_id !== 'string') {
      return c.json(fail(-9, 'The input params invalid, validation error.'), 422);
    }
    const record = await sessions.find('zarinpal', body.authority);
    if (!record) return c.json(fail(-54, 'Invalid authority.'), 422);
    if (record.merchantId !== body.merchant_id) return c.json(fail(-53, 'Session is not this merchant_id session.'), 422);
    if (record.state !== 'paid') return c.json(fail(-51, 'Session is not valid, session is not active paid try.'), 422);
    if (record.amount !== body.amount) return c.json(fail(-50, 'Session is not valid, amounts values is not the same.'), 422);
    if (record.reversed) return c.json(fail(-51, 'Session is not valid, session is not active paid try.'), 422);
    // One conditional update: of two verifies at once (any instances), exactly one gets 100.
    const { first } = await sessions.verify('zarinpal', body.authority, clock.now());
    const code = first ? 100 : 101;
    return c.json({
      data: {
        code,
        message: code === 100 ? 'Paid' : 'Verified',
        card_hash: createHash('sha256').update(TEST_PAN).digest('hex').toUpperCase(),
        card_pan: `${TEST_PAN.slice(0, 6)}******${TEST_PAN.slice(-4)}`,
        ref_id: refIdOf(record),
        fee_type: 'Merchant',
        fee: 0,
      },
      errors: [],
    });
  });

  /** The record behind an authority of this merchant, or the error answer (422) to send. */
  async function recordFor(body: Record<string, any> | null): Promise<SandboxSession | { error: ReturnType<typeof fail> }> {
    if (!body || typeof body.authority !== 'string' || typeof body.merchant_id !== 'string')
      return { error: fail(-9, 'The input params invalid, validation error.') };
    const record = await sessions.find('zarinpal', body.authority);
    if (!record) return { error: fail(-54, 'Invalid authority.') };
    if (record.merchantId !== body.merchant_id) return { error: fail(-53, 'Session is not this merchant_id session.') };
    return record;
  }

  app.post(`${api}/inquiry.json`, async (c) => {
    const record = await recordFor(await c.req.json().catch(() => null));
    if ('error' in record) return c.json(record.error, 422);
    const status = record.reversed
      ? 'REVERSED'
      : record.verifiedAt !== null
        ? 'VERIFIED'
        : record.state === 'paid'
          ? 'PAID'
          : record.state === 'failed'
            ? 'FAILED'
            : 'IN_BANK';
    return c.json({ data: { code: 100, message: 'Success', status }, errors: [] });
  });

  app.post(`${api}/reverse.json`, async (c) => {
    const record = await recordFor(await c.req.json().catch(() => null));
    if ('error' in record) return c.json(record.error, 422);
    if (record.verifiedAt === null || record.reversed)
      return c.json(fail(-61, 'Session is not in success status or already reversed.'), 422);
    if (clock.now() - record.verifiedAt > REVERSE_WINDOW_MS)
      return c.json(fail(-63, 'Maximum time for reverse this session is expired.'), 422);
    if (!(await sessions.reverse('zarinpal', record.reference)))
      return c.json(fail(-61, 'Session is not in success status or already reversed.'), 422);
    return c.json({ data: { code: 100, message: 'Reversed' }, errors: [] });
  });
}
