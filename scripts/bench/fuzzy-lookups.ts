/**
 * `tsx scripts/bench/fuzzy-lookups.ts [--products 1000000] [--db postgres] [--save file] [--compare file]`:
 * the cost of the typos the long tail types (long-tail-queries.ts). Every distinct suggestion and
 * search-page request whose first reading has no strict match is answered by the suggestion index's
 * fuzzy branch (matchAll, the search page's 1,000 per branch); each is timed (wall and this thread's CPU)
 * and, with `--save`, its answer (rows, scores, overflow) written out so that a later run of changed code
 * can check with `--compare` that no answer moved. Also the index's fuzzy postings and memory.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MIN_FUZZY_KEY, planSearch, type SearchPlan } from '../../src/server/services/search/plan';
import { SuggestionIndex } from '../../src/server/services/search/suggestion-index';
import { openBenchDatabase } from './database';
import { longTailRequests } from './long-tail-queries';
import { ms, summarise } from './stats';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'postgres' },
    save: { type: 'string' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});

const bench = await openBenchDatabase(values.db as 'pglite' | 'postgres', Number(values.products), (s) => console.log(s));
const db = bench.database.db;
const lists = await longTailRequests(db);
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
let t = performance.now();
const index = await SuggestionIndex.build(db);
const buildSeconds = (performance.now() - t) / 1000;
global.gc?.();
const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
console.log(
  `suggestion index: ${index.size} products in ${buildSeconds.toFixed(1)} s; heap + array buffers grew ${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MB`,
);

// The typed texts whose first reading has no strict match: those the fuzzy branch answers.
const typos = new Map<string, SearchPlan>();
for (const path of [...lists.suggestion, ...lists.search]) {
  const q = new URL(path, 'http://x').searchParams;
  const text = q.get('filter_searchPart') || q.get('filter_part') || '';
  if (text.trim().length < 2) continue;
  const plan = planSearch(text);
  if (!plan || plan.key.length < MIN_FUZZY_KEY || typos.has(plan.key)) continue;
  if (index.match(plan, 1, 1, null).length) continue;
  typos.set(plan.key, plan);
}
console.log(`${typos.size} distinct typed keys with no strict match`);

const answers: Record<string, unknown> = {};
const wall: number[] = [];
const cpu: number[] = [];
let leftToSql = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [key, plan] of typos) {
    t = performance.now();
    const c0 = process.cpuUsage();
    const found = index.matchAll(plan, 1000, 1000, null);
    const c = process.cpuUsage(c0);
    // The first round warms the code up; the others are measured.
    if (round > 0) {
      wall.push(performance.now() - t);
      cpu.push((c.user + c.system) / 1000);
    } else {
      if (!found) leftToSql++;
      answers[key] = found?.map((m) => [m.row, m.score, m.overflow]) ?? null;
    }
  }
}
const w = summarise(wall);
const meanCpu = cpu.reduce((a, b) => a + b, 0) / cpu.length;
console.log(
  `fuzzy lookups (${wall.length}): p50 ${ms(w.p50)}, p95 ${ms(w.p95)}, p99 ${ms(w.p99)}, max ${ms(w.max)}; CPU mean ${ms(meanCpu)}; left to SQL ${leftToSql}`,
);
if (values.save) writeFileSync(values.save, JSON.stringify(answers));
if (values.compare) {
  const before = JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, unknown>;
  const differ = Object.keys(before).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(answers[k]));
  console.log(
    `compared with ${values.compare}: ${differ.length} of ${Object.keys(before).length} answers differ ${differ.slice(0, 5).join(' ')}`,
  );
}
await bench.database.close();
