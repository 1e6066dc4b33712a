/**
 * A product page not built yet is rendered on its first request and kept as the file the build
 * would have written (README "Storefront"): a deploy whose build skipped product pages
 * (SITE_PRODUCT_PAGES=on-request), or a product added since the last build, answers at once instead
 * of waiting for a build. The page comes from the build's own compiled page in a render thread
 * (src/build/product-render-thread.ts). The file (compressed, `.html.br`) is written beside its place and renamed into it, so
 * a reader — this server, another instance on the same site folder, nginx — gets the whole page or
 * none; requests for one page at the same time share one render. An unknown or disabled product stays
 * a 404.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compressedPageFile, compressPage } from '../../build/compressed-pages';
import { productPageFile } from '../../build/page-files';
import { writeFileWhole } from '../../build/replace-files';
import { InlineHashCollector, readInlineHashes, writeInlineHashes } from '../../build/inline-hashes';
import type { ProductRenderer, RenderedHtml } from '../../build/product-render-thread';
import { processCpuMs, reportRenderPhases, wallClockMs } from '../../build/render-phases';
import { LOCALES, type Locale } from '../../lib/locales';
import type { Encoding } from './compression';
import { foregroundStarted } from '../services/search/foreground-work';

/** Which product page a URL path asks for; null for any other path. */
export function productPageRequest(urlPath: string): { locale: Locale; slug: string } | null {
  const m = /^(?:\/(en|ru))?\/shop\/products\/([^/]+)$/.exec(urlPath);
  if (!m) return null;
  const slug = m[2]!;
  // Never a dot file or a way out of the folder (part numbers do hold dots: "ap5873-3.3"), no spaces, a slug's length.
  if (slug.length > 200 || slug.startsWith('.') || slug.includes('..') || /[\s\\]/.test(slug)) return null;
  return { locale: (m[1] as Locale | undefined) ?? 'fa', slug };
}

const LOCALE_PREFIX: Record<Locale, string> = { fa: '', en: 'en/', ru: 'ru/' };

/**
 * The page's inline scripts and styles join the site's allowed hashes (the Content-Security-Policy,
 * src/server/http/security-headers.ts) before the page is served: a site whose build wrote no product
 * page has never seen the product page's own inline style.
 */
function allowInlineParts(siteDir: string, html: string): void {
  const page = new InlineHashCollector();
  page.add(html);
  const mine = page.result();
  const known = readInlineHashes(siteDir) ?? { scripts: [], styles: [] };
  const scripts = new Set(known.scripts);
  const styles = new Set(known.styles);
  if (mine.scripts.every((h) => scripts.has(h)) && mine.styles.every((h) => styles.has(h))) return;
  const all = new InlineHashCollector();
  all.merge(known);
  all.merge(mine);
  writeInlineHashes(siteDir, all.result());
}

/**
 * A page rendered for the request that asked for it: answered from memory, then kept. The shopper
 * does not wait for the page's keeping (its shared parts, its compression after the folder's
 * reference, the file's write: ~10–20 ms of CPU); requests for it meanwhile get the same page.
 */
export interface FreshPage {
  html: string;
  /** The page already compressed for the answer of the request that had it rendered (its encoding), if any. */
  compressed?: { encoding: Encoding; bytes: Uint8Array<ArrayBuffer> };
  /**
   * Says the answer's bytes are ready (with the CPU they took to compress, for the phase figures), or
   * that no answer will be sent: the page is kept from then on. Only the first call counts.
   */
  answered(answerCpuMs?: number): void;
}

