/**
 * One product change applied to the search index (SuggestionIndex.patch: its row read again, its card
 * when the index holds cards, the row updated in place) against building the whole index.
 *
 *   node --import tsx scripts/bench/index-patch.ts --dir data/bench-pglite-100000 [--write]
 *   node --import tsx scripts/bench/index-patch.ts --url postgres://…/qateh_bench_1000000 [--index listing]
 *
 * --index listing patches the listing index (listing-index.ts) instead of the suggestion index.
 *
 * Without --write nothing is written: each sample patches a product as it is (the same reads and the
 * same comparison; only the move in the ranking is missing). With --write (a database of your own)
 * each sample changes a product's stock from in stock to none, patches, and puts the stock back,
 * patching again. No migration is run on a PostgreSQL database (the shared bench database stays as it is).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { rowsOf } from '../../src/server/db/rows';
import { SuggestionIndex } from '../../src/server/services/search/suggestion-index';
import { ListingIndex } from '../../src/server/services/search/listing-index';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    url: { type: 'string' },
    write: { type: 'boolean', default: false },
    samples: { type: 'string', default: '40' },
    index: { type: 'string', default: 'suggestion' },
  },
});
if (!values.dir === !values.url) throw new Error('give --dir (PGlite) or --url (PostgreSQL)');
const samples = Number(values.samples);
const database = values.url ? await openDatabase({ url: values.url }) : await openDatabase({ dataDir: values.dir! });
if (database.kind === 'pglite') await migrate(database);
const db = database.db;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const t0 = performance.now();
const index = values.index === 'listing' ? await ListingIndex.build(db) : await SuggestionIndex.build(db);
const buildMs = performance.now() - t0;
console.log(`${values.index} index build: ${index.size} products in ${(buildMs / 1000).toFixed(1)} s`);

const ids = rowsOf<{ id: number; stock: number }>(
  await db.execute(sql`select id, stock from products where enable and deleted_at is null and stock > 0
    order by md5(id::text) limit ${samples}`),
);
const times: number[] = [];
for (const { id, stock } of ids) {
  if (values.write) await db.execute(sql`update products set stock = 0 where id = ${id}`);
  let t = performance.now();
  await index.patch(db, [id]);
  times.push(performance.now() - t);
  if (values.write) {
    await db.execute(sql`update products set stock = ${stock} where id = ${id}`);
    t = performance.now();
    await index.patch(db, [id]);
    times.push(performance.now() - t);
  }
}
console.log(
  `patch of one product (${times.length} samples${values.write ? ', stock to none and back' : ', unchanged'}): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
);
console.log(`a build costs ${Math.round(buildMs / pct(times, 50))} patches (p50)`);
await database.close();
