/**
 * The build's bulk export calls are not public: without this process's build token (a random secret
 * made at start) they answer exactly like a path that does not exist. The build's own loopback API
 * and a worker thread — as the running shop's rebuild thread is — read them with the inherited token.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuildApi, type BuildApi } from '../../src/build/build-api';
import { createExportApi } from '../../src/build/export-client';
import { BUILD_TOKEN_HEADER, processBuildToken } from '../../src/server/http/build-token';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let buildApi: BuildApi;
beforeAll(async () => {
  server = await startTestServer();
  buildApi = await startBuildApi(server.deps.config, server.database);
}, 300_000);
afterAll(async () => {
  await buildApi?.close();
  await server?.stop();
});

const EXPORTS = [
  '/export/index',
  '/export/products?after=0&limit=1000',
  `/export/changes?since=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
];

describe('export calls', () => {
  it('answer a public request as a path that does not exist', async () => {
    const missing = await server.api('/no-such-call');
    expect(missing.status).toBe(404);
    for (const path of EXPORTS) {
      const attempts: Record<string, string>[] = [
        {},
        { [BUILD_TOKEN_HEADER]: '' },
        { [BUILD_TOKEN_HEADER]: 'guess' },
        { [BUILD_TOKEN_HEADER]: `${processBuildToken()}x` },
      ];
      for (const headers of attempts) {
        const res = await server.api(path, { headers });
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual(missing.body);
        expect(JSON.stringify(res.body)).not.toMatch(/lm358/i);
      }
    }
  });

  it('answer the build, over the public server and over the build API', async () => {
    for (const path of EXPORTS) {
      expect((await server.api(path, { headers: { [BUILD_TOKEN_HEADER]: processBuildToken() } })).status, path).toBe(200);
    }
    const index = await createExportApi(buildApi.url).index();
    expect(index.products.length).toBeGreaterThan(1000);
  });

  it('answer a worker thread of the process, which inherits the token', async () => {
    const worker = new Worker(
      `
      const { parentPort, workerData } = require('node:worker_threads');
      fetch(workerData.url, { headers: { '${BUILD_TOKEN_HEADER}': process.env.QATEH_BUILD_TOKEN ?? '' } })
        .then((r) => parentPort.postMessage(r.status), (e) => parentPort.postMessage(String(e)));
    `,
      { eval: true, workerData: { url: `${buildApi.url}/api/site/v1/export/index` } },
    );
    const status = await new Promise((resolve) => worker.once('message', resolve));
    await worker.terminate();
    expect(status).toBe(200);
  });
});