export interface ProductPagesOnRequest {
  /**
   * The product page at `urlPath`: its file once kept (`.html.br`, or the build's `.html`), or the page
   * just rendered (its answer must call `answered`); null when it is not a product page or no such
   * product is shown.
   */
  page(urlPath: string, arrivedAt?: number, encoding?: Encoding | null): Promise<{ file: string } | { fresh: FreshPage } | null>;
  /**
   * Writes the product's pages again in every language from fresh data, each replaced whole; removes
   * them when no shown product has this slug (the server then answers 404). What a saved change
   * calls to reach the product's static page in seconds (src/build/product-page-refresher.ts).
   */
  refresh(slug: string): Promise<'rendered' | 'removed'>;
  /** Starts the renderer now (its small Astro build takes from seconds to minutes), so the first refresh need not wait for it. */
  warm(): void;
  close(): Promise<void>;
}

export function productPagesOnRequest(opts: {
  siteDir: string;
  /** Started on the first page asked for (a thread and a small Astro build). */
  startRenderer: () => Promise<ProductRenderer>;
  /** Changes whenever the catalogue or content changed (the read cache's generation). */
  generation: () => string;
  /** Whether a shown product has this slug: asked before the renderer starts, so a mistyped address never starts it. */
  isShown: (slug: string) => Promise<boolean>;
  log?: (line: string) => void;
}): ProductPagesOnRequest {
  let renderer: Promise<ProductRenderer> | null = null;
  /** Pages being rendered or kept: a request for one meanwhile joins it. */
  const inFlight = new Map<string, Promise<Rendering | null>>();

  interface Rendering extends FreshPage {
    /** The kept file once written; null when keeping it failed (the next request renders it again). */
    kept: Promise<string | null>;
  }

  const render = async (
    locale: Locale,
    slug: string,
    file: string,
    arrivedAt = wallClockMs(),
    encoding: Encoding | null = null,
  ): Promise<Rendering | null> => {
    const startedAt = performance.now();
    const askedAt = wallClockMs();
    // Until its answer is on its way, the search indexes built in slices on this thread wait
    // (foreground-work.ts); a page whose answer never comes ends that after a while.
    const foregroundDone = foregroundStarted();
    setTimeout(foregroundDone, 30_000).unref();
    const cpuAtStart = processCpuMs();
    const renderNow = async (): Promise<RenderedHtml | null> => {
      renderer ??= opts.startRenderer();
      try {
        return await (await renderer).render(slug, locale, opts.generation(), encoding);
      } catch (err) {
        // A thread that stopped is started again for the next request.
        renderer = null;
        throw err;
      }
    };
    // A mistyped address never starts the renderer. Once it runs, the render is the check: the page's
    // read of its product answers 404 for the same products (src/server/services/product-views.ts
    // productIsPublic), one query fewer per page. The API reads slugs in lower case; a page is kept
    // under the address asked for, so any other address is checked as it is.
    let rendered: RenderedHtml | null;
    try {
      rendered = (!renderer || slug !== slug.toLowerCase()) && !(await opts.isShown(slug)) ? null : await renderNow();
    } catch (err) {
      foregroundDone();
      throw err;
    }
    if (rendered === null) {
      foregroundDone();
      return null;
    }
    const { html } = rendered;
    const returnedAt = wallClockMs();
    // Both threads' CPU while rendering, less the render thread's own: the API and database serving the page's reads.
    const readsCpu = Math.max(0, processCpuMs() - cpuAtStart - rendered.cpu.render - rendered.cpu.russian - rendered.cpu.answer);
    const cspStarted = processCpuMs();
    allowInlineParts(opts.siteDir, html);
    const cspCpu = processCpuMs() - cspStarted;

    let answer!: (cpu: number) => void;
    const answered = new Promise<number>((resolve) => (answer = resolve));
    const kept = answered.then(async (answerCpu) => {
      const answeredAfter = performance.now() - startedAt;
      const since = (at: number) => at - arrivedAt;
      const timeline = {
        asked: since(askedAt),
        pickedUp: since(rendered.wall.pickedUpAt),
        posted: since(rendered.wall.postedAt),
        returned: since(returnedAt),
        answered: since(wallClockMs()),
        reads: rendered.wall.reads,
      };
      const keepStarted = processCpuMs();
      // Kept compressed (src/build/compressed-pages.ts): a million products' pages fit on one disk.
      const compressed = compressedPageFile(file);
      writeFileWhole(compressed, await compressPage(html, compressed));
      // A refresh replaces the build's plain page too: the plain one would be found first.
      rmSync(file, { force: true });
      const keep = processCpuMs() - keepStarted;
      reportRenderPhases({
        reads: readsCpu,
        render: rendered.cpu.render,
        russian: rendered.cpu.russian,
        csp: cspCpu,
        answer: answerCpu + rendered.cpu.answer,
        keep,
        answeredAfter,
        timeline,
      });
      return compressed;
    });
    return {
      html,
      compressed: rendered.answer,
      answered: (cpu = 0) => {
        foregroundDone();
        answer(cpu);
      },
      kept,
    };
  };

  /** One render of `file` at a time: a request for it while it is rendered or kept joins it. */
  const renderOnce = (
    locale: Locale,
    slug: string,
    file: string,
    arrivedAt?: number,
    encoding?: Encoding | null,
  ): Promise<Rendering | null> => {
    const pending = render(locale, slug, file, arrivedAt, encoding);
    inFlight.set(file, pending);
    const done = () => {
      if (inFlight.get(file) === pending) inFlight.delete(file);
    };
    pending.then((r) => {
      if (!r) return done();
      r.kept
        .catch((err: unknown) => {
          // The page was served; the next request renders it again.
          opts.log?.(`Keeping ${file} failed: ${(err as Error).stack ?? String(err)}`);
        })
        .finally(done);
    }, done);
    return pending;
  };

  /** The page kept; null when no shown product has this slug or keeping it failed. */
  const keptPage = async (r: Rendering | null): Promise<string | null> => {
    if (!r) return null;
    r.answered();
    return r.kept.catch(() => null);
  };

  return {
    warm() {
      if (renderer) return;
      const starting = opts.startRenderer();
      renderer = starting;
      // A renderer that failed to start is started again by the next page or refresh.
      starting.catch((err: unknown) => {
        if (renderer === starting) renderer = null;
        opts.log?.(`The product page renderer did not start: ${(err as Error).stack ?? String(err)}`);
      });
    },
    async refresh(slug) {
      const files = LOCALES.map((locale) => [locale, productPageFile(opts.siteDir, LOCALE_PREFIX[locale], slug)] as const);
      // A first request's render under way may have read the product before the change: it lands first.
      await Promise.all(files.map(([, file]) => inFlight.get(file)?.then(keptPage, () => null)));
      const written = await Promise.all(files.map(([locale, file]) => renderOnce(locale, slug, file).then(keptPage)));
      if (written.every((file) => file !== null)) return 'rendered';
      for (const locale of LOCALES) {
        const file = productPageFile(opts.siteDir, LOCALE_PREFIX[locale], slug);
        rmSync(file, { force: true });
        rmSync(compressedPageFile(file), { force: true });
        // A site first built with a folder per page (before build.format 'preserve').
        rmSync(join(opts.siteDir, `${LOCALE_PREFIX[locale]}shop/products/${slug}`), { recursive: true, force: true });
      }
      return 'removed';
    },
    page(urlPath, arrivedAt, encoding) {
      const asked = productPageRequest(urlPath);
      if (!asked) return Promise.resolve(null);
      const file = productPageFile(opts.siteDir, LOCALE_PREFIX[asked.locale], asked.slug);
      // A slug with a dot looks like a file name to the static lookup: its page is found here.
      const kept = [file, compressedPageFile(file)].find((f) => existsSync(f));
      if (kept) return Promise.resolve({ file: kept });
      return (inFlight.get(file) ?? renderOnce(asked.locale, asked.slug, file, arrivedAt, encoding)).then((r) => (r ? { fresh: r } : null));
    },
    async close() {
      const r = renderer;
      renderer = null;
      if (r) await (await r.catch(() => null))?.close();
    },
  };
}
