/**
 * The hot statements of search and listings reach products through indexes: EXPLAIN of each, on a
 * catalogue big enough that the planner prefers an index where one fits, must not scan the products
 * table row by row. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set. Figures (how fast)
 * live in `npm run bench:api -- --long-tail`, never here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductQuerySchema, type GetProductParams } from '../src/api/schemas/search';
import type { Database } from '../src/server/db/client';
import { seedSynthetic } from '../src/server/seed/synthetic';
import { catalogueListingSql, listingSql } from '../src/server/services/search/listing';
import { withIndexScans } from '../src/server/services/search/match-sql';
import { planSearch } from '../src/server/services/search/plan';
import { resolveScope, type CategoryScope } from '../src/server/services/search/scope';
import { suggestionSql } from '../src/server/services/search/suggest';
import { freshDatabase } from './support/database';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, out: string[] = []): string[] {
  out.push(node['Relation Name'] ? `${node['Node Type']} on ${node['Relation Name']}` : node['Node Type']);
  for (const child of node.Plans ?? []) scansOf(child, out);
  return out;
}

let database: Database;
let parent: CategoryScope;
let leaf: CategoryScope;

/** The plan of a statement, run the way the service runs it (search statements with sequential scans priced out). */
async function planOf(statement: SQL, indexScans: boolean): Promise<string[]> {
  const explain = (db: Database['db']) => db.execute(sql`explain (format json) ${statement}`);
  const result = indexScans ? await withIndexScans(database.db, explain) : await explain(database.db);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  const json = Object.values(row)[0];
  const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return scansOf(plan[0]!.Plan);
}

const listingQuery = (params: GetProductParams) => getProductQuerySchema.parse(params);

beforeAll(async () => {
  database = await freshDatabase();
  // Enough products that an index scan is the planner's own choice wherever one fits.
  await seedSynthetic(database.db, 6000);
  await database.db.execute(sql`analyze`);
  const [top] = (
    (await database.db.execute(
      sql`select slug from categories where parent_id is null and items_count > 0 order by items_count desc limit 1`,
    )) as unknown as { rows: { slug: string }[] }
  ).rows;
  const [small] = (
    (await database.db.execute(sql`select slug from categories c where items_count > 0
    and not exists (select 1 from categories d where d.parent_id = c.id) order by items_count limit 1`)) as unknown as {
      rows: { slug: string }[];
    }
  ).rows;
  parent = (await resolveScope(database.db, top!.slug))!;
  leaf = (await resolveScope(database.db, small!.slug))!;
}, 600_000);

afterAll(async () => {
  await database?.close();
});

describe('hot search and listing statements use indexes, never a sequential scan of products', () => {
  const suggestions = ['st', 'lm358', 'stm32f1', 'atmeag328', 'مقاومت', 'resistor', 'خازن سرامیکی', 'op-amp dual'];
  it.each(suggestions)('suggestion "%s" (whole catalogue and one category)', async (text) => {
    const plan = planSearch(text)!;
    for (const scope of [null, parent]) {
      const scans = await planOf(suggestionSql(plan, scope, { limit: 150, take: 50 }), true);
      expect(
        scans.filter((s) => s === 'Seq Scan on products'),
        scans.join(' > '),
      ).toEqual([]);
      expect(scans.some((s) => s.endsWith('on products'))).toBe(true);
    }
  });

  it.each(['st', 'مقاومت', 'lm358n', 'dual op-amp'])('search page "%s"', async (text) => {
    for (const params of [
      { filter_part: text },
      { filter_part: text, page: '3', sort: 'name_asc' as const },
      { filter_searchPart: text },
    ]) {
      const q = listingQuery(params);
      const scans = await planOf(listingSql(q, planSearch(text, Boolean(q.filter_searchPart))!, null), true);
      expect(
        scans.filter((s) => s === 'Seq Scan on products'),
        scans.join(' > '),
      ).toEqual([]);
    }
  });

  it('category listings in every order, first and deep pages, without filters', async () => {
    const all = ((await database.db.execute(sql`select id from categories`)) as unknown as { rows: { id: number }[] }).rows.map(
      (r) => r.id,
    );
    for (const scope of [null, parent, leaf]) {
      for (const sort of ['default', 'name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'] as const) {
        for (const page of ['1', '20']) {
          const q = listingQuery({ ...(scope ? { filter_category: scope.slug } : {}), sort, page });
          const scans = await planOf(catalogueListingSql(q, scope, scope ? scope.ids : all), false);
          expect(
            scans.filter((s) => s === 'Seq Scan on products'),
            `${scope?.slug ?? 'all'} ${sort} page ${page}: ${scans.join(' > ')}`,
          ).toEqual([]);
        }
      }
    }
  });
});
