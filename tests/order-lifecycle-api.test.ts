/**
 * The order state machine through the real server: every verb that has a route tried from every state
 * (allowed moves land where the table says, every other one is refused with 409 and changes nothing),
 * conflicting moves racing on one order (exactly one wins), the timeline the clerk and the customer see,
 * the staff orders list's search and paging, and the admin / clerk roles.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMove, ORDER_STATES, TRANSITIONS, type OrderVerb, type ViewedOrderState } from '../src/lib/order-machine';
import { bankReceipts, orderEvents, orders, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/accounts/passwords';
import { startTestServer, type TestServer } from './support/server';
import { bearer, json, newCustomer, prepareProduct, staffToken, tokenFor, type Customer } from './support/shop';
import { solvedCaptcha } from './support/captcha';

let server: TestServer;
let admin: string;
let ana: Customer;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await staffToken(server);
  ana = await newCustomer(server, 'lifecycle');
  productId = (await prepareProduct(server.database.db, { stock: 100_000, tiers: [[1, 50_000]] })).id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const as = (token: string) => bearer(token);
interface Order {
  id: number;
  factorNumber: string;
}

async function enquiry(customer: Customer = ana): Promise<Order> {
  expect((await server.api('/cart', json('POST', { product_id: productId, cart_quantity: 2 }, as(customer.token)))).status).toBe(200);
  const res = await server.api(
    '/order',
    json('POST', { address_id: customer.addressId, shipping_method: 'post', note: 'لطفاً با جعبه' }, as(customer.token)),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const detail = async (id: number) => (await server.api(`/staff/orders/${id}`, { headers: as(admin) })).body.data;
const stateOf = async (id: number) => (await detail(id)).state as ViewedOrderState;

async function registerReceipt(order: Order): Promise<number> {
  const res = await server.api(
    '/paymentBank/create',
    json('POST', {
      name: 'مشتری',
      payment_date: '2025-01-05T10:00:00Z',
      price: 1_000,
      factor_number: order.factorNumber,
      tracking_code: `TR-${order.id}`,
      account_number: '0101234567',
      captcha: await solvedCaptcha(server),
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await server.database.db
    .select({ id: bankReceipts.id })
    .from(bankReceipts)
    .where(eq(bankReceipts.trackingCode, `TR-${order.id}`))
    .orderBy(desc(bankReceipts.id))
    .limit(1);
  return row!.id;
}

async function confirmLines(id: number) {
  const d = await detail(id);
  return d.lines.map((l: { id: number; quantity: number; unitPrice: number }) => ({
    id: l.id,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    available: true,
  }));
}

/** Each verb that has a route, as its user calls it. */
const CALLS: Partial<Record<OrderVerb, (o: Order) => Promise<{ status: number; body: any }>>> = {
  confirm: async (o) => server.api(`/staff/orders/${o.id}/confirm`, json('POST', { lines: await confirmLines(o.id) }, as(admin))),
  reject: (o) => server.api(`/staff/orders/${o.id}/reject`, json('POST', { note: 'موجود نیست' }, as(admin))),
  contact: (o) => server.api(`/staff/orders/${o.id}/contact`, json('POST', {}, as(admin))),
  ask_again: (o) => server.api(`/dashboard/factor/inventoryRequest/${o.factorNumber}`, json('POST', {}, as(ana.token))),
  cancel: (o) => server.api(`/dashboard/factor/${o.factorNumber}`, json('DELETE', undefined, as(ana.token))),
  accept_receipt: async (o) => server.api(`/staff/receipts/${await registerReceipt(o)}/accept`, json('POST', {}, as(admin))),
};
const ACTOR: Record<OrderVerb, 'admin' | 'customer' | 'bank'> = {
  confirm: 'admin',
  reject: 'admin',
  contact: 'admin',
  ask_again: 'customer',
  cancel: 'customer',
  accept_receipt: 'admin',
  pay_online: 'bank',
  payment_undone: 'bank',
};

/** A fresh order brought to `state` through the API (expiry by moving its deadline into the past). */
async function orderIn(state: ViewedOrderState): Promise<Order> {
  const o = await enquiry();
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  };
  if (state === 'confirmed' || state === 'expired' || state === 'paid') await ok(CALLS.confirm!(o));
  if (state === 'expired')
    await server.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, o.id));
  if (state === 'paid') await ok(CALLS.accept_receipt!(o));
  if (state === 'contact_store') await ok(CALLS.contact!(o));
  if (state === 'rejected') await ok(CALLS.reject!(o));
  if (state === 'cancelled') await ok(CALLS.cancel!(o));
  expect(await stateOf(o.id)).toBe(state);
  return o;
}

