// The storefront's own client directive (islands/ui/client-interaction.ts, registered in astro.config.mjs).
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
