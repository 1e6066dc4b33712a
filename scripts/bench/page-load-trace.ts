/**
 * `node --import tsx scripts/bench/page-load-trace.ts DIR [runs]`: serves a built site (bench:pages
 * --out DIR) with the real server and loads home, a listing and a product page in Chromium as a phone
 * (412 px, CPU slowed 4×, like Lighthouse mobile), printing figures that a busy machine does not swamp
 * the way Lighthouse's scores are: scripts fetched on load (count, bytes), long tasks (count, total ms,
 * blocking ms beyond 50 ms each) until the page has been quiet for 2 s, and DOM size; then the
 * main thread's work by kind from Chromium's own counters (CDP Performance.getMetrics: all tasks,
 * script, style recalculation and layout, in throttled ms, with recalculation and layout counts), and
 * after every page type the median of its runs. Compare two builds back to back. Printed only.
 */
import { openBuiltSite } from './built-site-browser';

const dir = process.argv[2];
const runs = Number(process.argv[3]) || 3;
if (!dir) throw new Error('usage: page-load-trace.ts DIR [runs]');

async function main() {
  const site = await openBuiltSite(dir!);
  const { browser } = site;
  try {
    const { category, product } = site.sample;
    console.log(
      'page       scripts  script KB  long tasks  long ms  blocking ms  DOM nodes  task ms  script ms  style ms (n)  layout ms (n)',
    );
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    for (const [name, path] of [
      ['home', '/'],
      ['listing', `/shop/catalog/${category}`],
      ['product', `/shop/products/${product}`],
    ] as const) {
      const rows: number[][] = [];
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Performance.enable');
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
        await page.goto(site.url + path, { waitUntil: 'load' });
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
        // Seconds of the page's main thread since it opened, by kind (durations as throttled).
        const metrics = new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
        const msOf = (k: string) => (metrics.get(k) ?? 0) * 1000;
        const row = [
          scripts,
          bytes / 1024,
          long.length,
          total,
          blocking,
          dom,
          msOf('TaskDuration'),
          msOf('ScriptDuration'),
          msOf('RecalcStyleDuration'),
          metrics.get('RecalcStyleCount') ?? 0,
          msOf('LayoutDuration'),
          metrics.get('LayoutCount') ?? 0,
        ];
        rows.push(row);
        console.log(format(name, row));
        await context.close();
      }
      if (runs > 1)
        console.log(
          format(
            `${name} med`,
            rows[0]!.map((_, i) => median(rows.map((r) => r[i]!))),
          ),
        );
    }
  } finally {
    await site.close();
  }
}

function format(name: string, r: number[]): string {
  const n = (v: number, w: number, d = 0) => v.toFixed(d).padStart(w);
  return `${name.padEnd(10)} ${n(r[0]!, 7)} ${n(r[1]!, 10, 1)} ${n(r[2]!, 11)} ${n(r[3]!, 8)} ${n(r[4]!, 12)} ${n(r[5]!, 10)} ${n(r[6]!, 8)} ${n(r[7]!, 10)} ${n(r[8]!, 9)} (${r[9]!.toFixed(0)}) ${n(r[10]!, 10)} (${r[11]!.toFixed(0)})`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
