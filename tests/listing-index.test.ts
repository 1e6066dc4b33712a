/**
 * getProduct in memory (listing-index.ts) answers exactly as the SQL it stands in for: category
 * listings and search pages, every sort, filters alone and combined, deep and empty pages, subtrees,
 * attribute filters and facets; after a catalogue change (the keeper builds anew) and after `patch`
 * (a patched index answers as one built from scratch). On PGlite, or on PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductQuerySchema } from '../src/api/schemas/search';
import { SORTS } from '../src/api/schemas/catalogue';
import { rowsOf } from '../src/server/db/rows';
import { listProducts } from '../src/server/services/search/listing';
import { refreshCategoryCounts } from '../src/server/services/catalogue/category-writer';
import { ListingIndex } from '../src/server/services/search/listing-index';
import { resolveScope } from '../src/server/services/search/scope';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // The indexes are looked at in this process (on PostgreSQL they would be in the search thread).
  server = await startTestServer({ env: { SEARCH_THREAD: '0' } });
  await Promise.all([server.deps.search!.index.ready(), server.deps.search!.listing.ready()]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.database.db;

/**
 * The same request through the SQL and through the fast paths; both answers whole. A search whose match
 * branches were cut (capped) reads a different first thousand in SQL (the word index's order) than the
 * suggestion index (by id): there the SQL counts and pages the index's own matches for the reference.
 */
async function compare(params: Record<string, string>) {
  const q = getProductQuerySchema.parse(params);
  // A change's NOTIFY may still be on its way: the comparison is of the index of the catalogue as it is.
  await Promise.all([server.deps.search!.index.ready(), server.deps.search!.listing.ready()]);
  expect(server.deps.search!.listing.current()).not.toBeNull();
  const viaIndex = await listProducts(db(), q, server.deps.search);
  const sameMatches = await listProducts(db(), q, { ...server.deps.search!, listingsInMemory: false });
  expect({ params, ...viaIndex }).toEqual({ params, ...sameMatches });
  const viaSql = await listProducts(db(), q);
  if (viaSql.capped) expect({ params, capped: viaIndex.capped }).toEqual({ params, capped: true });
  else expect({ params, ...viaIndex }).toEqual({ params, ...viaSql });
  return viaSql;
}

/** A change written straight to the table, then what every catalogue write does after it (category-writer.ts). */
async function change(statement: ReturnType<typeof sql>) {
  await db().execute(statement);
  await refreshCategoryCounts(db());
}

async function categorySlugs(): Promise<string[]> {
  return rowsOf<{ slug: string }>(await db().execute(sql`select slug from categories where items_count > 0 order by depth, sort, id`)).map(
    (r) => r.slug,
  );
}

/**
 * About `n` of the categories, spread over the list (top-level subtrees first, then deeper ones, down to
 * leaves): the combinations tried in each (filters times sorts, attribute filters) cost three listings a
 * try, and every category of the catalogue over all of them took most of this file's minute.
 */
function spread(slugs: string[], n: number): string[] {
  if (slugs.length <= n) return slugs;
  return Array.from({ length: n }, (_, i) => slugs[Math.round((i * (slugs.length - 1)) / (n - 1))]!);
}

/** Attribute filters that select something: the first values of a category's facets. */
async function attributeFilterOf(category: string): Promise<string | null> {
  const q = getProductQuerySchema.parse({ filter_category: category });
  const list = await listProducts(db(), q);
  const attrs = list.filters.filter((f) => f.type === 'check' && f.slug.startsWith('attr_'));
  const parts = attrs.slice(0, 2).map((f) => {
    const items = (f as { items: { slug: string }[] }).items;
    return `${f.slug.slice(5)}:${items
      .slice(0, 2)
      .map((i) => i.slug)
      .join(',')}`;
  });
  return parts.length ? parts.join(';') : null;
}

