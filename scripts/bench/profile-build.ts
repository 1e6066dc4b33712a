/**
 * One full build of the N-product bench shop (data/bench-site-<N>) into DIR, printing each phase's
 * time: the quick loop for build-speed work, under `node --cpu-prof` or `/usr/bin/time` as needed.
 * bench:build (scripts/bench-build.ts) is the measurement of record.
 *
 *   node --import tsx scripts/bench/profile-build.ts [N=1000] [DIR=/tmp/qateh-profile/out]
 */
import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import { openSiteBenchDatabase } from './site-database';

const products = Number(process.argv[2] ?? 1000);
const outDir = process.argv[3] ?? '/tmp/qateh-profile/out';

async function main(): Promise<void> {
  const database = await openSiteBenchDatabase(products, (line) => console.error(line));
  try {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
    const built = await buildSite(config, database, { outDir, logLevel: 'warn', log: (line) => console.error(line) });
    console.error(
      `built in ${built.seconds.toFixed(1)} s (pages ${built.renderSeconds.toFixed(1)} s), Russian pages from English: ${built.russianFromEnglish}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
