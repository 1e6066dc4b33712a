import { describe, expect, it } from 'vitest';
import { fuzzyPasses, similarity, trigramSet, wordSimilarity } from './trigram-similarity';

// Values read from PostgreSQL 15's pg_trgm: select similarity(a, b)::float8, word_similarity(a, b)::float8.
const PG_TRGM: [string, string, number, number][] = [
  ['AMSL117', 'AMS1117', 0.4545454680919647, 0.4545454680919647],
  ['AMSL117', 'AMS11173V3', 0.2666666805744171, 0.375],
  ['word', 'two words', 0.3636363744735718, 0.800000011920929],
  ['lm358', 'LM358N/NOPB', 0.38461539149284363, 0.8333333134651184],
  ['ATMGA328', 'ATMEGA328PPU', 0.375, 0.5],
  ['STM32F13C8T6', 'STM32F103C8T6', 0.6875, 0.6875],
  ['STM32F103C8T6', 'STM32F103C8T6', 1, 1],
  ['Kabankala', 'Kabankala Baykal', 0.625, 1],
  ['Baykal', 'Kabankala Baykal', 0.4375, 1],
  ['', 'x', 0, 0],
  ['AB', 'ABABAB', 0.6000000238418579, 0.6666666865348816],
  ['7805', 'L7805CV', 0.1818181872367859, 0.4000000059604645],
  ['NE555', 'NE555P', 0.625, 0.8333333134651184],
  ['ATMEGA238', 'ATMEGA328PAU', 0.3529411852359772, 0.6000000238418579],
  ['RC1206FR071KL', 'RC1206FR0710KL', 0.7058823704719543, 0.7857142686843872],
];

describe('pg_trgm similarity and word_similarity', () => {
  it.each(PG_TRGM)('%s / %s → %d, %d', (a, b, sim, wordSim) => {
    expect(similarity(a, b)).toBe(sim);
    expect(similarity(b, a)).toBe(sim);
    expect(wordSimilarity(a, b)).toBe(wordSim);
  });

  it('makes the trigrams show_trgm lists: lower-cased words, two spaces before and one after', () => {
    expect([...trigramSet('LM-358 n')].sort()).toEqual(['  3', '  l', '  n', ' 35', ' lm', ' n ', '358', '58 ', 'lm '].sort());
    expect([...trigramSet('AB')].sort()).toEqual(['  a', ' ab', 'ab ']);
  });

  it('passes a fuzzy match as match-sql.ts does: % at 0.25 or <% at 0.45, and the greater score at least 0.3', () => {
    expect(fuzzyPasses(0.4545454680919647, 0.4545454680919647, 0.3)).toBe(true);
    // 0.27 clears % but not the floor; 0.4 clears the floor but neither operator.
    expect(fuzzyPasses(0.27, 0.29, 0.3)).toBe(false);
    expect(fuzzyPasses(0.2, 0.4, 0.3)).toBe(false);
    expect(fuzzyPasses(0.1818181872367859, 0.4545454680919647, 0.3)).toBe(true);
    // float4 0.45 is just under the double 0.45 PostgreSQL compares it with.
    expect(fuzzyPasses(0.2, Math.fround(0.45), 0.3)).toBe(false);
  });
});
