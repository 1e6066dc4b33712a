/**
 * The sandbox's bank sessions in the database (payment_sandbox_sessions), so that a payment started on
 * one instance is paid, verified and reversed on whichever instance the proxy sends each request to.
 * Every change of state is one conditional update: two instances (or a callback and the stalled-payment
 * resumer) verifying at once see exactly one first verify.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentSandboxSessions } from '../../db/schema';

export type SandboxSession = typeof paymentSandboxSessions.$inferSelect;
export type Bank = SandboxSession['bank'];
type NewSession = Omit<
  typeof paymentSandboxSessions.$inferInsert,
  'id' | 'bank' | 'state' | 'paidAt' | 'verifiedAt' | 'reversed' | 'createdAt'
>;

const t = paymentSandboxSessions;
const match = (bank: Bank, reference: string) => and(eq(t.bank, bank), eq(t.reference, reference));

export function sandboxSessions(db: Db) {
  return {
    /** Stores a new session; null when Sadad already saw this OrderId (the bank's 1011). */
    async open(bank: Bank, session: NewSession): Promise<SandboxSession | null> {
      const [row] = await db
        .insert(t)
        .values({ ...session, bank })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async find(bank: Bank, reference: string): Promise<SandboxSession | null> {
      const [row] = await db.select().from(t).where(match(bank, reference));
      return row ?? null;
    },

    /** The payer's choice on the test page: taken once; a second click finds the first choice. */
    async settle(bank: Bank, reference: string, paid: boolean, now: number): Promise<SandboxSession | null> {
      await db
        .update(t)
        .set({ state: paid ? 'paid' : 'failed', paidAt: paid ? now : null })
        .where(and(match(bank, reference), eq(t.state, 'pending')));
      return this.find(bank, reference);
    },

    /** Marks a paid session verified; `first` is true for exactly one caller. */
    async verify(bank: Bank, reference: string, now: number): Promise<{ first: boolean; session: SandboxSession | null }> {
      const [row] = await db
        .update(t)
        .set({ verifiedAt: now })
        .where(and(match(bank, reference), eq(t.state, 'paid'), isNull(t.verifiedAt), eq(t.reversed, false)))
        .returning();
      return row ? { first: true, session: row } : { first: false, session: await this.find(bank, reference) };
    },

    /** Reverses a verified session once; false when it was not verified or is already reversed. */
    async reverse(bank: Bank, reference: string): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ reversed: sql`true` })
        .where(and(match(bank, reference), eq(t.reversed, false), sql`${t.verifiedAt} is not null`))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

export type SandboxSessions = ReturnType<typeof sandboxSessions>;
