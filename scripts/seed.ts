/**
 * `npm run seed`                       demo shop into the configured database (refuses if it has products)
 * `npm run seed -- --force`            empties catalogue and content tables first, then writes the demo
 * `npm run seed -- --products 100000`  demo shop plus N synthetic products (benchmarks)
 * With the embedded PGlite the server must not be running at the same time.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { productCount, seedDemo, seedSynthetic, wipeCatalogueAndContent } from '../src/server/seed';
import { openConfiguredDatabase } from '../src/server/server';

function parseArgs(argv: string[]): { force: boolean; products: number | null } | string {
  let force = false;
  let products: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    if (a === '--force') force = true;
    else if (a === '--products' || a.startsWith('--products=')) {
      const value = a.includes('=') ? a.split('=')[1] : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 5_000_000)
        return `--products needs a whole number between 1 and 5000000, got "${value ?? ''}"`;
      products = n;
    } else return `unknown option "${a}"`;
  }
  return { force, products };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(`${args}\nUsage: npm run seed [-- --force] [-- --products N]`);
    return 2;
  }
  const config = loadConfig();
  if (config.NODE_ENV === 'production') {
    console.error('NODE_ENV=production: a real shop gets no demo data (import the catalogue with `npm run catalogue:import`).');
    return 1;
  }
  if (!config.DATABASE_URL) console.log(`Embedded database in ${config.DATA_DIR}/pglite — make sure the server is not running.`);
  const database = await openConfiguredDatabase(config);
  try {
    const existing = await productCount(database.db);
    if (existing > 0 && !args.force) {
      console.log(
        `The shop already has ${existing} products; nothing was written. Use \`npm run seed -- --force\` to replace the catalogue and content.`,
      );
      return 1;
    }
    if (existing > 0) {
      await wipeCatalogueAndContent(database.db);
      console.log(`Removed ${existing} products with their categories, brands, content and menu.`);
    }
    let t0 = performance.now();
    const demo = await seedDemo(database.db);
    console.log(
      `Demo shop written: ${demo.products} products, pages, blog posts and menu (${((performance.now() - t0) / 1000).toFixed(1)}s, ${database.kind}).`,
    );
    if (args.products) {
      t0 = performance.now();
      await seedSynthetic(database.db, args.products);
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `Synthetic catalogue: ${args.products} products in ${seconds.toFixed(1)}s (${Math.round(args.products / seconds)} products/s, ${database.kind}).`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