describe('listing index', () => {
  it('is built with the suggestion index and holds every visible product', async () => {
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from products where enable and deleted_at is null`),
    );
    expect(server.deps.search!.listing.current()?.size).toBe(n);
    expect(server.deps.search!.listing.current()!.memoryBytes()).toBeGreaterThan(0);
  });

  it('answers every category listing as the SQL does, every sort, deep and past the last page', async () => {
    const slugs = await categorySlugs();
    expect(slugs.length).toBeGreaterThan(5);
    for (const slug of slugs) await compare({ filter_category: slug });
    for (const slug of spread(slugs, 6)) {
      for (const sort of SORTS) {
        await compare({ filter_category: slug, sort, limit: '7' });
        await compare({ filter_category: slug, sort, limit: '5', page: '4' });
      }
      await compare({ filter_category: slug, page: '999' });
    }
  });

  it('knows an unknown category as the SQL does (404)', async () => {
    const q = getProductQuerySchema.parse({ filter_category: 'no-such-category' });
    await expect(listProducts(db(), q, server.deps.search)).rejects.toMatchObject({ status: 404 });
    await expect(listProducts(db(), q)).rejects.toMatchObject({ status: 404 });
  });

  it('answers the whole catalogue (no category) as the SQL does', async () => {
    for (const sort of SORTS) {
      await compare({ sort });
      await compare({ sort, page: '40', limit: '24' });
    }
  });

  it('applies filters alone and combined as the SQL does', async () => {
    const slugs = await categorySlugs();
    const brands = rowsOf<{ slug: string }>(
      await db().execute(
        sql`select b.slug from brands b join products p on p.brand_id = b.id group by b.slug order by count(*) desc limit 3`,
      ),
    ).map((r) => r.slug);
    const filters: Record<string, string>[] = [
      { filter_price: '0-5000000' },
      { filter_price: '2000000-' },
      { filter_price: '-900000' },
      { filter_price: '999999999999-' },
      { filter_brand: brands.join(',') },
      { filter_brand: 'no-such-brand' },
      { filter_quality: 'original' },
      { filter_quality: 'none,copy' },
      { filter_availability: 'in-stock' },
      { filter_availability: 'pre-order,out-of-stock' },
      { filter_availability: 'out-of-stock', filter_quality: 'original', filter_price: '0-90000000' },
      { filter_brand: brands[0]!, filter_availability: 'in-stock', sort: 'price_desc' },
    ];
    for (const f of filters) {
      await compare(f);
      for (const slug of spread(slugs, 4)) {
        await compare({ filter_category: slug, ...f });
        await compare({ filter_category: slug, ...f, sort: 'name_desc', page: '2', limit: '5' });
      }
    }
  });

  it('filters by attributes and counts attribute facets as the SQL does', async () => {
    let tried = 0;
    for (const slug of spread(await categorySlugs(), 16)) {
      const attrs = await attributeFilterOf(slug);
      if (!attrs) continue;
      tried++;
      await compare({ filter_category: slug, filter_attributes: attrs });
      await compare({ filter_category: slug, filter_attributes: attrs, sort: 'price_asc', filter_availability: 'in-stock' });
      await compare({ filter_category: slug, filter_attributes: attrs.split(';')[0]! });
      await compare({ filter_category: slug, filter_attributes: 'no-such-attribute:x' });
    }
    expect(tried).toBeGreaterThan(3);
  });

  it('answers the search page over the strict matches as the SQL does', async () => {
    // A part number, a prefix of many, digits, Persian words (one and two), an English word, a value.
    const texts = ['lm358', 'LM', '7805', 'مقاومت', 'خازن الکترولیت', 'resistor', '10k', 'ترانزیستور'];
    for (const text of texts) {
      for (const sort of SORTS) {
        const answer = await compare({ filter_part: text, sort, limit: '12' });
        if (sort === 'default') expect(answer.total).toBeGreaterThan(0);
      }
      await compare({ filter_part: text, page: '3', limit: '5' });
      await compare({ filter_searchPart: text });
      await compare({ filter_part: text, filter_availability: 'in-stock', filter_quality: 'original' });
      await compare({ filter_part: text, filter_price: '0-3000000', sort: 'price_desc' });
    }
    await compare({ filter_part: 'lm', filter_category: 'voltage-regulators' });
    await compare({ filter_part: 'lm', filter_category: 'voltage-regulators', sort: 'name_asc' });
    // A typo: no strict match, the SQL's fuzzy branch answers on both sides.
    await compare({ filter_part: 'amsl117' });
    await compare({ filter_part: 'zzzzqqq' });
  });

  it('a product change is patched into the listing index, not rebuilt, and answered as the SQL', async () => {
    const keeper = server.deps.search!.listing;
    const { builds, patches } = keeper.stats;
    const [p] = rowsOf<{ id: number; slug: string; category: string }>(
      await db().execute(sql`select p.id, p.slug, c.slug as category from products p join categories c on c.id = p.category_id
        where p.enable and p.deleted_at is null order by p.sales_count desc, p.id limit 1`),
    );
    await change(sql`update products set price = 1, stock = 0, name = 'AAA first by name', updated_at = now() where id = ${p!.id}`);
    await expect.poll(() => keeper.stats.patches).toBeGreaterThan(patches);
    await keeper.ready();
    expect(keeper.stats.builds).toBe(builds);
    for (const sort of SORTS) await compare({ filter_category: p!.category, sort });
  });

  it('patched in place answers as an index built from scratch, and as the SQL', async () => {
    const patched = await ListingIndex.build(db());
    // Every scope's facets asked once before the changes: the ones it keeps must not outlive the patch.
    for (const slug of [null, ...(await categorySlugs())]) patched.attributeFacets(await resolveScope(db(), slug ?? undefined), null, 12);
    const some = rowsOf<{ id: number }>(
      await db().execute(sql`select id from products where enable and deleted_at is null order by id limit 4 offset 100`),
    ).map((r) => r.id);
    const [a, b, c, d] = some as [number, number, number, number];
    await change(sql`update products set name = 'ZZZ last by name', price = 123456789, updated_at = now() where id = ${a}`);
    await change(sql`update products set enable = false, updated_at = now() where id = ${b}`);
    await change(
      sql`update products set stock = 0, availability_date = '2027-01-01', sales_count = 99999, updated_at = now() where id = ${c}`,
    );
    const [attr] = rowsOf<{ attribute_id: number }>(await db().execute(sql`select attribute_id from product_attribute_values limit 1`));
    await change(
      sql`insert into product_attribute_values (product_id, attribute_id, value, value_slug) values (${d}, ${attr!.attribute_id}, 'Patched value', 'patched-value')
        on conflict do nothing`,
    );
    // Names placed among the held order: equal to another product's, just after one, first of all;
    // a new product; a hidden product shown again (its old place is stale).
    const mid = rowsOf<{ id: number; name: string }>(
      await db().execute(sql`select id, name from products where enable and deleted_at is null order by name, id limit 3 offset 40`),
    );
    const [e, f] = rowsOf<{ id: number }>(
      await db().execute(sql`select id from products where enable and deleted_at is null order by id limit 2 offset 200`),
    ).map((r) => r.id) as [number, number];
    await change(sql`update products set name = ${mid[0]!.name}, updated_at = now() where id = ${e}`);
    await change(sql`update products set name = ${mid[2]!.name + ' b'}, updated_at = now() where id = ${f}`);
    const [g] = rowsOf<{ id: number }>(
      await db().execute(sql`insert into products (category_id, price, name, name_fa, pn_key, slug, search_text, part_number, stock)
        select category_id, price, ${mid[1]!.name}, name_fa, 'PATCHNEW1', 'patch-new-1', search_text, 'PATCHNEW1', 5
        from products where id = ${mid[1]!.id} returning id`),
    );
    const [shown] = rowsOf<{ id: number }>(
      await db().execute(sql`select id from products where not enable and deleted_at is null and id <> ${b} order by id limit 1`),
    );
    await change(sql`update products set enable = true, updated_at = now() where id = ${shown!.id}`);
    await patched.patch(db(), [a, b, c, d, e, f, g!.id, shown!.id]);
    const fresh = await ListingIndex.build(db());
    expect(patched.size).toBe(fresh.size);
    const slugs = await categorySlugs();
    const changedCategories = rowsOf<{ slug: string }>(
      await db().execute(sql`select distinct c.slug from products p join categories c on c.id = p.category_id
        where p.id = any(${`{${[a, b, c, d, e, f, g!.id].join(',')}}`}::int[])`),
    ).map((r) => r.slug);
    for (const slug of [null, ...new Set([...changedCategories, ...slugs.slice(0, 10)])]) {
      const scope = await resolveScope(db(), slug ?? undefined);
      for (const sort of SORTS) {
        for (const params of [{ sort }, { sort, filter_availability: 'pre-order' }, { sort, page: '3', limit: '5' }]) {
          const q = getProductQuerySchema.parse(params);
          expect({ slug, params, ...patched.listing(q, scope) }).toEqual({ slug, params, ...fresh.listing(q, scope) });
        }
      }
      expect(patched.attributeFacets(scope, null, 12)).toEqual(fresh.attributeFacets(scope, null, 12));
    }
    // And the keeper's own rebuild (from the change's generation) still answers as the SQL.
    await Promise.all([server.deps.search!.index.ready(), server.deps.search!.listing.ready()]);
    for (const slug of slugs.slice(0, 10)) await compare({ filter_category: slug, sort: 'name_desc' });
    await change(sql`update products set enable = true, updated_at = now() where id = ${b}`);
  });

  it('keeps its counts per category through patches: every unfiltered listing answers as the SQL facets', async () => {
    const keeper = server.deps.search!.listing;
    const builds = keeper.stats.builds;
    const some = rowsOf<{ id: number; category_id: number }>(
      await db().execute(sql`select id, category_id from products where enable and deleted_at is null order by id limit 3 offset 300`),
    );
    const [other] = rowsOf<{ id: number }>(
      await db().execute(sql`select id from categories where id <> ${some[0]!.category_id} and items_count > 0 order by id limit 1`),
    );
    const patches = keeper.stats.patches;
    // Moved, hidden, and given another brand and quality: counts leave one category and join another.
    await change(sql`update products set category_id = ${other!.id}, price = 1, updated_at = now() where id = ${some[0]!.id}`);
    await change(sql`update products set deleted_at = now(), updated_at = now() where id = ${some[1]!.id}`);
    await change(sql`update products set brand_id = (select id from brands order by id desc limit 1), quality = 'copy', price = 999999999,
      updated_at = now() where id = ${some[2]!.id}`);
    await expect.poll(() => keeper.stats.patches).toBeGreaterThan(patches);
    await keeper.ready();
    expect(keeper.stats.builds).toBe(builds);
    await compare({});
    for (const slug of await categorySlugs()) await compare({ filter_category: slug });
    await change(sql`update products set deleted_at = null, updated_at = now() where id = ${some[1]!.id}`);
  });
});
