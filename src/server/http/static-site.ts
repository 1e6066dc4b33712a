/**
 * Serves the built storefront (dist/) beside the API on the same port. Mounted after every API
 * route, so API and media paths always win. Persian is unprefixed: /fa/... answers 301 to the same
 * path without the prefix. Anything not built — an unmatched route or an unknown language code —
 * gets the 404 page of the request's language with status 404. Text files go compressed and every
 * file carries a validator, so a revisit of an unchanged page is a 304 (src/server/http/compression.ts).
 */
import type { Context, Hono } from 'hono';
import { statSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { COMPRESSED_PAGE_SUFFIX, compressedPageFile, readPageBytes } from '../../build/compressed-pages';
import { pageFileCandidates } from '../../build/page-files';
import { processCpuMs, wallClockMs } from '../../build/render-phases';
import {
  acceptedEncoding,
  CompressedFiles,
  compressFirstAnswer,
  etagMatches,
  fileEtag,
  isCompressible,
  type Encoding,
} from './compression';
import { shopDynamicPage } from './shop-pages';
import { productPageRequest, type FreshPage, type ProductPagesOnRequest } from './product-pages-on-request';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

/** Compressed pages and assets kept in memory (most-used first); each page is ~10–20 KB compressed. */
const COMPRESSED_CACHE_BYTES = 48 * 1024 * 1024;

/** Paths that belong to the backend: never answered with a page, so their JSON 404 stays. */
const BACKEND_PREFIXES = ['/api/', '/media/'];

/** A file found on disk, with the stats its validator and compressed copy are keyed by. */
interface Found {
  path: string;
  stats: Stats;
}

async function fileAt(path: string): Promise<Found | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { path, stats } : null;
  } catch {
    return null;
  }
}

/**
 * fileAt without the thread pool: a product URL's few candidates are looked up at once (a stat is
 * microseconds). Each async stat waited its turn in the thread pool and on the event loop: on a busy
 * deploy (compressions in the pool, the search indexes built on this thread) a first request of a
 * product page spent up to a second there before its render was asked for.
 */
function fileAtNow(path: string): Found | null {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats?.isFile() ? { path, stats } : null;
}

/**
 * A path that stays on this site as a redirect target: runs of slashes (and backslashes, which
 * browsers read as slashes) become one, so `/fa//evil.example/x` goes to `/evil.example/x` and not to
 * the host `evil.example` (a Location starting with `//` is another site).
 */
export function sameSitePath(path: string): string {
  return `/${path}`.replace(/[/\\]+/g, '/');
}

