import { sql, type SQL } from 'drizzle-orm';
import { equivalentsOf } from '../../../lib/search-synonyms';
import { MIN_FAMILY_KEY, MIN_FUZZY_KEY, type SearchPlan } from './plan';

/** Escapes LIKE wildcards in user text. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

// Below this a fuzzy part-number match is more noise than help (pg_trgm similarity, 0..1).
const FUZZY_MIN_SCORE = 0.3;
const MIN_INFIX_KEY = 4;

/**
 * SQL selecting (id, rank, kind, score) for every product matching the plan, best reading per id.
 * rank: 0 exact part number, 1 same family (the typed key is a prefix), 2 text match, 3 fuzzy.
 * Fuzzy part-number matches are looked for only when nothing else matched: a typo is the likely reason.
 * Every branch is served by an index: pn_key btree (=, prefix), pn_key and search_text trigram GIN.
 */
export function matchedSql(plan: SearchPlan): SQL {
  const branches: SQL[] = [];
  const { key } = plan;
  if (key.length >= 1) {
    branches.push(sql`select id, 0 as rank, 'exact' as kind, 1.0::real as score from products where pn_key = ${key}`);
  }
  if (key.length >= MIN_FAMILY_KEY) {
    branches.push(sql`select id, 1 as rank, 'family' as kind, (${key.length}::real / length(pn_key))::real as score from products
      where pn_key like ${likeEscape(key) + '%'} and pn_key <> ${key}`);
  }
  // Makers put their own letters in front of a shared core ("7805" → L7805CV, MC7805CTG, LM7805CT):
  // a key with digits found inside a part number is the same family, ranked below true prefixes.
  if (key.length >= MIN_INFIX_KEY && /\d/.test(key)) {
    branches.push(sql`select id, 1 as rank, 'family' as kind, (0.8 * ${key.length}::real / length(pn_key))::real as score from products
      where pn_key like ${'%' + likeEscape(key) + '%'} and pn_key not like ${likeEscape(key) + '%'}`);
  }
  if (!plan.partOnly) {
    const conditions = plan.tokens.map((t) => {
      const alternatives = equivalentsOf(t).map((w) => sql`search_text like ${'% ' + likeEscape(w) + '%'}`);
      return alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
    });
    branches.push(sql`select id, 2 as rank, 'text' as kind, word_similarity(${plan.folded}, search_text)::real as score from products
      where ${sql.join(conditions, sql` and `)}`);
  }
  // A part-number-only search for Persian words has nothing to look up: an empty set, still valid SQL.
  if (!branches.length) branches.push(sql`select null::int as id, 0 as rank, 'exact' as kind, 0::real as score where false`);
  const strict = sql.join(branches, sql` union all `);
  const fuzzy = key.length >= MIN_FUZZY_KEY
    ? sql` union all select id, 3, 'fuzzy', greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key))::real
        from products where (pn_key % ${key} or ${key} <% pn_key) and not exists (select 1 from strict)
        and greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key)) >= ${FUZZY_MIN_SCORE}`
    : sql``;
  return sql`with strict as materialized (${strict}),
    anyhit as (select * from strict ${fuzzy})
    select distinct on (id) id, rank, kind, score from anyhit order by id, rank, score desc`;
}
