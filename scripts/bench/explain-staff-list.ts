/**
 * Plans of the console's product list queries (src/server/services/back-office/product-list.ts) on a
 * synthetic catalogue: each filter should be an index scan, never a sequential scan of products.
 *   node --import tsx scripts/bench/explain-staff-list.ts 10000    (DATABASE_URL=… for PostgreSQL)
 */
import { sql, type SQL } from 'drizzle-orm';
import { seedSynthetic } from '../../src/server/seed/synthetic';
import { freshDatabase } from '../../tests/support/database';

const count = Number(process.argv[2] ?? 10_000);
const database = await freshDatabase();
const { db } = database;
await seedSynthetic(db, count);
await db.execute(sql`ANALYZE`);
const rows = async (q: SQL) => (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
const [mid] = (await rows(sql`select id, category_id, brand_id from products order by id offset ${Math.floor(count / 2)} limit 1`))
  .rows as { id: number; category_id: number; brand_id: number }[];
const cols = sql`p.id, p.slug, p.part_number, p.price, p.stock, b.name, c.name_fa`;
const from = sql`products p left join brands b on b.id = p.brand_id join categories c on c.id = p.category_id`;
const cases: [string, SQL][] = [
  ['first page', sql`select ${cols} from ${from} order by p.id desc limit 26`],
  ['deep page (keyset)', sql`select ${cols} from ${from} where p.id < ${mid!.id} order by p.id desc limit 26`],
  ['category', sql`select ${cols} from ${from} where p.category_id in (${mid!.category_id}) order by p.id desc limit 26`],
  ['brand', sql`select ${cols} from ${from} where p.brand_id = ${mid!.brand_id} order by p.id desc limit 26`],
  [
    'part-number prefix or words',
    sql`select ${cols} from ${from} where (p.pn_key like 'LM3%' or p.search_vector @@ to_tsquery('simple', 'lm3:*')) order by p.id desc limit 26`,
  ],
];
for (const [name, q] of cases) {
  const plan = (await rows(sql`explain analyze ${q}`)).rows.map((r) => Object.values(r)[0] as string);
  const seq = plan.some((l) => /Seq Scan on products/.test(l));
  console.log(`${database.kind} ${count}: ${name}: ${seq ? 'SEQ SCAN' : 'index'}; ${plan.find((l) => /Execution Time/.test(l))?.trim()}`);
  for (const l of plan.filter((x) => /Scan|Sort|Limit/.test(x)).slice(0, 4)) console.log(`    ${l.trim()}`);
}
await database.close();
