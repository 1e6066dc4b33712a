import { sql, type SQL } from 'drizzle-orm';
import { indexScanDbOf, type Db } from '../../db/client';
import { equivalentsOf } from '../../../lib/search-synonyms';
import { FUZZY_MIN_SCORE } from './fuzzy-match';
import { MIN_FAMILY_KEY, MIN_FUZZY_KEY, type SearchPlan } from './plan';

/** A tsquery that wants every token, or one of its equivalents, as a word prefix: ('a':* | 'b':*) & 'c':*. */
export function prefixQuery(tokens: string[]): string {
  const lexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;
  return tokens
    .map((t) => {
      const words = equivalentsOf(t).map(lexeme);
      return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * Relevance of a text match, about 0..1: for each query word, 1 when it (or an equivalent) opens one of the
 * product's names (head_vector), 0.7 when it is elsewhere in what names the product (name_vector: part
 * number and names), 0.3 when only in what describes it (brand,
 * category, attributes) — so a crystal named "16 MHz crystal" outranks an oscillator that merely sits in
 * the crystals category. A tsvector prefix test is a binary search over sorted words: cheap on every row,
 * unlike substring search in multibyte text.
 */
function textScore(tokens: string[]): SQL {
  const perToken = tokens.map((t) => {
    const q = prefixQuery([t]);
    return sql`(case when head_vector @@ ${q}::tsquery then 1.0 when name_vector @@ ${q}::tsquery then 0.7 else 0.3 end)`;
  });
  return sql`((${sql.join(perToken, sql` + `)}) / ${tokens.length})::real`;
}

/** Escapes LIKE wildcards in user text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

const MIN_INFIX_KEY = 4;

/** How much of each match branch a caller wants, and which products it may see. */
export interface MatchLimits {
  /** Rows each branch hands on at most, its best first (rank, score, in stock, sales, id). */
  perBranch: number;
  /**
   * Rows a branch without a fitting index order (text, infix, fuzzy) reads before ranking: relevance is
   * computed over this capped candidate set, never over every product that shares a word.
   */
  candidates: number;
  /** Only products in these categories (a category and its subtree). */
  categoryIds?: number[];
}

const DEFAULT_LIMITS: MatchLimits = { perBranch: 1000, candidates: 1000 };

/**
 * SQL selecting (id, rank, kind, score, full, ...carry) for the visible products matching the plan, best
 * reading per id. rank: 0 exact part number, 1 same family (the typed key is a prefix), 2 text match, 3 fuzzy.
 * Fuzzy part-number matches are looked for only when nothing else matched: a typo is the likely reason.
 * Each branch is served by an index and stops early: its top `perBranch` rows in the final order, so the best
 * rows of the union are the best rows of all matches; `overflow` is true on the rows of a branch that had more
 * (the caller's counts are then lower bounds). pn_key btree (=, prefix; partial over visible products, with
 * what ordering needs), trigram GIN, search_vector GIN.
 */
export function matchedSql(plan: SearchPlan, carry: readonly string[] = [], limits: MatchLimits = DEFAULT_LIMITS): SQL {
  const { key } = plan;
  const { perBranch, candidates } = limits;
  const visible = limits.categoryIds
    ? sql`enable and deleted_at is null and category_id = any(${`{${limits.categoryIds.join(',')}}`}::int[])`
    : sql`enable and deleted_at is null`;
  // One branch: its rows in the final order, cut at perBranch; `capped` also cuts what it reads first.
  const branch = (rank: number, kind: string, score: SQL, where: SQL, capped: boolean) => {
    const read = capped
      ? sql`(select id, stock, sales_count, head_vector, name_vector, pn_key from products where ${where} and ${visible} limit ${candidates})`
      : sql`(select id, stock, sales_count, pn_key from products where ${where} and ${visible})`;
    const overflow = capped
      ? sql`(count(*) over () > ${perBranch} or count(*) over () >= ${candidates})`
      : sql`(count(*) over () > ${perBranch})`;
    return sql`(select id, ${sql.raw(String(rank))} as rank, ${sql.raw(`'${kind}'`)}::text as kind, score, ${overflow} as overflow
      from (select id, stock, sales_count, ${score} as score from ${read} r) s
      order by score desc, (stock > 0) desc, sales_count desc, id limit ${perBranch})`;
  };
  const branches: SQL[] = [];
  // What each strict branch matches, also asked once more without the category scope (below).
  const matches: SQL[] = [];
  const add = (rank: number, kind: string, score: SQL, where: SQL, capped: boolean) => {
    matches.push(where);
    branches.push(branch(rank, kind, score, where, capped));
  };
  if (key.length >= 1) add(0, 'exact', sql`1.0::real`, sql`pn_key = ${key}`, false);
  if (key.length >= MIN_FAMILY_KEY) {
    add(
      1,
      'family',
      sql`(${key.length}::real / length(pn_key))::real`,
      sql`pn_key like ${likeEscape(key) + '%'} and pn_key <> ${key}`,
      false,
    );
  }
  // Makers put their own letters in front of a shared core ("7805" → L7805CV, MC7805CTG, LM7805CT):
  // a key with digits found inside a part number is the same family, ranked below true prefixes.
  if (key.length >= MIN_INFIX_KEY && /\d/.test(key)) {
    add(
      1,
      'family',
      sql`(0.8 * ${key.length}::real / length(pn_key))::real`,
      sql`pn_key like ${'%' + likeEscape(key) + '%'} and pn_key not like ${likeEscape(key) + '%'}`,
      true,
    );
  }
  if (!plan.partOnly) {
    // Every query word (or one of its equivalents) must start a word of the product: prefix lexemes
    // over the GIN-indexed search_vector.
    add(2, 'text', textScore(plan.tokens), sql`search_vector @@ ${prefixQuery(plan.tokens)}::tsquery`, true);
  }
  // A part-number-only search for Persian words has nothing to look up: an empty set, still valid SQL.
  if (!branches.length)
    branches.push(sql`select 0 as id, 0 as rank, 'exact'::text as kind, 0::real as score, false as overflow where false`);
  const strict = sql.join(branches, sql` union all `);
  const fuzzyScore = sql`greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key))::real`;
  // A typo is the likely reason only when the query matched nothing anywhere: inside a category, strict
  // matches elsewhere in the catalogue also mean "not a typo" (a part simply not in this category).
  const strictAnywhere =
    limits.categoryIds && matches.length
      ? sql`exists (select 1 from products where (${sql.join(
          matches.map((m) => sql`(${m})`),
          sql` or `,
        )}) and enable and deleted_at is null)`
      : sql`false`;
  const fuzzy =
    key.length >= MIN_FUZZY_KEY
      ? sql` union all ${branch(
          3,
          'fuzzy',
          fuzzyScore,
          sql`(pn_key % ${key} or ${key} <% pn_key) and not exists (select 1 from strict) and not ${strictAnywhere}
        and greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key)) >= ${FUZZY_MIN_SCORE}`,
          true,
        )}`
      : sql``;
  const carried = carry.length ? sql.raw(', ' + carry.map((c) => `p."${c}"`).join(', ')) : sql``;
  // Columns the caller needs are read for the few rows left, by primary key.
  return sql`with strict as materialized (${strict}),
    anyhit as (select * from strict ${fuzzy}),
    best as (select distinct on (id) * from anyhit order by id, rank, score desc)
    select best.id, best.rank, best.kind, best.score, best.overflow ${carried} from best join products p on p.id = best.id`;
}

/**
 * Runs a search statement with sequential scans priced out. A text branch reads its capped candidates
 * through the GIN index in a few milliseconds; told that a thousand of thirteen thousand matches are
 * found within the first pages, the planner would rather scan the table and test every row's words —
 * many times slower, and slower still as the catalogue grows.
 */
export function withIndexScans<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  // PostgreSQL: the search pool's sessions are set so (db/client.ts). PGlite (in process, no round trips):
  // a transaction with the settings local to it.
  const searchDb = indexScanDbOf(db);
  if (searchDb) return run(searchDb);
  return db.transaction(async (tx) => {
    // Pricing a plan node out adds a huge constant to its cost, which would make PostgreSQL compile the
    // statement to machine code (JIT, seconds) for a query of milliseconds: JIT off with it.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return run(tx as unknown as Db);
  });
}
