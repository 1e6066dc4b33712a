/**
 * Peak memory of this process and all its descendants (build workers, the Pagefind indexer),
 * sampled from /proc every 100 ms: the figure that must stay under the 4 GB budget.
 */
import { treePeakSampler } from '../../src/build/process-memory';

export function watchMemory(intervalMs = 100): { stop: () => number } {
  return treePeakSampler(() => true, intervalMs, true);
}
