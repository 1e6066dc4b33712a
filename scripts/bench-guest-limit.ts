/**
 * What the guest-form limit costs: one atomic upsert per post (src/server/services/rate-counters.ts),
 * timed sequentially and with 50 at once on a fresh database (PGlite, or PostgreSQL with DATABASE_URL),
 * and how many of 200 parallel hits from one address a limit of 10 lets through.
 *   node --import tsx scripts/bench-guest-limit.ts
 */
import { performance } from 'node:perf_hooks';
import { countHit } from '../src/server/services/rate-counters';
import { freshDatabase } from '../tests/support/database';

const database = await freshDatabase();
const { db } = database;
const runs = 500;
let t0 = performance.now();
for (let i = 0; i < runs; i++) await countHit(db, 'bench', `10.0.${i % 250}.${i % 7}`, 600);
const sequential = (performance.now() - t0) / runs;

const latencies: number[] = [];
t0 = performance.now();
for (let round = 0; round < 10; round++) {
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const s = performance.now();
      await countHit(db, 'bench-parallel', `10.1.${round}.${i}`, 600);
      latencies.push(performance.now() - s);
    }),
  );
}
const parallelWall = performance.now() - t0;
latencies.sort((a, b) => a - b);

const hits = await Promise.all(Array.from({ length: 200 }, () => countHit(db, 'bench-one-address', '203.0.113.1', 600)));
const through = hits.filter((h) => h.hits <= 10).length;

console.log(`${database.kind}: sequential ${sequential.toFixed(2)} ms per upsert (${runs} runs)`);
console.log(
  `${database.kind}: 50 at once x10: p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(1)} ms, ${(500 / (parallelWall / 1000)).toFixed(0)} upserts/s`,
);
console.log(
  `${database.kind}: 200 parallel hits from one address, limit 10: ${through} let through, counts ${Math.min(...hits.map((h) => h.hits))}..${Math.max(...hits.map((h) => h.hits))}`,
);
await database.close();
