/** Demo and synthetic data for the shop; see scripts/seed.ts. */
export { productCount, seedDemo, seedDemoIfEmpty, wipeCatalogueAndContent } from './demo';
export { seedSynthetic } from './synthetic';