const eventsOf = async (id: number) =>
  server.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);

describe('the transition table over HTTP', () => {
  const cases = (Object.keys(CALLS) as OrderVerb[]).flatMap((verb) => ORDER_STATES.map((state) => [verb, state] as const));
  it.each(cases)(
    '%s from %s',
    async (verb, state) => {
      const order = await orderIn(state);
      const before = (await eventsOf(order.id)).length;
      const res = await CALLS[verb]!(order);
      const allowed = canMove(verb, state, ACTOR[verb]).ok;
      if (allowed) {
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
        expect(await stateOf(order.id)).toBe(TRANSITIONS[verb].to);
        const events = await eventsOf(order.id);
        expect(events.at(-1)).toMatchObject({ verb, fromState: state, toState: TRANSITIONS[verb].to });
      } else {
        // The customer's own deleted order is gone for them (404); every other refusal is a 409 in Persian.
        const expected = state === 'cancelled' && ACTOR[verb] === 'customer' ? 404 : 409;
        expect(res.status, JSON.stringify(res.body)).toBe(expected);
        expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
        expect(await stateOf(order.id)).toBe(state);
        expect((await eventsOf(order.id)).length).toBe(before);
      }
    },
    60_000,
  );
});

describe('conflicting moves at the same moment', () => {
  it('confirm and reject of one enquiry: exactly one wins, one timeline entry', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await enquiry();
      const lines = await confirmLines(o.id);
      const results = await Promise.all([
        server.api(`/staff/orders/${o.id}/confirm`, json('POST', { lines }, as(admin))),
        server.api(`/staff/orders/${o.id}/reject`, json('POST', {}, as(admin))),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = results[0]!.status === 200 ? 'confirmed' : 'rejected';
      expect(await stateOf(o.id)).toBe(winner);
      expect((await eventsOf(o.id)).filter((e) => e.verb !== 'create')).toHaveLength(1);
    }
  }, 120_000);

  it('the customer deleting a pre-invoice while a clerk accepts its receipt: paid or cancelled, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await orderIn('confirmed');
      const receipt = await registerReceipt(o);
      const [accepted, deleted] = await Promise.all([
        server.api(`/staff/receipts/${receipt}/accept`, json('POST', {}, as(admin))),
        server.api(`/dashboard/factor/${o.factorNumber}`, json('DELETE', undefined, as(ana.token))),
      ]);
      expect([accepted.status, deleted.status].sort()).toEqual([200, 409]);
      const [row] = await server.database.db.select().from(orders).where(eq(orders.id, o.id));
      if (accepted.status === 200) expect([row!.status, row!.deletedAt]).toEqual(['paid', null]);
      else expect(row!.status).toBe('cancelled');
      expect((await eventsOf(o.id)).filter((e) => e.verb === 'accept_receipt' || e.verb === 'cancel')).toHaveLength(1);
    }
  }, 120_000);
});

