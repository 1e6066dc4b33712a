/**
 * What every back-office write shares: the staff action record written in the change's own
 * transaction, and the site revision that tells the incremental rebuild what to redo. (The admin
 * guard is src/server/auth/staff-guard.ts.)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteRevisions, staffActions } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function recordAction(
  tx: Tx | Db,
  staffId: number,
  action: string,
  entity: string,
  entityId: number,
  details: Record<string, unknown> = {},
) {
  await tx.insert(staffActions).values({ staffId, action, entity, entityId, details });
}

export type SiteArea = (typeof siteRevisions.$inferSelect)['area'];

/** Marks a part of the site changed now, in the writer's transaction (see site_revisions). */
export async function touchSite(tx: Tx | Db, area: SiteArea) {
  await tx
    .insert(siteRevisions)
    .values({ area })
    .onConflictDoUpdate({ target: siteRevisions.area, set: { updatedAt: sql`now()` } });
}
