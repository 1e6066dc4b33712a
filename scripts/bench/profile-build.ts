import { buildSite } from '../../src/build/site';
import { loadConfig } from '../../src/server/config';
import { openSiteBenchDatabase } from './site-database';
const n = Number(process.argv[2] ?? 1000);
async function main(){ const database = await openSiteBenchDatabase(n, console.error);
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'https://shop.example' });
const t = performance.now();
const r = await buildSite(config, database, { outDir: process.argv[3] ?? '/tmp/prof/out', logLevel: 'warn', log: (l: string) => console.error(l) });
console.error('built', r.seconds, r.renderSeconds, r.search, r.russianFromEnglish);
await database.close();
}
main();
