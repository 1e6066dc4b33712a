import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { apiJsonCompression, isEncoded } from './http/api-compression';
import type { Config } from './config';
import type { AppDeps } from './context';
import type { Database } from './db/client';
import { bodyLimits } from './http/body-limits';
import { requireBuildToken } from './http/build-token';
import { clientIpResolver } from './http/client-ip';
import { errorBody, handleError, MESSAGES } from './http/errors';
import { rateLimit } from './http/rate-limit';
import { securityHeaders } from './http/security-headers';
import { retryLaterFa, sharedRateLimit } from './http/shared-rate-limit';
import { syncedRateLimit } from './http/synced-rate-limit';
import { WorkQueue } from './http/work-queue';
import { sharedCompressionThread } from './http/compression-thread';
import { mountStaticSite } from './http/static-site';
import { productPagesOnRequest } from './http/product-pages-on-request';
import { webProcessSlot } from './web-processes';
import { mountRoutes, openApiDocument } from './http/route';
import { siteRoutes } from './routes';
import { mountMedia } from './routes/media';
import { mountUploads } from './routes/media-uploads';
import { createPaymentSandbox } from './payments/sandbox';
import { SANDBOX_PREFIX, sandboxEnabled } from './payments/settings';
import { createAccountServices } from './services/accounts';
import { CardCache } from './services/card-cache';
import { ReadCache } from './services/read-cache';
import { IndexKeeper } from './services/search/index-keeper';
import { SuggestionIndex } from './services/search/suggestion-index';
import { ListingIndex } from './services/search/listing-index';
import { SearchThread } from './services/search/search-thread';
import { productIsShown } from './services/product-views';
import { uploadRateMessage } from './services/bom/bom-errors';
import { SearchLogger } from './services/search/log';
import { SMS_STANDIN_PREFIX, smsStandinEnabled } from './notifications/sms/settings';
import { createSmsStandin } from './notifications/sms/standin';
import { mountUnsubscribePage } from './notifications/unsubscribe-page';

export const API_BASE = '/api/site/v1';

/** Paths whose cost grows with the catalogue: these share the configurable search rate limit. */
const SEARCH_PATHS = [`${API_BASE}/suggestion`, `${API_BASE}/getProduct`];
/**
 * Forms a person fills in and a script could post by the thousand (mails sent, rows stored): one shared
 * allowance per client address. Sign-in has its own throttle (login-throttle.ts).
 */
const GUEST_WRITE_PATHS = [
  '/register',
  '/password/forgot',
  '/password/reset',
  '/email/verify',
  '/email/resend',
  '/paymentBank/create',
  '/contact-us',
  '/newsletters',
  '/resupply/products',
].map((path) => `${API_BASE}${path}`);

export interface AppOptions {
  /** Folder of the built storefront (dist/): served for every path the API does not answer. */
  siteDir?: string;
  /**
   * Compress API and media answers for clients that accept it (default). The build's own loopback
   * API turns it off: its one reader is on the same machine, where compressing costs CPU for nothing.
   */
  compressApi?: boolean;
  /** Run the notification outbox worker (default). The build's loopback API leaves it to the shop's own server. */
  notifications?: boolean;
}

