import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, type AppOptions } from './app';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { ensureIranPlaces } from './services/accounts/places';
import { watchCatalogueVersion } from './services/catalogue-version';
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

export async function startServer(config: Config, database: Database, options: AppOptions = {}): Promise<RunningServer> {
  // Addresses pick from Iran's provinces and cities; a new database gets them before the first request.
  await ensureIranPlaces(database.db);
  const { app, deps } = createApp(config, database, options);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const stopWatching = await watchCatalogueVersion(deps.db, deps.cache, config.CACHE_RECHECK_SECONDS * 1000);
  const url = `http://${config.HOST}:${port}`;
  // Mails and SMS queued by any instance are sent by whichever instance's worker claims them first.
  const sms = smsEndpoint(config, url);
  const worker = options.notifications === false ? null : new OutboxWorker({
    db: deps.db, config, mailer: deps.accounts.mailer, sms: sms ? kavenegarClient(sms) : null, log: (line) => console.warn(line),
  });
  worker?.start();
  return {
    url,
    port,
    deps,
    async close() {
      await worker?.stop();
      stopWatching();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.searchLog.flush();
    },
  };
}
