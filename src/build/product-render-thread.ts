/**
 * Product pages rendered on their first request (README "Storefront"), in a worker thread of the
 * running shop. The thread runs one small Astro build of the site (no product or listing pages, into a
 * folder it throws away, replaying the live site's browser bundle) and keeps that build's product
 * page renderer (src/build/internals/render-session.ts): each page is then the compiled page of the
 * build, rendered for one more product, tens of milliseconds instead of a partial build's seconds.
 * The pages read the API over HTTP as every build does (a loopback API the server thread serves,
 * src/build/build-api.ts); the Russian page is made from the English one as a full build makes it
 * (src/build/russian-pages.ts). What a page shows besides its product (menu, store details) is read
 * once per catalogue generation: the server hands the read cache's generation with each request.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads';
import type { Config } from '../server/config';
import type { Locale } from '../lib/locales';
import { renderWithAstro } from './astro-render';
import { CLIENT_BUNDLE_FILE } from './client-bundle-record';
import { captureRoute, type RouteRenderer } from './internals/render-session';
import { provideBuildInput, type SiteBuildInput } from '../site/build-input';
import { processCpuMs, threadCpuMs, wallClockMs } from './render-phases';
import { russianFromEnglish } from './russian-pages';
import { startThreadWithTsx } from './rebuild-thread';
import { siteBuildInput } from './site-input';
import { serveApiInThread } from './in-thread-api';
import { compressFirstAnswerNow, type Encoding } from '../server/http/compression';

/**
 * Where the pages read the API: the loopback API the server thread serves (PGlite, owned by the
 * process's database thread), or on PostgreSQL the API served in this thread over pools of its own
 * (in-thread-api.ts), so a first render never waits for the server's thread.
 */
export type RenderData = { apiUrl: string } | { databaseUrl: string };
interface SessionStart {
  config: Config;
  data: RenderData;
  siteDir: string;
}
interface RenderAsk {
  id: number;
  slug: string;
  locale: Locale;
  generation: string;
  /** The asking request's encoding: the page comes back compressed for its answer too. */
  encoding: Encoding | null;
}
/** A page, the render thread's CPU milliseconds for it and when it took it up and posted it (src/build/render-phases.ts). */
export interface RenderedHtml {
  html: string;
  /** The page compressed for the answer of the request that asked (compressFirstAnswer's bytes), when it takes one. */
  answer?: { encoding: Encoding; bytes: Uint8Array<ArrayBuffer> };
  cpu: { render: number; russian: number; answer: number };
  wall: { pickedUpAt: number; postedAt: number; reads: { path: string; ms: number }[] };
}
export type RenderAnswer = ({ id: number } & RenderedHtml) | { id: number; missing: true } | { id: number; error: string };

const MARK = { qatehProductRenderThread: true };

/** The URL path of a product page in a language, as the build's pages are addressed. */
export const productPagePath = (locale: Locale, slug: string): string => `${locale === 'fa' ? '' : `/${locale}`}/shop/products/${slug}`;

export interface ProductRenderer {
  /** The page's HTML; null when no enabled product has this slug. */
  render(slug: string, locale: Locale, generation: string, encoding?: Encoding | null): Promise<RenderedHtml | null>;
  close(): Promise<void>;
}

