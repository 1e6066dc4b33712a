/**
 * `node --import tsx scripts/bench/page-load-trace.ts DIR [runs]`: serves a built site (bench:pages
 * --out DIR) with the real server and loads home, a listing and a product page in Chromium as a phone
 * (412 px, CPU slowed 4×, like Lighthouse mobile), printing figures that a busy machine does not swamp
 * the way Lighthouse's scores are: scripts fetched on load (count, bytes), long tasks (count, total ms,
 * blocking ms beyond 50 ms each) until the page has been quiet for 2 s, and DOM size. Compare two
 * builds back to back. Printed only.
 */
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';
import { openSiteBenchDatabase } from './site-database';

const dir = process.argv[2];
const runs = Number(process.argv[3]) || 3;
if (!dir) throw new Error('usage: page-load-trace.ts DIR [runs]');

async function main() {
  const database = await openSiteBenchDatabase(1000, () => {});
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'http://127.0.0.1' });
  const server = await startServer({ ...config, HOST: '127.0.0.1' }, database, { siteDir: dir! });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const api = async (path: string) => (await fetch(`${server.url}/api/site/v1${path}`)).json() as Promise<any>;
    const cats = (await api('/categories')).data;
    const category = cats[0].children[0]?.slug ?? cats[0].slug;
    const product = (await api('/getProduct?limit=1')).items[0].slug;
    console.log('page       scripts  script KB  long tasks  long ms  blocking ms  DOM nodes');
    for (const [name, path] of [
      ['home', '/'],
      ['listing', `/shop/catalog/${category}`],
      ['product', `/shop/products/${product}`],
    ] as const) {
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const w = window as unknown as { __long: number[] };
          w.__long = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__long.push(e.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        let scripts = 0;
        let bytes = 0;
        page.on('response', (res) => {
          if (res.request().resourceType() !== 'script') return;
          scripts++;
          // Uncompressed size: what the browser parses and compiles.
          res.body().then(
            (body) => (bytes += body.length),
            () => {},
          );
        });
        await page.goto(server.url + path, { waitUntil: 'load' });
        // Quiet for 2 s: no new long task.
        let seen = -1;
        for (;;) {
          await page.waitForTimeout(2000);
          const n = await page.evaluate(() => (window as unknown as { __long: number[] }).__long.length);
          if (n === seen) break;
          seen = n;
        }
        const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
        const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
        const total = long.reduce((a, b) => a + b, 0);
        const blocking = long.reduce((a, b) => a + Math.max(0, b - 50), 0);
        console.log(
          `${name.padEnd(10)} ${String(scripts).padStart(7)} ${(bytes / 1024).toFixed(1).padStart(10)} ${String(long.length).padStart(11)} ${total.toFixed(0).padStart(8)} ${blocking.toFixed(0).padStart(12)} ${String(dom).padStart(10)}`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
