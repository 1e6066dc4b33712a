import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, type AppOptions } from './app';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './db/client';
import { migrate, STARTUP_LOCK } from './db/migrate';
import { appPaymentService, RESUME_STALLED_EVERY_MS } from './payments/app-service';
import { ensureIranPlaces } from './services/accounts/places';
import { repricePaceFor, resumeRepriceRun } from './services/back-office/exchange-rate-run';
import { listenForCatalogueChanges, watchCatalogueVersion } from './services/catalogue-version';
import { kavenegarClient } from './notifications/sms/kavenegar';
import { smsEndpoint } from './notifications/sms/settings';
import { OutboxWorker } from './notifications/worker';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Opens the configured database, applies migrations and serves the API. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
  await migrate(database);
  return database;
}

export interface ServerOptions extends AppOptions {
  /**
   * A port of this process's own even when it is one of several server processes (WEB_PROCESSES): the
   * loopback API of a build. Without it a cluster worker's port is the one all processes share, and
   * port 0 is the same "random" port for every listener (node:cluster), so a build's export calls would
   * be dealt to the other processes, which refuse this process's build token.
   */
  ownPort?: boolean;
}

export async function startServer(config: Config, database: Database, options: ServerOptions = {}): Promise<RunningServer> {
  // Addresses pick from Iran's provinces and cities; a new database gets them before the first request.
  await database.withLock(STARTUP_LOCK, () => ensureIranPlaces(database.db));
  const { app, deps } = createApp(config, database, options);
  const server: ServerType = createAdaptorServer({ fetch: app.fetch, hostname: config.HOST });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: config.HOST, port: config.PORT, exclusive: options.ownPort === true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  deps.ownUrl = `http://${loopbackHost(config.HOST)}:${port}`;
  const stopWatching = await watchCatalogueVersion(deps.db, deps.cache, config.CACHE_RECHECK_SECONDS * 1000);
  const stopListening = await listenForCatalogueChanges(database, deps.cache);
  // Built in the background from the start: the SQL answers the dropdown until it is ready.
  deps.search?.index.current();
  deps.search?.listing.current();
  const stopResuming = resumeStalledPayments(deps);
  const stopRepricing = resumeRepriceRuns(deps);
  const url = `http://${config.HOST}:${port}`;
  // Mails and SMS queued by any instance are sent by whichever instance's worker claims them first.
  const sms = smsEndpoint(config, url);
  const worker =
    options.notifications === false
      ? null
      : new OutboxWorker({
          db: deps.db,
          config,
          mailer: deps.accounts.mailer,
          sms: sms ? kavenegarClient(sms) : null,
          log: (line) => console.warn(line),
        });
  worker?.start();
  return {
    url,
    port,
    deps,
    async close() {
      await worker?.stop();
      deps.search?.index.stop();
      deps.search?.listing.stop();
      await deps.searchThread?.stop();
      stopWatching();
      await stopListening();
      stopResuming();
      stopRepricing();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.stopRateSync?.();
      await deps.productPages?.close();
      await deps.searchLog.flush();
    },
  };
}

/** The address to reach a server listening on `host` from the same machine (any-address binds → loopback). */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Gateway payments a request left half-done (stock held, bank not yet answered: the process died or the
 * bank did not answer) are verified again and finished, now and then every minute.
 */
function resumeStalledPayments(deps: AppDeps): () => void {
  const run = () => {
    appPaymentService(deps)
      .resumeStalled()
      .catch((err: Error) => console.error(`resuming stalled payments: ${err.message}`));
  };
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, RESUME_STALLED_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * A reprice by dollar rate whose process died part-way is continued: at start-up whatever run is open,
 * then every minute a run idle for a minute (another instance died while driving it).
 */
function resumeRepriceRuns(deps: AppDeps): () => void {
  const run = (onlyStale: boolean) =>
    resumeRepriceRun(deps.db, { onlyStale, pace: repricePaceFor(deps.database.kind), finished: () => deps.cache.invalidate() }).catch(
      (err: Error) => console.error(`resuming a reprice: ${err.message}`),
    );
  void run(false);
  const timer = setInterval(() => void run(true), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