/** Starts the thread (its Astro build takes a few seconds); renders wait for it. */
export function productRenderThread(config: Config, data: RenderData, siteDir: string): ProductRenderer {
  const worker: Worker = startThreadWithTsx(import.meta.url, MARK);
  let next = 0;
  const waiting = new Map<number, { resolve: (page: RenderedHtml | null) => void; reject: (err: Error) => void }>();
  let ended: Error | null = null;
  const fail = (err: Error) => {
    ended = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (m: RenderAnswer) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if ('html' in m) w.resolve({ html: m.html, answer: m.answer, cpu: m.cpu, wall: m.wall });
    else if ('missing' in m) w.resolve(null);
    else w.reject(new Error(m.error));
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => fail(new Error(`the product render thread stopped (exit ${code})`)));
  worker.postMessage({ config, data, siteDir } satisfies SessionStart);
  return {
    render(slug, locale, generation, encoding = null) {
      if (ended) return Promise.reject(ended);
      const id = ++next;
      // Only while a page is asked for does the thread keep the process alive.
      worker.ref();
      return new Promise<RenderedHtml | null>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, slug, locale, generation, encoding } satisfies RenderAsk);
      }).finally(() => {
        if (waiting.size === 0) worker.unref();
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** True when `err` (or what it wraps: Astro wraps a page's error) is the API's 404. */
function isNotFound(err: unknown): boolean {
  for (let e = err as { status?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++)
    if (e.status === 404) return true;
  return false;
}

async function startSession(job: { config: Config; apiUrl: string; siteDir: string }): Promise<RouteRenderer> {
  const cacheDir = join(process.cwd(), 'node_modules', '.cache', 'qateh-site');
  mkdirSync(cacheDir, { recursive: true });
  // Under the working directory, as any build in this process (src/build/site.ts stagingDir).
  const outDir = mkdtempSync(join(cacheDir, 'on-request-'));
  const capture = await captureRoute('shop/products/[slug].astro');
  try {
    await renderWithAstro({
      apiUrl: job.apiUrl,
      site: job.config.PUBLIC_BASE_URL,
      outDir,
      filter: { products: [], listings: [], productLocales: ['fa', 'en'] },
      logLevel: 'error',
      reuseClientBundle: join(job.siteDir, CLIENT_BUNDLE_FILE),
      russianFromEnglish: null,
    });
    return await capture.route;
  } finally {
    capture.release();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The API calls of the renders under way, with their wall time (src/build/render-phases.ts): the
 * site's client fetches through globalThis.fetch when it calls, so timing it here sees every read.
 * Emptied whenever no render is under way; renders asked together share it.
 */
function timeReads(apiUrl: string): { count(): number; since(at: number): { path: string; ms: number }[]; idle(): void } {
  const reads: { path: string; ms: number }[] = [];
  const plain = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const started = performance.now();
    try {
      return await plain(input, init);
    } finally {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      reads.push({ path: url.startsWith(apiUrl) ? url.slice(apiUrl.length) : url, ms: performance.now() - started });
    }
  };
  return { count: () => reads.length, since: (at) => reads.slice(at), idle: () => void (reads.length = 0) };
}

if (!isMainThread && (workerData as typeof MARK | undefined)?.qatehProductRenderThread && parentPort) {
  const port = parentPort;
  let reads: ReturnType<typeof timeReads> | undefined;
  let underWay = 0;
  let session: Promise<RouteRenderer> | undefined;
  let site = '';
  let input: SiteBuildInput | undefined;
  port.on('message', (m: SessionStart | RenderAsk) => {
    if ('config' in m) {
      site = m.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
      const data = m.data;
      session = (async () => {
        const apiUrl = 'apiUrl' in data ? data.apiUrl : (await serveApiInThread(m.config, data.databaseUrl)).url;
        // Outside the in-thread API's fetch, so its reads are timed too.
        reads = timeReads(apiUrl);
        const renderer = await startSession({ config: m.config, apiUrl, siteDir: m.siteDir });
        // From now on the pages read each product by itself (src/site/data.ts productPage).
        input = siteBuildInput(apiUrl, { products: [], listings: [], onRequest: true });
        return renderer;
      })();
      // A failed start is reported to every render asked for.
      session.catch(() => {});
      return;
    }
    const ask = m;
    const pickedUpAt = wallClockMs();
    underWay++;
    void (async () => {
      let readsFrom = 0;
      try {
        const renderer = await session!;
        readsFrom = reads!.count();
        // Data read once per generation: src/site/data.ts and render-once.ts key their memory by it.
        provideBuildInput({ ...input!, buildId: `on-request-${ask.generation}` });
        // This thread renders one page at a time at most when asked one at a time (the bench); pages
        // asked together share the thread, and each is charged what ran meanwhile.
        const started = threadCpuMs();
        // A Russian product page is the English one with the language swapped, as in a full build.
        const rendered = await renderer.render(productPagePath(ask.locale === 'ru' ? 'en' : ask.locale, ask.slug), {
          locale: ask.locale === 'ru' ? 'en' : ask.locale,
          slug: ask.slug,
        });
        const english = Buffer.from(rendered).toString('utf8');
        const render = threadCpuMs() - started;
        const russianStarted = processCpuMs();
        const html = ask.locale === 'ru' ? russianFromEnglish(english, site) : english;
        const russian = processCpuMs() - russianStarted;
        // Compressed here for the request waiting (as the server would: compressFirstAnswer), so the
        // server's thread, which serves every request, only sends it.
        const answerStarted = threadCpuMs();
        const answer = ask.encoding
          ? { encoding: ask.encoding, bytes: compressFirstAnswerNow(Buffer.from(html, 'utf8'), ask.encoding) }
          : undefined;
        const cpu = { render, russian, answer: threadCpuMs() - answerStarted };
        const wall = { pickedUpAt, postedAt: wallClockMs(), reads: reads!.since(readsFrom) };
        port.postMessage({ id: ask.id, html, answer, cpu, wall } satisfies RenderAnswer);
      } catch (err) {
        if (isNotFound(err)) port.postMessage({ id: ask.id, missing: true } satisfies RenderAnswer);
        else port.postMessage({ id: ask.id, error: (err as Error).stack ?? String(err) } satisfies RenderAnswer);
      } finally {
        if (--underWay === 0) reads?.idle();
      }
    })();
  });
}
