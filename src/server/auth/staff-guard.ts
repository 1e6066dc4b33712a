/**
 * The back office's HTTP guards: the signed-in staff member, and an admin among them. Routes call
 * these; services stay free of HTTP and take the staff member they are given.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../context';
import { HttpError } from '../http/errors';
import { requireUser, type CurrentUser } from './current-user';

export const STAFF_ONLY = 'این بخش فقط برای کارکنان فروشگاه است.';
export const ADMIN_ONLY = 'این کار فقط از مدیر فروشگاه برمی‌آید.';

/** The signed-in staff member; a customer gets 403, a guest 401. */
export async function requireStaff(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const current = await requireUser(c, deps);
  if (current.user.role !== 'staff') throw new HttpError(403, STAFF_ONLY);
  return current;
}

/** A staff member who may also manage staff and settings; a clerk gets 403. */
export async function requireAdmin(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const current = await requireStaff(c, deps);
  if (current.user.staffRole !== 'admin') throw new HttpError(403, ADMIN_ONLY);
  return current;
}
