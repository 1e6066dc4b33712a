/**
 * `tsx scripts/bench/listing-index-size.ts <database url>`: builds the listing index (listing-index.ts)
 * over an existing database, read only, and prints its build time, its memory, the heap beside it, and the
 * time of in-memory listings over the largest categories, in every order, first and deep pages.
 */
import { sql } from 'drizzle-orm';
import { getProductQuerySchema } from '../../src/api/schemas/search';
import { SORTS } from '../../src/api/schemas/catalogue';
import { openDatabase } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { ListingIndex } from '../../src/server/services/search/listing-index';
import { ms, summarise } from './stats';

const url = process.argv[2];
if (!url) throw new Error('usage: listing-index-size.ts <database url>');
const database = await openDatabase({ url });
const db = database.db;
const heap0 = process.memoryUsage().heapUsed;
const t0 = performance.now();
const index = await ListingIndex.build(db);
const seconds = (performance.now() - t0) / 1000;
globalThis.gc?.();
const heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
console.log(
  `listing index: ${index.size} products in ${seconds.toFixed(1)} s, ${(index.memoryBytes() / 2 ** 20).toFixed(1)} MiB of arrays, heap +${heap.toFixed(0)} MiB`,
);
const categories = rowsOf<{ slug: string; items_count: number }>(
  await db.execute(sql`select slug, items_count from categories order by items_count desc limit 6`),
);
for (const { slug, items_count } of [{ slug: '', items_count: index.size }, ...categories]) {
  const scope = slug ? index.scopeOf(slug)! : null;
  const times: number[] = [];
  for (const sort of SORTS) {
    for (const params of [{ sort }, { sort, page: '40', limit: '24' }, { sort, filter_availability: 'in-stock' }]) {
      const q = getProductQuerySchema.parse(params);
      const t = performance.now();
      const row = index.listing(q, scope);
      if (scope && row.base_total <= 20_000) index.attributeFacets(scope, null, 12);
      times.push(performance.now() - t);
    }
  }
  const s = summarise(times);
  console.log(`${slug || '(all)'} (${items_count} products): p50 ${ms(s.p50)}, p95 ${ms(s.p95)} per listing in memory`);
}
await database.close();
