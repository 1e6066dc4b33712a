/**
 * `npm run catalogue:import -- path/categories.csv path/products.csv`
 * Imports a store's catalogue into the configured database (PGlite under DATA_DIR, or DATABASE_URL).
 * With the embedded PGlite the server must not be running at the same time: PGlite is one process's
 * database, and a second writer would corrupt it.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { CatalogueImportError, importCatalogue } from '../src/server/services/catalogue-import';
import { openConfiguredDatabase } from '../src/server/server';

async function main(): Promise<number> {
  const [categoriesPath, productsPath] = process.argv.slice(2).filter((a) => a !== '--');
  if (!categoriesPath || !productsPath) {
    console.error('Usage: npm run catalogue:import -- path/categories.csv path/products.csv');
    return 2;
  }
  const read = (path: string) => ({ name: basename(path), text: readFileSync(path, 'utf8') });
  const files = { categories: read(categoriesPath), products: read(productsPath) };

  const config = loadConfig();
  if (!config.DATABASE_URL) console.log(`Embedded database in ${config.DATA_DIR}/pglite — make sure the server is not running.`);
  const database = await openConfiguredDatabase(config);
  try {
    const t0 = performance.now();
    const report = await importCatalogue(database.db, files);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(`Imported in ${seconds}s (${database.kind}):`);
    console.log(
      `  categories: ${report.categories.created} created, ${report.categories.updated} updated, ${report.categories.unchanged} unchanged`,
    );
    console.log(
      `  products:   ${report.products.created} created, ${report.products.updated} updated, ${report.products.unchanged} unchanged`,
    );
    console.log(`  brands: ${report.brands}, attributes: ${report.attributes}`);
    return 0;
  } catch (err) {
    if (!(err instanceof CatalogueImportError)) throw err;
    for (const p of err.problems) console.error(`${p.file}:${p.line}: ${p.reason}`);
    console.error(`${err.problems.length} problem(s); nothing was imported.`);
    return 1;
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
