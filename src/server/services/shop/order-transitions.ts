/**
 * The one writer of `orders.status`. A move is a conditional UPDATE whose WHERE names the state the
 * order was seen in (and, for "expired"/"confirmed", which side of its expiry it is on): if the order
 * moved meanwhile, nothing is written and the caller gets 409, so two conflicting moves can never both
 * win. The move and its timeline row (order_events) are written in the same transaction.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ACTOR_FA,
  canMove,
  holdsDiscountUse,
  ORDER_STATE_FA,
  TIMELINE_EVENT_FA,
  TRANSITIONS,
  tabOf,
  viewedState,
  type ActorKind,
  type OrderVerb,
  type ViewedOrderState,
} from '../../../lib/order-machine';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { settleDiscountHold } from './discount-codes';

export interface Actor {
  kind: ActorKind;
  id: number | null;
}
export const SYSTEM: Actor = { kind: 'system', id: null };
export const BANK: Actor = { kind: 'bank', id: null };

export const TRANSITION_MESSAGES = {
  raced: 'وضعیت این سفارش همین حالا تغییر کرد؛ صفحه را تازه کنید و دوباره بررسی کنید.',
  notAllowed: 'شما اجازهٔ این کار را روی سفارش ندارید.',
} as const;

export const refusedMessage = (verb: OrderVerb, state: ViewedOrderState) =>
  `«${TRANSITIONS[verb].fa}» برای سفارشی در وضعیت «${ORDER_STATE_FA[state]}» ممکن نیست.`;

/** A move the table does not allow from the order's state, or one that lost a race: 409. */
export class TransitionError extends HttpError {
  constructor(
    readonly verb: OrderVerb,
    readonly state: ViewedOrderState | null,
    message?: string,
  ) {
    super(409, message ?? (state ? refusedMessage(verb, state) : TRANSITION_MESSAGES.raced));
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;
type OrderChanges = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'type'>>;

/** SQL for "the order is seen in one of these states at `now`". */
export function ordersInStates(states: readonly ViewedOrderState[], now: Date): SQL {
  const parts: SQL[] = [];
  const stored = states.filter((s) => s !== 'confirmed' && s !== 'expired');
  if (stored.length > 0)
    parts.push(
      sql`${orders.status} IN (${sql.join(
        stored.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  const live = states.includes('confirmed');
  const expired = states.includes('expired');
  if (live && expired) parts.push(sql`${orders.status} = 'confirmed'`);
  else if (live) parts.push(sql`(${orders.status} = 'confirmed' AND (${orders.expiresAt} IS NULL OR ${orders.expiresAt} > ${now}))`);
  else if (expired) parts.push(sql`(${orders.status} = 'confirmed' AND ${orders.expiresAt} <= ${now})`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

export interface MoveOptions {
  /** Other columns written with the move (totals, expiry, notes...). */
  set?: OrderChanges;
  /** Shown to the customer in the timeline. */
  reason?: string | null;
  /** Staff-only particulars of the move. */
  details?: Record<string, unknown>;
  /** Narrows the verb's from-states (a gateway refusing an expired pre-invoice). */
  onlyFrom?: readonly ViewedOrderState[];
  /** The 409 message for a move from a wrong state, when the caller has a more precise one. */
  refused?: string | undefined;
  now?: Date;
}

/**
 * Moves order `orderId` by `verb` for `actor`, in the caller's transaction (or its own). Throws 404 for
 * a missing order, 403 when the actor may not use the verb, TransitionError (409) when the
 * order is not in a from-state or moved meanwhile. Returns the updated row.
 */
export async function moveOrder(db: Db | Tx, orderId: number, verb: OrderVerb, actor: Actor, opts: MoveOptions = {}): Promise<OrderRow> {
  const now = opts.now ?? new Date();
  const from = opts.onlyFrom ?? TRANSITIONS[verb].from;
  return (db as Db).transaction(async (tx) => {
    const [seen] = await tx
      .select({ status: orders.status, expiresAt: orders.expiresAt, deletedAt: orders.deletedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!seen) throw notFound();
    // A deleted order is a cancelled one, whatever it held: nothing moves it any more.
    const state = seen.deletedAt ? 'cancelled' : viewedState(seen.status, seen.expiresAt, now);
    const allowed = canMove(verb, state, actor.kind);
    if (!allowed.ok && allowed.reason === 'not_allowed') throw new HttpError(403, TRANSITION_MESSAGES.notAllowed);
    if (!allowed.ok || !from.includes(state)) throw new TransitionError(verb, state, opts.refused);
    const to = TRANSITIONS[verb].to;
    const [moved] = await tx
      .update(orders)
      .set({ ...opts.set, status: to, type: tabOf(to), updatedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.deletedAt), eq(orders.status, seen.status), ordersInStates(from, now)))
      .returning();
    // Moved by someone else between our read and our write: the other move stands.
    if (!moved) throw new TransitionError(verb, null);
    // A rejected or cancelled order gives its discount use back; one that leaves expiry takes it again.
    if (moved.discountCode) await settleDiscountHold(tx as unknown as Db, orderId, holdsDiscountUse(to));
    await tx.insert(orderEvents).values({
      orderId,
      verb,
      fromState: state,
      toState: to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason: opts.reason ?? null,
      details: opts.details ?? {},
      createdAt: now,
    });
    return moved;
  });
}

/** A timeline entry that is not a state move: the order placed, its shipping changed. */
export async function recordOrderEvent(
  db: Db | Tx,
  input: {
    orderId: number;
    verb: keyof typeof TIMELINE_EVENT_FA;
    state: ViewedOrderState;
    actor: Actor;
    reason?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await (db as Db).insert(orderEvents).values({
    orderId: input.orderId,
    verb: input.verb,
    fromState: input.verb === 'create' ? null : input.state,
    toState: input.state,
    actorKind: input.actor.kind,
    actorId: input.actor.id,
    reason: input.reason ?? null,
    details: input.details ?? {},
  });
}

export interface TimelineEntry {
  id: number;
  verb: string;
  verbLabel: string;
  from: ViewedOrderState | null;
  fromLabel: string | null;
  to: ViewedOrderState;
  toLabel: string;
  actorKind: ActorKind;
  actorLabel: string;
  reason: string | null;
  at: string;
  /** Staff only: who exactly, and the particulars. */
  actor?: string | null;
  details?: Record<string, unknown>;
}

/**
 * The order's timeline, oldest first. The customer's view names the store's side as "the store" and
 * leaves out who exactly and the internal particulars.
 */
export async function orderTimeline(
  db: Db,
  orderId: number,
  forStaff: boolean,
  usernames: (ids: number[]) => Promise<Map<number, string>>,
): Promise<TimelineEntry[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  const names = forStaff
    ? await usernames([...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))])
    : new Map<number, string>();
  return rows.map((r) => {
    const verbLabel =
      r.verb in TRANSITIONS ? TRANSITIONS[r.verb as OrderVerb].fa : (TIMELINE_EVENT_FA[r.verb as keyof typeof TIMELINE_EVENT_FA] ?? r.verb);
    const storeSide = r.actorKind === 'clerk' || r.actorKind === 'admin';
    const entry: TimelineEntry = {
      id: r.id,
      verb: r.verb,
      verbLabel,
      from: r.fromState,
      fromLabel: r.fromState ? ORDER_STATE_FA[r.fromState] : null,
      to: r.toState,
      toLabel: ORDER_STATE_FA[r.toState],
      actorKind: r.actorKind,
      actorLabel: !forStaff && storeSide ? 'فروشگاه' : ACTOR_FA[r.actorKind],
      reason: r.reason,
      at: r.createdAt.toISOString(),
    };
    if (forStaff) {
      entry.actor = r.actorId === null ? null : (names.get(r.actorId) ?? null);
      entry.details = r.details;
    }
    return entry;
  });
}
