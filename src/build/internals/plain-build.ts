/**
 * QATEH_PLAIN_BUILD=1 builds with Astro as shipped: none of the Vite/Astro patches of this folder
 * (quick URL check, island tagging, browser-bundle replay). The pages must come out the same; only
 * the time differs. Page writes still go through sync-page-writes.ts, whose hooks are not only a
 * speed-up: they collect the CSP hashes of inline scripts and place product pages for parallel builds.
 */
export const isPlainBuild = (env: Record<string, string | undefined> = process.env): boolean => env.QATEH_PLAIN_BUILD === '1';
