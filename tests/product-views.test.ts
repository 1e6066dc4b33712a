import { asc, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { productImages, products } from '../src/server/db/schema';
import { loadProduct, loadProductCards } from '../src/server/services/product-views';
import { freshDatabase } from './support/database';

let database: Database;
let db: Db;
let statements: string[] = [];
/** The same connection, with a logger that records every statement sent. */
let counting: Db;

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  db = database.db;
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (db as unknown as { $client: never }).$client;
  counting = (database.kind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Db;
});
afterAll(async () => {
  await database?.close();
});

const idsOf = async (slugs: string[]) => {
  const rows = await db.select({ id: products.id, slug: products.slug }).from(products);
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  return slugs.map((s) => bySlug.get(s)!);
};

describe('loadProductCards', () => {
  it('keeps the order of the ids, skipping unknown and hidden ones', async () => {
    const [a, b, hidden, c] = await idsOf(['ne555p-pdip8', 'lm358p-pdip8', 'tl072cdr-soic8', 'lm317t-to220']);
    const cards = await loadProductCards(db, [c!, 99_999_999, a!, hidden!, b!, a!]);
    expect(cards.map((x) => x.slug)).toEqual(['lm317t-to220', 'ne555p-pdip8', 'lm358p-pdip8']);
    const withHidden = await loadProductCards(db, [hidden!, a!], { includeHidden: true });
    expect(withHidden.map((x) => [x.slug, x.enable])).toEqual([
      ['tl072cdr-soic8', false],
      ['ne555p-pdip8', true],
    ]);
  });

  it('needs at most three queries whatever the number of ids', async () => {
    const all = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(300);
    statements = [];
    const cards = await loadProductCards(
      counting,
      all.map((r) => r.id),
    );
    expect(cards.length).toBeGreaterThan(280);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
    statements = [];
    expect(await loadProductCards(counting, [])).toEqual([]);
    expect(statements).toHaveLength(0);
  });

  it('shows the first image by sort order on a card, and every image on the product page', async () => {
    const [id] = await idsOf(['lm358n-dip8']);
    await db.delete(productImages).where(eq(productImages.productId, id!));
    await db.insert(productImages).values([
      { productId: id!, src: '/media/b.jpg', sort: 2, alt: 'side' },
      { productId: id!, src: '/media/a.jpg', sort: 1 },
    ]);
    const [card] = await loadProductCards(db, [id!]);
    expect(card!.images).toEqual([{ src: '/media/a.jpg', alt: card!.displayName, width: null, height: null }]);
    const page = await loadProduct(db, { id: id! });
    expect(page!.images.map((i) => i.src)).toEqual(['/media/a.jpg', '/media/b.jpg']);
  });

  it('gives a product without quantity breaks one open-ended tier at its own price', async () => {
    const rows = await db
      .select({ id: products.id, price: products.price, min: products.minimumPurchase })
      .from(products)
      .where(eq(products.enable, true))
      .limit(3000);
    const cards = await loadProductCards(
      db,
      rows.map((r) => r.id),
    );
    for (const card of cards) {
      expect(card.prices.length).toBeGreaterThan(0);
      expect(card.prices[0]!.minPrice).toBe(card.price);
      expect(card.prices.at(-1)!.maxCount).toBeNull();
    }
  });
});

describe('loadProduct', () => {
  it('finds the same product by slug and by id, and hides disabled ones unless asked', async () => {
    const bySlug = await loadProduct(db, { slug: 'lm358p-pdip8' });
    const byId = await loadProduct(db, { id: bySlug!.id });
    expect(byId).toEqual(bySlug);
    expect(bySlug!.categories.map((c) => c.depth)).toEqual([0, 1, 2]);
    expect(await loadProduct(db, { slug: 'tl072cdr-soic8' })).toBeNull();
    expect((await loadProduct(db, { slug: 'tl072cdr-soic8' }, { includeHidden: true }))?.enable).toBe(false);
    expect(await loadProduct(db, { slug: 'no-such-part' })).toBeNull();
  });
});
