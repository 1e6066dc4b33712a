/**
 * A site built by `bench:pages --out DIR`, served by the real server over the bench's 1,000-product
 * database, with Debian's Chromium beside it: what the page scripts that look at a built site
 * (page-load-trace.ts, page-screenshots.ts) start from, with a category and a product to visit.
 */
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/server';
import { openSiteBenchDatabase } from './site-database';

export interface BuiltSiteBrowser {
  url: string;
  browser: Browser;
  /** An API call's JSON body (`/categories`, `/getProduct?limit=1` …). */
  api: (path: string) => Promise<any>;
  /** A second-level category (or the first top-level one) and the first product, by slug. */
  sample: { category: string; product: string };
  close: () => Promise<void>;
}

export async function openBuiltSite(dir: string): Promise<BuiltSiteBrowser> {
  const database = await openSiteBenchDatabase(1000, () => {});
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', SEED_DEMO: '0', PUBLIC_BASE_URL: 'http://127.0.0.1' });
  const server = await startServer({ ...config, HOST: '127.0.0.1' }, database, { siteDir: dir });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const api = async (path: string) => (await fetch(`${server.url}/api/site/v1${path}`)).json() as Promise<any>;
  const cats = (await api('/categories')).data;
  const sample = { category: cats[0].children[0]?.slug ?? cats[0].slug, product: (await api('/getProduct?limit=1')).items[0].slug };
  return {
    url: server.url,
    browser,
    api,
    sample,
    close: async () => {
      await browser.close();
      await server.close();
      await database.close();
    },
  };
}
