/**
 * Who works in the staff console and with which role: an admin also manages staff (this file) and
 * settings; a clerk runs orders only. Only admins reach these writes (routes/staff.ts, requireAdmin).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffActions, users, type StaffRole } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { STAFF_MESSAGES } from '../shop/staff';

export async function listStaffMembers(db: Db) {
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, role: users.staffRole })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.username));
  return rows;
}

/**
 * Makes an account an admin or a clerk, or takes the staff role away ('customer'). The shop never
 * loses its last admin: the admins' rows are locked first, so two admins demoting each other at once
 * cannot both succeed.
 */
export async function setStaffRole(db: Db, byId: number, username: string, role: StaffRole | 'customer') {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'staff'), eq(users.staffRole, 'admin')))
      .for('update');
    const [target] = await tx
      .select({ id: users.id, role: users.role, staffRole: users.staffRole })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
      .limit(1);
    if (!target) throw notFound(STAFF_MESSAGES.memberNotFound);
    if (target.id === byId) throw new HttpError(409, STAFF_MESSAGES.ownRole);
    const wasAdmin = target.role === 'staff' && target.staffRole === 'admin';
    if (wasAdmin && role !== 'admin' && admins.length <= 1) throw new HttpError(409, STAFF_MESSAGES.lastAdmin);
    await tx
      .update(users)
      .set(role === 'customer' ? { role: 'customer', updatedAt: new Date() } : { role: 'staff', staffRole: role, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    await tx.insert(staffActions).values({ staffId: byId, action: 'staff.role', entity: 'user', entityId: target.id, details: { role } });
    return target.id;
  });
}
