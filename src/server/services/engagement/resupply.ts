/**
 * Restock (resupply) requests. Shoppers ask from an out-of-stock product page; the parts-list (BOM)
 * upload files its unmatched lines as one sourcing request in the same table, without a product.
 * Staff read every kind through staffListResupply, so that list stays generic: product name,
 * quantity, customer, description, date and where the request came from.
 */
import { desc, eq } from 'drizzle-orm';
import type { ResupplyBody, ResupplyView } from '../../../api/schemas/engagement';
import type { Db } from '../../db/client';
import { products, resupplyRequests, staffActions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { UserRow } from '../accounts/users';
import { publicProductRef } from './product-ref';

type Status = ResupplyView['status'];

interface ResupplyJoined {
  row: typeof resupplyRequests.$inferSelect;
  slug: string | null;
  customer: string | null;
}

export function toResupplyView({ row, slug, customer }: ResupplyJoined): ResupplyView {
  return {
    id: row.id,
    productId: row.productId,
    productSlug: slug,
    productName: row.productName,
    number: row.number,
    description: row.description,
    customer,
    email: row.email,
    status: row.status,
    source: row.productId === null ? 'sourcing' : 'product',
    date: row.createdAt.toISOString(),
  };
}

/** The signed-in customer's request for one product; name and e-mail come from the account, not the form. */
export async function createResupplyRequest(
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  body: ResupplyBody,
): Promise<ResupplyView> {
  const product = await publicProductRef(db, body.product_id);
  const [row] = await db
    .insert(resupplyRequests)
    .values({
      userId: user.id,
      productId: product.id,
      email: user.email,
      productName: `${product.displayName} (${product.partNumber})`,
      number: body.number,
      description: body.description,
    })
    .returning();
  return toResupplyView({ row: row!, slug: product.slug, customer: user.username });
}

export async function staffListResupply(db: Db, status: Status | 'all'): Promise<ResupplyView[]> {
  const rows = await db
    .select({ row: resupplyRequests, slug: products.slug, customer: users.username })
    .from(resupplyRequests)
    .leftJoin(products, eq(products.id, resupplyRequests.productId))
    .leftJoin(users, eq(users.id, resupplyRequests.userId))
    .where(status === 'all' ? undefined : eq(resupplyRequests.status, status))
    .orderBy(desc(resupplyRequests.createdAt), desc(resupplyRequests.id))
    .limit(300);
  return rows.map(toResupplyView);
}

/** Staff mark a request answered or closed; the change and its staff_actions row commit together. */
export async function setResupplyStatus(db: Db, staffId: number, id: number, status: Exclude<Status, 'open'>): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(resupplyRequests)
      .set({ status })
      .where(eq(resupplyRequests.id, id))
      .returning({ id: resupplyRequests.id });
    if (!row) throw notFound();
    await tx.insert(staffActions).values({ staffId, action: `resupply.${status}`, entity: 'resupply_request', entityId: id, details: {} });
  });
}
