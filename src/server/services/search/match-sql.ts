import { sql, type SQL } from 'drizzle-orm';
import { equivalentsOf } from '../../../lib/search-synonyms';
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

// Below this a fuzzy part-number match is more noise than help (pg_trgm similarity, 0..1).
const FUZZY_MIN_SCORE = 0.3;
const MIN_INFIX_KEY = 4;

/**
 * SQL selecting (id, rank, kind, score) for every product matching the plan, best reading per id.
 * rank: 0 exact part number, 1 same family (the typed key is a prefix), 2 text match, 3 fuzzy.
 * Fuzzy part-number matches are looked for only when nothing else matched: a typo is the likely reason.
 * Every branch is served by an index: pn_key btree (=, prefix) and trigram GIN, search_vector GIN.
 */
export function matchedSql(plan: SearchPlan, carry: readonly string[] = []): SQL {
  const branches: SQL[] = [];
  const { key } = plan;
  // Columns the caller needs are read in the same pass, so the result never has to be joined back.
  const cols = sql.raw(['id', ...carry].map((c) => `"${c}"`).join(', '));
  if (key.length >= 1) {
    branches.push(sql`select ${cols}, 0 as rank, 'exact' as kind, 1.0::real as score from products where pn_key = ${key}`);
  }
  if (key.length >= MIN_FAMILY_KEY) {
    branches.push(sql`select ${cols}, 1 as rank, 'family' as kind, (${key.length}::real / length(pn_key))::real as score from products
      where pn_key like ${likeEscape(key) + '%'} and pn_key <> ${key}`);
  }
  // Makers put their own letters in front of a shared core ("7805" → L7805CV, MC7805CTG, LM7805CT):
  // a key with digits found inside a part number is the same family, ranked below true prefixes.
  if (key.length >= MIN_INFIX_KEY && /\d/.test(key)) {
    branches.push(sql`select ${cols}, 1 as rank, 'family' as kind, (0.8 * ${key.length}::real / length(pn_key))::real as score from products
      where pn_key like ${'%' + likeEscape(key) + '%'} and pn_key not like ${likeEscape(key) + '%'}`);
  }
  if (!plan.partOnly) {
    // Every query word (or one of its equivalents) must start a word of the product: prefix lexemes
    // over the GIN-indexed search_vector.
    branches.push(sql`select ${cols}, 2 as rank, 'text' as kind, ${textScore(plan.tokens)} as score
      from products where search_vector @@ ${prefixQuery(plan.tokens)}::tsquery`);
  }
  // A part-number-only search for Persian words has nothing to look up: an empty set, still valid SQL.
  if (!branches.length) branches.push(sql`select ${cols}, 0 as rank, 'exact' as kind, 0::real as score from products where false`);
  const strict = sql.join(branches, sql` union all `);
  const fuzzy = key.length >= MIN_FUZZY_KEY
    ? sql` union all select ${cols}, 3, 'fuzzy', greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key))::real
        from products where (pn_key % ${key} or ${key} <% pn_key) and not exists (select 1 from strict)
        and greatest(similarity(pn_key, ${key}), word_similarity(${key}, pn_key)) >= ${FUZZY_MIN_SCORE}`
    : sql``;
  return sql`with strict as materialized (${strict}),
    anyhit as (select * from strict ${fuzzy})
    select distinct on (id) * from anyhit order by id, rank, score desc`;
}
