import { describe, expect, it } from 'vitest';
import { fewestSharedToPass, fuzzyPasses, similarity, similarityOfCounts, trigramSet, wordSimilarity } from './trigram-similarity';

describe('fewestSharedToPass', () => {
  it('is the first shared count that passes with exact similarity and word_similarity at its bound, and every larger one passes', () => {
    for (let nq = 1; nq <= 40; nq++) {
      for (let nk = 0; nk <= 60; nk++) {
        const fewest = fewestSharedToPass(nq, nk, 0.3);
        for (let shared = 1; shared <= Math.min(nq, nk); shared++) {
          const passes = fuzzyPasses(similarityOfCounts(shared, nq, nk), Math.fround(shared / nq), 0.3);
          expect(passes, `nq ${nq} nk ${nk} shared ${shared}`).toBe(shared >= fewest);
        }
      }
    }
  });

  it.each([
    // [query trigrams, text trigrams, fewest]: short texts share too few; long ones need 0.45 of the query.
    [10, 10, 4],
    [10, 2, Number.POSITIVE_INFINITY],
    [10, 3, 3],
    [10, 40, 5],
    [10, 200, 5],
    [7, 7, 3],
  ])('a query of %i trigrams and a text of %i need %s shared', (nq, nk, fewest) => {
    expect(fewestSharedToPass(nq, nk, 0.3)).toBe(fewest);
  });

  it('never rules out a pair that pg_trgm’s rules pass', () => {
    const pairs: [string, string][] = [
      ['ATMGA328', 'ATMEGA328P'],
      ['LM358NN', 'LM358N'],
      ['STM32F013C8', 'STM32F103C8T6'],
      ['NRF24LO1', 'NRF24L01PLUSMODULEWITHANTENNA'],
      ['L78O5CV', 'L7805CV'],
    ];
    for (const [query, text] of pairs) {
      const q = trigramSet(query);
      const t = trigramSet(text);
      const shared = [...q].filter((g) => t.has(g)).length;
      const passes = fuzzyPasses(similarity(text, query), wordSimilarity(query, text), 0.3);
      if (passes) expect(shared, `${query} ~ ${text}`).toBeGreaterThanOrEqual(fewestSharedToPass(q.size, t.size, 0.3));
    }
  });
});
