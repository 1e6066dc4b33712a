/**
 * `node --import tsx scripts/bench/rebuild-repeat.ts N [ROUNDS] [--site DIR]`: one-product partial
 * rebuilds of the N-product bench shop, one after another, each after a price change: wall seconds,
 * this process's CPU seconds, and whether the server code was compiled or reused and the browser
 * bundle replayed. Builds the site first unless `--site` names one built before (kept between runs).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rebuildSite } from '../../src/build/rebuild';
import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import { openSiteBenchDatabase } from './site-database';

async function main() {
  const products = Number(process.argv[2] ?? 1000);
  const rounds = Number(process.argv[3] && !process.argv[3].startsWith('--') ? process.argv[3] : 3);
  const siteArg = process.argv.includes('--site') ? process.argv[process.argv.indexOf('--site') + 1] : undefined;
  const database = await openSiteBenchDatabase(products, (s) => console.error(s));
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
  const outDir = siteArg ?? mkdtempSync(join(tmpdir(), `qateh-bench-rebuild-${products}-`));
  try {
    if (!existsSync(join(outDir, '.qateh-build.json')) && !existsSync(join(outDir, 'index.html'))) {
      const built = await buildSite(config, database, { outDir, logLevel: 'error' });
      console.log(`full build: ${built.seconds.toFixed(1)} s into ${outDir}`);
    }
    for (let i = 0; i < rounds; i++) {
      const changed = await database.db.execute(sql`UPDATE products SET price = price + 10000, updated_at = now()
        WHERE id = (SELECT id FROM products WHERE enable AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET ${Math.floor(products / 2) + i}) RETURNING slug`);
      const slug = (changed as unknown as { rows: { slug: string }[] }).rows[0]!.slug;
      const cpu = process.cpuUsage();
      const r = await rebuildSite(config, database, outDir, { logLevel: 'error' });
      const used = process.cpuUsage(cpu);
      await database.db.execute(sql`UPDATE products SET price = price - 10000, updated_at = now() WHERE slug = ${slug}`);
      console.log(
        `rebuild ${i + 1}: ${r.kind}, ${r.seconds.toFixed(1)} s wall (pages live ${r.pagesSeconds.toFixed(1)} s), ` +
          `${((used.user + used.system) / 1e6).toFixed(1)} s CPU; server code ${JSON.stringify((r as { serverCode?: unknown }).serverCode)}, ` +
          `browser bundle ${JSON.stringify(r.clientBundle)}; ${r.reason}`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
