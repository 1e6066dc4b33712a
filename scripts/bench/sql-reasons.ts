/**
 * `tsx scripts/bench/sql-reasons.ts [--products 100000] [--db pglite|postgres] [--sql]`: why long-tail
 * searches reach SQL. Every distinct suggestion and search-page request of the long-tail generator
 * (long-tail-queries.ts) is read as the server reads it and sorted by what answers it:
 *  - strict: the suggestion index's strict matches (no statement);
 *  - fuzzy: none there, the first reading's fuzzy part-number matches (pg_trgm);
 *  - alternative: another reading (Persian words joined, keyboard layout) found something;
 *  - nothing: no reading found anything (every reading asked in turn).
 * With `--sql` the same requests are also asked of the SQL (suggestionSql, one statement per reading, as
 * suggest.ts did before answering these in memory): its time per class, and whether the in-memory answer
 * is the SQL's (ids, kinds, order, totals). Without it only the in-memory answer is timed.
 */
import { parseArgs } from 'node:util';
import type { MatchKind } from '../../src/api/schemas/catalogue';
import { rowsOf } from '../../src/server/db/rows';
import type { Db } from '../../src/server/db/client';
import { withIndexScans } from '../../src/server/services/search/match-sql';
import { alternativePlans, planSearch, type SearchPlan } from '../../src/server/services/search/plan';
import { suggestionSql } from '../../src/server/services/search/suggest';
import { SuggestionIndex } from '../../src/server/services/search/suggestion-index';
import { openBenchDatabase } from './database';
import { longTailRequests } from './long-tail-queries';
import { ms, summarise, table } from './stats';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'pglite' },
    sql: { type: 'boolean', default: false },
  },
});

type Reason = 'strict' | 'fuzzy' | 'alternative' | 'nothing';
interface Answer {
  total: number;
  items: { id: number; kind: MatchKind }[];
}

/** A request path as the server reads it: the plan and the dropdown's limits. */
function readRequest(path: string): { plan: SearchPlan | null; limit: number; take: number } {
  const q = new URL(path, 'http://x').searchParams;
  if (path.includes('/suggestion?')) {
    const text = q.get('filter_searchPart') ?? '';
    return { plan: text.trim().length >= 2 ? planSearch(text) : null, limit: Number(q.get('limit')), take: Number(q.get('take')) };
  }
  const text = q.get('filter_searchPart') || q.get('filter_part') || '';
  // The search page counts and ranks up to 1,000 per branch (listing.ts SEARCH_CANDIDATES).
  return { plan: planSearch(text, Boolean(q.get('filter_searchPart')) && !q.get('filter_part')), limit: 1000, take: 1000 };
}

async function sqlAnswer(db: Db, plan: SearchPlan, limit: number, take: number): Promise<Answer> {
  const row = rowsOf<{ total: number; items: Answer['items'] | null }>(
    await withIndexScans(db, (tx) => tx.execute(suggestionSql(plan, null, { limit, take }))),
  )[0]!;
  return { total: row.total, items: row.items ?? [] };
}

const bench = await openBenchDatabase(values.db as 'pglite' | 'postgres', Number(values.products), (s) => console.log(s));
const db = bench.database.db;
const lists = await longTailRequests(db);
let t = performance.now();
const index = await SuggestionIndex.build(db);
console.log(`suggestion index: ${index.size} products in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const perReason = new Map<string, { count: number; memory: number[]; sql: number[]; differ: number; capped: number; cpu: number }>();
const examples = new Map<string, string[]>();
for (const kind of ['suggestion', 'search'] as const) {
  for (const path of lists[kind]) {
    const { plan, limit, take } = readRequest(path);
    if (!plan) continue;
    const plans = [plan, ...alternativePlans(plan)];
    // In memory: each reading's strict matches, then its fuzzy ones (fuzzy only when none anywhere).
    t = performance.now();
    const cpu0 = process.cpuUsage();
    const found = index.answerReadings(plan, { limit, take }, null, 1000);
    const memory: Answer = found ? { total: found.total, items: found.items } : { total: 0, items: [] };
    const reason: Reason | 'left to SQL' = !found
      ? 'left to SQL'
      : found.total === 0
        ? 'nothing'
        : found.plan !== plan
          ? 'alternative'
          : found.items[0]?.kind === 'fuzzy'
            ? 'fuzzy'
            : 'strict';
    const memoryMs = performance.now() - t;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const key = `${kind} ${reason}`;
    const entry = perReason.get(key) ?? { count: 0, memory: [], sql: [], differ: 0, capped: 0, cpu: 0 };
    perReason.set(key, entry);
    entry.count++;
    entry.memory.push(memoryMs);
    entry.cpu += cpuMs;
    if (values.sql && reason !== 'strict') {
      // The SQL as suggest.ts asked it before: one statement per reading until one finds something.
      t = performance.now();
      let fromSql: Answer = { total: 0, items: [] };
      for (const p of plans) {
        fromSql = await sqlAnswer(db, p, limit, take);
        if (fromSql.total > 0) break;
      }
      entry.sql.push(performance.now() - t);
      // Past `candidates` fuzzy matches the SQL scores the first it reads (heap order), the index the
      // first by id: those answers may differ, and are counted apart.
      const capped = (index.matchReadings(plan, 1e7, 1e7, null)?.matches.length ?? 0) > 1000;
      if (capped) entry.capped++;
      else if (JSON.stringify(fromSql) !== JSON.stringify(memory)) {
        entry.differ++;
        const list = examples.get(key) ?? [];
        examples.set(key, list);
        if (list.length < 3)
          list.push(
            `${plan.raw}: sql ${fromSql.total} ${JSON.stringify(fromSql.items.slice(0, 4))} memory ${memory.total} ${JSON.stringify(memory.items.slice(0, 4))}`,
          );
      }
    }
    const ex = examples.get(`${key} e.g.`) ?? [];
    examples.set(`${key} e.g.`, ex);
    if (ex.length < 4) ex.push(plan.raw);
  }
}

const rows = [...perReason.entries()].map(([key, e]) => {
  const mem = summarise(e.memory);
  const sq = e.sql.length ? summarise(e.sql) : null;
  return [
    key,
    String(e.count),
    ms(mem.p50),
    ms(mem.p95),
    ms(Math.max(...e.memory)),
    ms(e.cpu / e.count),
    sq ? ms(sq.p50) : '—',
    sq ? ms(sq.p95) : '—',
    sq ? `${(e.sql.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s` : '—',
    values.sql ? String(e.differ) : '—',
    values.sql ? String(e.capped) : '—',
  ];
});
console.log('');
console.log(
  table(
    [
      'kind and reason',
      'requests',
      'memory p50',
      'memory p95',
      'memory max',
      'CPU mean',
      'SQL p50',
      'SQL p95',
      'SQL sum',
      'differ',
      'capped',
    ],
    rows,
  ),
);
for (const [key, list] of examples) console.log(`${key}: ${list.join(' | ')}`);
await bench.database.close();