describe('the timeline', () => {
  it('records who changed what and why; the customer sees the store and the reasons, not the clerk', async () => {
    const o = await enquiry();
    const lines = await confirmLines(o.id);
    const noReason = await server.api(`/staff/orders/${o.id}/confirm`, json('POST', { lines: [{ ...lines[0], quantity: 1 }] }, as(admin)));
    expect(noReason.status).toBe(422);
    expect(noReason.body.message).toContain('دلیل');
    const res = await server.api(
      `/staff/orders/${o.id}/confirm`,
      json('POST', { lines: [{ ...lines[0], quantity: 1, note: 'فقط یک عدد مانده' }], note: 'بقیه هفتهٔ بعد' }, as(admin)),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const staffView = res.body.data;
    expect(staffView.customer).toMatchObject({ username: ana.username });
    expect(staffView.customerNote).toBe('لطفاً با جعبه');
    expect(staffView.lines[0].stock).toBeTypeOf('number');
    expect(staffView.timeline.map((e: { verb: string }) => e.verb)).toEqual(['create', 'confirm']);
    expect(staffView.timeline[1]).toMatchObject({
      actor: 'staff',
      actorKind: 'admin',
      fromLabel: 'در انتظار تأیید',
      reason: 'بقیه هفتهٔ بعد',
    });

    const mine = await server.api(`/dashboard/factor/detail/${o.factorNumber}`, { headers: as(ana.token) });
    expect(mine.status).toBe(200);
    const confirmEntry = mine.body.data.timeline[1];
    expect(confirmEntry).toMatchObject({ verbLabel: TRANSITIONS.confirm.fa, actorLabel: 'فروشگاه', reason: 'بقیه هفتهٔ بعد' });
    expect(confirmEntry.actor).toBeUndefined();
    expect(confirmEntry.details).toBeUndefined();
    expect(mine.body.data.lines[0].note).toBe('فقط یک عدد مانده');
  }, 60_000);

  it('asks for a tracking code when marking shipped and records carrier and code', async () => {
    const o = await orderIn('paid');
    const bare = await server.api(`/staff/orders/${o.id}/shipping`, json('POST', { shippingStatus: 'shipped' }, as(admin)));
    expect(bare.status).toBe(422);
    const res = await server.api(
      `/staff/orders/${o.id}/shipping`,
      json('POST', { shippingStatus: 'shipped', shippingDescription: 'تیپاکس', shippingTrackingCode: 'TPX-1' }, as(admin)),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.timeline.at(-1)).toMatchObject({ verb: 'shipping', reason: 'ارسال شده — تیپاکس — TPX-1' });
  }, 60_000);
});

describe('the staff orders list', () => {
  it('searches by factor number and customer, filters by state and pages', async () => {
    const o = await enquiry();
    const byFactor = await server.api(`/staff/orders?q=${o.factorNumber}`, { headers: as(admin) });
    expect(byFactor.body.data.map((r: { id: number }) => r.id)).toEqual([o.id]);
    const byCustomer = await server.api(`/staff/orders?q=${ana.username}&state=awaiting_approval&limit=1`, { headers: as(admin) });
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.data).toHaveLength(1);
    expect(byCustomer.body.pages).toBeGreaterThan(1);
    expect(byCustomer.body.data[0]).toMatchObject({ state: 'awaiting_approval', stateLabel: 'در انتظار تأیید', customer: ana.username });
    const page2 = await server.api(`/staff/orders?q=${ana.username}&state=awaiting_approval&limit=1&page=2`, { headers: as(admin) });
    expect(page2.body.data[0].id).not.toBe(byCustomer.body.data[0].id);
    expect((await server.api('/staff/orders?state=bogus', { headers: as(admin) })).status).toBe(422);
    // A customer's deleted order stays in the store's list, as cancelled.
    const gone = await enquiry();
    expect((await CALLS.cancel!(gone)).status).toBe(200);
    const cancelled = await server.api(`/staff/orders?state=cancelled&q=${gone.factorNumber}`, { headers: as(admin) });
    expect(cancelled.body.data.map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([[gone.id, 'cancelled']]);
  }, 60_000);
});

describe('roles', () => {
  it('an admin makes a clerk; a clerk runs orders but cannot change staff (403); the last admin stays', async () => {
    const db = server.database.db;
    await db.insert(users).values({
      username: 'clerk1',
      email: 'clerk1@qateh.example',
      name: 'کارمند',
      mobile: '09120000001',
      passwordHash: await hashPassword('clerk-pass-123'),
      role: 'customer',
      emailVerifiedAt: new Date(),
    });
    const made = await server.api('/staff/members', json('POST', { username: 'clerk1', role: 'clerk' }, as(admin)));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ username: 'clerk1', role: 'clerk' })]));
    const clerk = await tokenFor(server, 'clerk1', 'clerk-pass-123');

    const members = await server.api('/staff/members', { headers: as(clerk) });
    expect(members.body.me.role).toBe('clerk');
    const refused = await server.api('/staff/members', json('POST', { username: 'clerk1', role: 'admin' }, as(clerk)));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('این کار فقط از مدیر فروشگاه برمی‌آید.');

    const o = await enquiry();
    const confirmed = await server.api(`/staff/orders/${o.id}/confirm`, json('POST', { lines: await confirmLines(o.id) }, as(clerk)));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.timeline.at(-1)).toMatchObject({ actorKind: 'clerk', actor: 'clerk1' });

    expect((await server.api('/staff/members', json('POST', { username: 'staff', role: 'clerk' }, as(admin)))).status).toBe(409);
    expect((await server.api('/staff/members', { headers: as(ana.token) })).status).toBe(403);
  }, 60_000);
});
