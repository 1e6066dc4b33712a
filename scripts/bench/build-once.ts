/**
 * One measured build for bench:build, run in its own process so each size's peak memory is its own:
 * a full build of the N-product bench shop into a temporary folder, then one product's price changed
 * through the database and an incremental rebuild. Prints one JSON line.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rebuildSite } from '../../src/build/rebuild';
import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import { watchMemory } from './memory-watch';
import { openSiteBenchDatabase } from './site-database';

function countPages(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) n += countPages(full);
    else if (name.endsWith('.html')) n++;
  }
  return n;
}

async function main() {
  const products = Number(process.argv[2]);
  const keep = process.argv.includes('--keep');
  const database = await openSiteBenchDatabase(products, (s) => console.error(s));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
  const outDir = mkdtempSync(join(tmpdir(), `qateh-bench-site-${products}-`));
  try {
    const memory = watchMemory();
    const built = await buildSite(config, database, { outDir, logLevel: 'error' });
    const peakMb = memory.stop();
    const pages = countPages(outDir);

    const changed = await database.db.execute(sql`UPDATE products SET price = price + 10000, updated_at = now()
      WHERE id = (SELECT id FROM products WHERE enable AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET ${Math.floor(products / 2)}) RETURNING slug`);
    const slug = (changed as unknown as { rows: { slug: string }[] }).rows[0]!.slug;
    const rebuildMemory = watchMemory();
    const rebuilt = await rebuildSite(config, database, outDir, { logLevel: 'error' });
    const rebuildPeakMb = rebuildMemory.stop();
    // Put the price back so the reused bench shop stays the same catalogue run after run.
    await database.db.execute(sql`UPDATE products SET price = price - 10000, updated_at = now() WHERE slug = ${slug}`);
    console.log(
      JSON.stringify({
        products,
        pages,
        seconds: built.seconds,
        renderSeconds: built.renderSeconds,
        searchSeconds: built.search?.seconds ?? null,
        searchPages: built.search?.pages ?? null,
        searchParts: built.search?.parts ?? null,
        searchPeakMb: built.search?.indexerPeakMb ?? null,
        russianFromEnglish: built.russianFromEnglish,
        peakMb,
        rebuild: {
          kind: rebuilt.kind,
          rendered: rebuilt.rendered.length,
          listings: rebuilt.listings.length,
          pagesSeconds: rebuilt.pagesSeconds,
          seconds: rebuilt.seconds,
          peakMb: rebuildPeakMb,
        },
        outDir: keep ? outDir : undefined,
      }),
    );
  } finally {
    await database.close();
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
