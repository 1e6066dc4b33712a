// Astro builds the storefront as static HTML from the backend's data (scripts/build-site.ts starts the
// API and hands the pages its address, src/site/build-input.ts). Pages live in src/site/pages; every page
// exists in Persian (no prefix, the default), English (/en) and Russian (/ru, English texts for now).
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { tagIslandRenderer } from './src/build/internals/vite-tag-islands';
import { quickUrlCheck } from './src/build/internals/vite-quick-url-check';
import { clientBundleReplay } from './src/build/internals/vite-client-replay';
import { isPlainBuild } from './src/build/internals/plain-build';
import { DEFAULT_LOCALE, LOCALES } from './src/lib/locales';
import { belongsInSitemap } from './src/site/robots';

// Astro as shipped, without our patches of its internals (src/build/internals/index.ts).
const plain = isPlainBuild();
const site = (process.env.PUBLIC_BASE_URL || 'http://localhost:4321').replace(/\/+$/, '');

export default defineConfig({
  site,
  output: 'static',
  srcDir: './src/site',
  publicDir: './public',
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'never',
  // A page whose source is not an index (`[slug].astro`, `about-us.astro`) is written as `<name>.html`
  // beside its siblings, not as `<name>/index.html`: a folder per page cost a directory creation per
  // page, tens of seconds over the 300k pages of a 100k-product build. URLs stay without the suffix
  // (our server, like any static host set to try `$uri.html`, finds the file).
  // Eight pages render at once: a page waiting on the backend (a chunk of the bulk export) no longer
  // holds up the others, and the build uses ~10% less CPU (10k products, interleaved runs: 35.9–37.4 s
  // against 40.3–41.1 s). The pages come out byte-identical to one at a time.
  // Stylesheets go into each page (`inlineStylesheets: 'always'`): on a first visit a linked stylesheet
  // cost a connection and a round trip before anything could be painted (Lighthouse mobile: first paint
  // 2.0 s on the product page). A page carries only the CSS of what it renders (product page ≈ 40 KB,
  // ≈ 9 KB gzipped); pages are served compressed.
  build: { format: 'preserve', concurrency: 8, inlineStylesheets: 'always' },
  // Our own server answers 404s; Astro's dev toolbar and telemetry add nothing to a shop build.
  devToolbar: { enabled: false },
  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: [...LOCALES],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
    fallback: { ru: 'en' },
  },
  integrations: [
    // Islands render to a string in one call: React's streaming renderer costs several times more per
    // island, and a static build has no response to stream into.
    react({ experimentalDisableStreaming: true }),
    sitemap({
      i18n: { defaultLocale: 'fa', locales: { fa: 'fa-IR', en: 'en', ru: 'ru' } },
      // Private pages and error pages are not content (src/site/robots.ts). Product pages are written
      // into the sitemap by the build itself (src/build/sitemap-patch.ts): the integration pairs
      // languages by comparing every page with every other, which alone would take minutes at 100k products.
      filter: (page) => belongsInSitemap(page) && !/\/shop\/products\//.test(page),
    }),
    // `client:interaction` (src/site/islands/ui/client-interaction.ts): hydrate when the shopper reaches for the island.
    {
      name: 'qateh:client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('./src/site/islands/ui/client-interaction.ts', import.meta.url)),
          }),
      },
    },
    // A partial rebuild reuses the last build's browser bundle instead of making it again.
    ...(plain ? [] : [clientBundleReplay()]),
  ],
  vite: {
    logLevel: 'warn',
    plugins: plain ? [] : [tagIslandRenderer(), quickUrlCheck()],
    // The ~/ alias of tsconfig.json and vitest.config.ts. (Modules this config file itself imports are
    // loaded before it applies: they keep relative paths.)
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});
