/**
 * What every back-office write shares: the admin guard, the staff action record written in the
 * change's own transaction, and the site revision that tells the incremental rebuild what to redo.
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { CurrentUser } from '../../auth/current-user';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/client';
import { siteRevisions, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { requireStaff } from '../shop/staff';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const ADMIN_ONLY = 'این کار فقط از مدیر فروشگاه برمی‌آید.';

/**
 * Staff who may change staff accounts and settings. Today every staff member is one; a clerk role
 * (when it exists) is refused here, so this guard stays the one place that draws the line.
 */
export async function requireAdmin(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const current = await requireStaff(c, deps);
  if ((current.user.role as string) === 'clerk') throw new HttpError(403, ADMIN_ONLY);
  return current;
}

export async function recordAction(tx: Tx | Db, staffId: number, action: string, entity: string, entityId: number, details: Record<string, unknown> = {}) {
  await tx.insert(staffActions).values({ staffId, action, entity, entityId, details });
}

export type SiteArea = (typeof siteRevisions.$inferSelect)['area'];

/** Marks a part of the site changed now, in the writer's transaction (see site_revisions). */
export async function touchSite(tx: Tx | Db, area: SiteArea) {
  await tx.insert(siteRevisions).values({ area }).onConflictDoUpdate({ target: siteRevisions.area, set: { updatedAt: sql`now()` } });
}