export function createApp(config: Config, database: Database, options: AppOptions = {}): { app: Hono; deps: AppDeps } {
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    cache: new ReadCache(config.READ_CACHE_SIZE),
    // Without a read cache (the build's loopback API, whose one reader is the build) nothing is queued.
    work: new WorkQueue(
      config.READ_CACHE_SIZE > 0 ? config.WORK_QUEUE_LIMIT : 0,
      config.WORK_QUEUE_SUGGESTION_LEAD_MS,
      config.WORK_QUEUE_LISTING_LEAD_MS,
    ),
    searchLog: new SearchLogger(database.db),
    accounts: createAccountServices(config, database.db),
    ownUrl: config.PUBLIC_BASE_URL,
  };
  // Without a read cache (the build's loopback API) every answer is read fresh from the database.
  if (config.READ_CACHE_SIZE > 0 && config.SEARCH_INDEX && config.SEARCH_THREAD && database.url) {
    deps.searchThread = new SearchThread({
      databaseUrl: database.url,
      cardCacheSize: config.READ_CACHE_SIZE * 4,
      cache: deps.cache,
      queueLimit: config.WORK_QUEUE_LIMIT,
      suggestionLeadMs: config.WORK_QUEUE_SUGGESTION_LEAD_MS,
      listingLeadMs: config.WORK_QUEUE_LISTING_LEAD_MS,
    });
  } else if (config.READ_CACHE_SIZE > 0 && config.SEARCH_INDEX) {
    deps.search = {
      index: new IndexKeeper(database.db, deps.cache, { name: 'suggestion index', build: SuggestionIndex.build }),
      listing: new IndexKeeper(database.db, deps.cache, { name: 'listing index', build: ListingIndex.build }),
      cards: new CardCache(deps.cache, config.READ_CACHE_SIZE * 4),
    };
  }
  const app = new Hono();
  const clientIp = clientIpResolver(config.TRUST_PROXY);

  app.onError(handleError);
  app.notFound((c) => c.json(errorBody(404, MESSAGES.notFound), 404));

  if (config.LOG_REQUESTS) {
    app.use('*', async (c, next) => {
      const t0 = performance.now();
      await next();
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - t0).toFixed(1)}ms`);
    });
  }

  // Every answer: no type sniffing (an uploaded file is never run as a script), no framing of the
  // shop by other sites (clickjacking of the buy and pay buttons), and only the origin sent onwards;
  // pages get the Content-Security-Policy of the build and configuration, every answer the
  // Permissions-Policy, and HSTS when it goes out over https (src/server/http/security-headers.ts).
  const security = securityHeaders(config, options.siteDir);
  app.use('*', async (c, next) => {
    await next();
    // A route's JSON answer was made with them (json-answer.ts): setting a header on a finished answer
    // turned its headers into a Headers object and back, ~0.2 ms a search answer under load.
    if (!isEncoded(c.res)) security.apply(c);
  });

  if (options.compressApi !== false) {
    // JSON lists and SVG illustrations shrink 5–10 times; images and PDFs are left as they are.
    // compress() looks at a finished answer only: run after the others, it leaves the routes' JSON
    // answers alone (already compressed or too small, and reading their headers has a cost).
    const streamCompress = compress();
    app.use(`${API_BASE}/*`, async (c, next) => {
      await next();
      if (!isEncoded(c.res)) await streamCompress(c, async () => {});
    });
    // Inside compress(): JSON leaves here compressed at a fast setting, and compress() passes it on as it is.
    app.use(`${API_BASE}/*`, apiJsonCompression());
    app.use('/media/*', compress());
  }

  // On PostgreSQL several servers may share the database behind one proxy: their limits are shared
  // through it (the search calls' counts synced in batches, uploads counted one upsert each). PGlite is
  // opened by one process only, so there the counts stay in memory.
  const shared = database.kind === 'postgres';
  const searchLimits = { limit: config.SEARCH_RATE_LIMIT, windowSeconds: config.SEARCH_RATE_WINDOW_SECONDS, clientIp };
  const synced = shared ? syncedRateLimit({ db: database.db, bucket: 'search', ...searchLimits }) : null;
  if (synced) deps.stopRateSync = synced.stop;
  const searchLimiter = synced ?? rateLimit(searchLimits);
  for (const path of SEARCH_PATHS) app.use(path, searchLimiter);
  // Each parts-list upload costs a parse in a worker: an address past its share is refused before the body is read.
  const uploadLimits = {
    limit: config.BOM_UPLOAD_RATE_LIMIT,
    windowSeconds: config.BOM_UPLOAD_RATE_WINDOW_SECONDS,
    clientIp,
    message: uploadRateMessage,
  };
  app.use(
    `${API_BASE}/SaveCustomerFile`,
    shared ? sharedRateLimit({ db: database.db, bucket: 'bom-uploads', ...uploadLimits }) : rateLimit(uploadLimits),
  );
  // After the rate limits (a refused address's body is never read), before every route that reads a body.
  app.use('*', bodyLimits(API_BASE));
  // The build's bulk reads answer only the build (src/server/http/build-token.ts).
  app.use(`${API_BASE}/export/*`, requireBuildToken());

  // Counted before the body is read or the captcha checked, so a flood costs us one upsert per post.
  const guestWrites = sharedRateLimit({
    db: database.db,
    bucket: 'guest-writes',
    limit: config.GUEST_WRITE_RATE_LIMIT,
    windowSeconds: config.GUEST_WRITE_RATE_WINDOW_SECONDS,
    clientIp,
    message: retryLaterFa,
  });
  for (const path of GUEST_WRITE_PATHS) app.post(path, guestWrites);
  app.get(`${API_BASE}/email/resend`, guestWrites);

  // testMode: monitoring sees a shop whose payments go to the sandbox; process: which of the machine's
  // server processes answered (WEB_PROCESSES > 1), its number 1…N, never a process id.
  const processSlot = webProcessSlot();
  const health = { ok: true, database: database.kind, testMode: sandboxEnabled(config), ...(processSlot ? { process: processSlot } : {}) };
  app.get(`${API_BASE}/health`, (c) => c.json(health));
  const openapi = openApiDocument(API_BASE, siteRoutes, { title: 'Qateh site API', version: '1.0.0' });
  app.get(`${API_BASE}/openapi.json`, (c) => c.json(openapi));
  const compressApi = options.compressApi !== false;
  mountRoutes(app, API_BASE, siteRoutes, deps, {
    compressJson: compressApi,
    answerHeaders: security.everyAnswer,
    compressionThread: compressApi ? sharedCompressionThread() : undefined,
  });
  mountMedia(app, deps);
  mountUploads(app, deps);
  mountUnsubscribePage(app, deps);
  // Test gateways speaking ZarinPal's and Sadad's protocols (development, tests); never with real credentials.
  if (sandboxEnabled(config)) app.route(SANDBOX_PREFIX, createPaymentSandbox(config, database.db));
  // The SMS provider's stand-in (Kavenegar's protocol), never in production.
  if (smsStandinEnabled(config)) app.route(SMS_STANDIN_PREFIX, createSmsStandin(config).app);
  // Last: the storefront only answers what no API or media route did.
  if (options.siteDir) {
    const siteDir = options.siteDir;
    deps.productPages = productPagesOnRequest({
      siteDir,
      generation: () => String(deps.cache.generation),
      isShown: (slug) => productIsShown(database.db, slug),
      // Loaded when first needed: the render thread runs Astro, which the API alone never loads.
      startRenderer: async () => {
        const [{ startBuildApi }, { productRenderThread }] = await Promise.all([
          import('../build/build-api'),
          import('../build/product-render-thread'),
        ]);
        // On PostgreSQL the thread serves its pages' reads itself (src/build/in-thread-api.ts): a first
        // render does not wait for this thread. PGlite lives in this process: a loopback API serves them,
        // with no read cache of its own (a page refreshed right after a save must read the saved
        // product, not a copy this API kept until its change notification arrived).
        const api = database.url ? null : await startBuildApi({ ...config, READ_CACHE_SIZE: 0 }, database);
        const thread = productRenderThread(config, api ? { apiUrl: api.url } : { databaseUrl: database.url! }, siteDir);
        return {
          render: thread.render,
          close: async () => {
            await thread.close();
            await api?.close();
          },
        };
      },
    });
    mountStaticSite(app, siteDir, deps.productPages);
  }

  return { app, deps };
}
