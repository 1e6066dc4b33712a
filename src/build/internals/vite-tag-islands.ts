/**
 * A Vite plugin for the server-side build: marks every island component (the default export of a
 * file under src/site/islands/) as a React component the way Astro's renderer lookup reads it
 * (the `astro:renderer` symbol). Without the mark Astro asks each renderer whether it can render the
 * component by rendering it once on trial, so every island on every page was rendered twice — at
 * 100k products, 800k needless React renders. A file whose default export is not a plain function
 * declaration is left alone and simply takes the slower lookup.
 */
import type { Plugin } from 'vite';

const ISLAND_FILE = /\/src\/site\/islands\/.+\.tsx$/;
const DEFAULT_FUNCTION = /^export default function (\w+)\s*\(/m;

export function tagIslandRenderer(): Plugin {
  return {
    name: 'qateh:tag-island-renderer',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr || !ISLAND_FILE.test(id.split('?')[0]!)) return null;
      const name = DEFAULT_FUNCTION.exec(code)?.[1];
      if (!name) return null;
      return {
        code: `${code}\n;(${name} as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';\n`,
        map: null,
      };
    },
  };
}
