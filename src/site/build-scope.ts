/**
 * Astro may import a page module once per process and reuse it for a later build (its bundles keep
 * the same content hashes), so anything a module keeps for one build must be dropped when the next
 * starts. Each build has its own QATEH_BUILD_ID (src/build/astro-render.ts).
 */

/** A check answering true the first time it is asked during each build, false after. */
export function newBuildCheck(): () => boolean {
  let seen: string | undefined;
  return () => {
    const current = process.env.QATEH_BUILD_ID ?? '';
    if (current === seen) return false;
    seen = current;
    return true;
  };
}