export function mountStaticSite(app: Hono, siteDir: string, productPages?: ProductPagesOnRequest): void {
  const root = resolve(siteDir);

  /**
   * The file a URL path maps to, or null; never anything outside the site folder, nor a dot file
   * (the build's own records: what each page was rendered from, the recorded browser bundle) other
   * than the standard /.well-known/ folder.
   */
  function fileCandidates(urlPath: string): string[] {
    const base = resolve(join(root, urlPath));
    if (base !== root && !base.startsWith(root + sep)) return [];
    if (
      base
        .slice(root.length)
        .split(sep)
        .some((part) => part.startsWith('.') && part !== '.well-known')
    )
      return [];
    const candidates = extname(urlPath) ? [base] : pageFileCandidates(root, base.slice(root.length));
    // A page kept compressed (rendered on request, src/build/compressed-pages.ts) after its HTML form.
    return [...candidates, ...candidates.filter((f) => f.endsWith('.html')).map(compressedPageFile)];
  }

  async function findFile(urlPath: string): Promise<Found | null> {
    for (const candidate of fileCandidates(urlPath)) {
      const found = await fileAt(candidate);
      if (found) return found;
    }
    return null;
  }

  /** findFile looked up at once (fileAtNow): for product URLs, whose page may have to be rendered now. */
  function findFileNow(urlPath: string): Found | null {
    for (const candidate of fileCandidates(urlPath)) {
      const found = fileAtNow(candidate);
      if (found) return found;
    }
    return null;
  }

  const compressed = new CompressedFiles(COMPRESSED_CACHE_BYTES);

  async function send(c: Context, { path: file, stats }: Found, status: 200 | 404): Promise<Response> {
    const precompressed = file.endsWith(COMPRESSED_PAGE_SUFFIX);
    const type =
      TYPES[extname(precompressed ? file.slice(0, -COMPRESSED_PAGE_SUFFIX.length) : file).toLowerCase()] ?? 'application/octet-stream';
    // Astro's hashed assets never change under the same name; pages must be revalidated.
    const lasting = file.includes(`${sep}_astro${sep}`);
    const etag = fileEtag(stats);
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Cache-Control': lasting ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
    };
    const compressible = precompressed || isCompressible(type, stats.size);
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (status === 200 && etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    const encoding = compressible ? acceptedEncoding(c.req.header('Accept-Encoding')) : null;
    // A page kept compressed holds its shared parts by reference (src/build/compressed-pages.ts): it is
    // unpacked whole, then compressed for this browser like any page (and cached so).
    const read = precompressed ? async () => readPageBytes(file, await readFile(file)) : async () => new Uint8Array(await readFile(file));
    if (!encoding) return c.body(await read(), status, headers);
    const body = await compressed.get(file, stats, encoding, read, lasting);
    return c.body(body, status, { ...headers, 'Content-Encoding': encoding });
  }

  async function notFoundPage(c: Context, urlPath: string): Promise<Response> {
    const lang = /^\/(en|ru)(\/|$)/.exec(urlPath)?.[1];
    const candidates = lang ? pageFileCandidates(root, `${lang}/404`) : [];
    candidates.push(join(root, '404.html'));
    for (const candidate of candidates) {
      const found = await fileAt(candidate);
      if (found) return send(c, found, 404);
    }
    return c.text('404', 404);
  }

  /**
   * Pages whose last segment is data only the browser knows (a mailed token, a customer's address id):
   * one static page serves them all and its island reads the segment from the URL.
   */
  async function dynamicPage(urlPath: string): Promise<Found | null> {
    const shop = shopDynamicPage(urlPath);
    if (shop) return findFile(shop);
    // The search page: /shop/search/{category|all}/{text} — the island reads both from the address.
    const search = /^(\/(?:en|ru))?\/shop\/search\/[^/]+(?:\/.*)?$/.exec(urlPath);
    if (search) return findFile(`${search[1] ?? ''}/shop/search`);
    const match = /^(\/(?:en|ru))?(\/email\/verify|\/password\/reset|\/account\/addresses)\/[^/]+\/?$/.exec(urlPath);
    if (!match) return null;
    const page = match[2] === '/account/addresses' ? '/account/addresses/edit' : match[2]!;
    return findFile(`${match[1] ?? ''}${page}`);
  }

  /** A product page not built yet, rendered now (src/server/http/product-pages-on-request.ts). */
  async function renderedOnRequest(urlPath: string, arrivedAt: number, encoding: Encoding | null): Promise<Found | FreshPage | null> {
    if (!productPages) return null;
    let page: Awaited<ReturnType<ProductPagesOnRequest['page']>>;
    try {
      page = await productPages.page(urlPath, arrivedAt, encoding);
    } catch (err) {
      // The shopper gets the 404 page of the language; the log says why (the next request tries again).
      console.error(`rendering ${urlPath} on request failed: ${(err as Error).stack ?? String(err)}`);
      return null;
    }
    if (!page) return null;
    return 'fresh' in page ? page.fresh : fileAt(page.file);
  }

  /**
   * A page just rendered, answered from memory: its file is written once the answer is ready (so it
   * has no validator yet; the next visit gets the file's). Compressed for this answer only: the next
   * request reads the kept file and caches its compressed copy like any page's.
   */
  async function sendFresh(c: Context, page: FreshPage): Promise<Response> {
    let cpu = 0;
    try {
      const headers: Record<string, string> = { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      const bytes = new Uint8Array(Buffer.from(page.html, 'utf8'));
      const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
      if (!encoding) return c.body(bytes, 200, headers);
      // Compressed by the render thread for the request that asked (another joining it may want another encoding).
      if (page.compressed?.encoding === encoding) return c.body(page.compressed.bytes, 200, { ...headers, 'Content-Encoding': encoding });
      const started = processCpuMs();
      const body = await compressFirstAnswer(bytes, encoding);
      cpu = processCpuMs() - started;
      return c.body(body, 200, { ...headers, 'Content-Encoding': encoding });
    } finally {
      page.answered(cpu);
    }
  }

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const arrivedAt = wallClockMs();
    const url = new URL(c.req.url);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      return notFoundPage(c, '/');
    }
    if (BACKEND_PREFIXES.some((p) => urlPath.startsWith(p))) return next();
    if (urlPath === '/fa' || urlPath.startsWith('/fa/')) return c.redirect(sameSitePath(url.pathname.slice(3)) + url.search, 301);
    if (urlPath.includes('\0')) return notFoundPage(c, urlPath);
    // Error pages exist to be shown with their status, not as pages of their own.
    if (/^\/((en|ru)\/)?404(\/|\.html)?$/.test(urlPath)) return notFoundPage(c, urlPath);
    // A page rendered now comes back compressed for this answer (a HEAD wants no body).
    const encoding = c.req.method === 'HEAD' ? null : acceptedEncoding(c.req.header('Accept-Encoding'));
    const file =
      productPages && productPageRequest(urlPath)
        ? (findFileNow(urlPath) ?? (await renderedOnRequest(urlPath, arrivedAt, encoding)))
        : ((await findFile(urlPath)) ?? (await dynamicPage(urlPath)) ?? (await renderedOnRequest(urlPath, arrivedAt, encoding)));
    if (!file) return notFoundPage(c, urlPath);
    return 'html' in file ? sendFresh(c, file) : send(c, file, 200);
  });
}
