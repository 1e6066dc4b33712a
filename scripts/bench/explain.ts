/** EXPLAIN ANALYZE of the hot statements on the bench database (BENCH_URL): where a search or listing spends its time. */
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { matchedSql } from '../../src/server/services/search/match-sql';
import { catalogueListingSql, listingSql } from '../../src/server/services/search/listing';
import { planSearch } from '../../src/server/services/search/plan';
import { getProductQuerySchema } from '../../src/api/schemas/search';

const client = new pg.Client({ connectionString: process.env.BENCH_URL });
await client.connect();
const dialect = new PgDialect();
const [what, text, extra] = process.argv.slice(2);
let q;
if (what === 'suggest') {
  const plan = planSearch(text!)!;
  q = sql`with m as materialized (${matchedSql(plan, ['stock', 'sales_count'], { perBranch: 150, candidates: 1000 })}) select count(*) from m`;
} else {
  const params = Object.fromEntries(new URLSearchParams(text));
  const gq = getProductQuerySchema.parse(params);
  const scopeRow = gq.filter_category
    ? (await client.query('select id, slug, path, depth from categories where slug = $1', [gq.filter_category])).rows[0]
    : null;
  const scope = scopeRow
    ? {
        ...scopeRow,
        ids: (await client.query('select id from categories where path like $1', [scopeRow.path + '%'])).rows.map((r) => r.id),
      }
    : null;
  const plan = planSearch(gq.filter_part ?? gq.filter_searchPart ?? '');
  q = plan
    ? listingSql(gq, plan, scope)
    : catalogueListingSql(gq, scope, scope ? scope.ids : (await client.query('select id from categories')).rows.map((r) => r.id));
}
const { sql: text2, params } = dialect.sqlToQuery(q);
if (process.env.NOSEQ) await client.query('set enable_seqscan = off; set jit = off');
for (let i = 0; i < 2; i++) {
  const r = await client.query(`explain (analyze, buffers${extra === 'short' ? ', costs off' : ''}) ${text2}`, params);
  if (i === 1) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
await client.end();
