/**
 * `tsx scripts/bench/index-build-stalls.ts [--index listing|suggestion] [--products 1000000] [--db postgres]`:
 * how long an in-memory index's build holds the server's thread. The build runs as at start, beside a
 * timer that asks for the thread every 5 ms (what a request waiting would see): the build's total time,
 * the longest wait of that timer and the event loop's delay percentiles (perf_hooks.monitorEventLoopDelay)
 * over the build.
 */
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ListingIndex } from '../../src/server/services/search/listing-index';
import { SuggestionIndex } from '../../src/server/services/search/suggestion-index';
import { openBenchDatabase } from './database';

const { values } = parseArgs({
  options: {
    index: { type: 'string', default: 'listing' },
    products: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'postgres' },
  },
});

const bench = await openBenchDatabase(values.db as 'pglite' | 'postgres', Number(values.products), (s) => console.log(s));
const db = bench.database.db;
const TICK_MS = 5;
const t0 = performance.now();
/** Each wait of the timer: its wall time past the tick, and the process's CPU time meanwhile (a wait with
 * little CPU is the machine's load, not this thread's work). */
const gaps: { wait: number; cpu: number; at: number }[] = [];
let last = performance.now();
let lastCpu = process.cpuUsage();
const timer = setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  gaps.push({ wait: now - last - TICK_MS, cpu: (cpu.user + cpu.system) / 1000, at: now - t0 });
  last = now;
  lastCpu = process.cpuUsage();
}, TICK_MS);
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const built = values.index === 'listing' ? await ListingIndex.build(db) : await SuggestionIndex.build(db);
const seconds = (performance.now() - t0) / 1000;
delay.disable();
clearInterval(timer);
gaps.sort((a, b) => b.wait - a.wait);
const over = (ms: number) => gaps.filter((g) => g.wait > ms).length;
const busy = gaps.filter((g) => g.cpu >= 0.8 * (g.wait + TICK_MS)).sort((a, b) => b.wait - a.wait);
const show = (list: typeof gaps) =>
  list.slice(0, 5).map((g) => `${g.wait.toFixed(0)} ms (CPU ${g.cpu.toFixed(0)} ms, at ${(g.at / 1000).toFixed(1)} s)`);
console.log(`${values.index} index: ${built.size} products in ${seconds.toFixed(1)} s`);
console.log(`  longest waits of a 5 ms timer: ${show(gaps).join(', ')}`);
console.log(`  longest waits with this process busy (CPU >= 80% of the wait): ${show(busy).join(', ')}`);
console.log(
  `  waits over 50 ms ${over(50)}, over 100 ms ${over(100)}; event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(
    delay.percentile(99) / 1e6
  ).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`,
);
await bench.database.close();
