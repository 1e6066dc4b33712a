/**
 * Each BOM line against the catalogue, with the catalogue's own search (exact part number, same family,
 * text, fuzzy): the best product and a few alternatives, and how sure the match is.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matchedSql } from '../search/match-sql';
import { planSearch } from '../search/plan';
import { yieldToEventLoop } from './yield';

export type MatchStatus = 'exact' | 'family' | 'fuzzy' | 'unmatched';

export interface LineMatch {
  status: MatchStatus;
  /** 0..1: 1 for the exact part number, lower the less of the part number agrees. */
  confidence: number;
  productId: number | null;
  /** Other products the customer may pick instead, best first (the chosen one excluded). */
  alternatives: number[];
}

const ALTERNATIVES = 5;
const UNMATCHED: LineMatch = { status: 'unmatched', confidence: 0, productId: null, alternatives: [] };

interface Hit { id: number; kind: 'exact' | 'family' | 'text' | 'fuzzy'; score: number }

/**
 * How sure: exact 1; same family 0.6–0.95 by how much of the catalogue's part number the file's covers;
 * a typo (trigram) its similarity; a text match (a value such as "10k 0805") at most 0.5.
 */
function confidenceOf(hit: Hit): number {
  const s = Math.max(0, Math.min(1, hit.score));
  const c = hit.kind === 'exact' ? 1 : hit.kind === 'family' ? 0.6 + 0.35 * s : hit.kind === 'fuzzy' ? Math.min(0.59, s) : 0.5 * s;
  return Math.round(c * 100) / 100;
}

async function matchOne(db: Db, query: string): Promise<LineMatch> {
  const plan = planSearch(query);
  if (!plan) return UNMATCHED;
  const result = await db.execute(sql`
    select m.id, m.kind, m.score
    from (${matchedSql(plan, ['stock', 'sales_count', 'enable', 'deleted_at'])}) m
    where m.enable and m.deleted_at is null
    -- Within exact and family readings a part that can be bought now comes first; a typo is ranked by likeness.
    order by m.rank, (m.kind in ('exact', 'family') and m.stock > 0) desc, m.score desc, (m.stock > 0) desc, m.sales_count desc, m.id
    limit ${ALTERNATIVES + 1}`);
  const hits = (result as unknown as { rows: Hit[] }).rows.map((r) => ({ ...r, id: Number(r.id), score: Number(r.score) }));
  const best = hits[0];
  if (!best) return UNMATCHED;
  return {
    status: best.kind === 'text' ? 'fuzzy' : best.kind,
    confidence: confidenceOf(best),
    productId: best.id,
    alternatives: hits.slice(1).map((h) => h.id),
  };
}

/** Matches every distinct query once (BOMs repeat parts), one statement each, in turn. */
export async function matchQueries(db: Db, queries: string[]): Promise<Map<string, LineMatch>> {
  const out = new Map<string, LineMatch>();
  for (const q of queries) {
    const key = q.trim().toUpperCase();
    if (out.has(key)) continue;
    out.set(key, await matchOne(db, q));
    await yieldToEventLoop();
  }
  return out;
}

export const matchKey = (query: string) => query.trim().toUpperCase();
