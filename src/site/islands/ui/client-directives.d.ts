// The storefront's own client directive (islands/ui/client-interaction.ts, registered in astro.config.mjs).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    // "query": also at once when the page's address carries a query (client-interaction.ts).
    'client:interaction'?: boolean | 'query';
  }
}
