/**
 * Astro may import a page module once per process and reuse it for a later build (its bundles keep
 * the same content hashes), so anything a module keeps for one build must be dropped when the next
 * starts. Each build hands the pages an id of its own (src/site/build-input.ts).
 */
import { currentBuildId } from './build-input';

/** A check answering true the first time it is asked during each build, false after. */
export function newBuildCheck(): () => boolean {
  let seen: string | undefined;
  return () => {
    const current = currentBuildId();
    if (current === seen) return false;
    seen = current;
    return true;
  };
}
