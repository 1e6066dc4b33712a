/**
 * Cheap answers before heavy ones (src/server/http/work-queue.ts): while many searches the read cache
 * does not hold wait for the server's thread, the health probe and a static page are answered before
 * most of them; past the queue's bound a search is refused at once with 503 and a Persian message.
 * Suggestions have a lane served first. Checked by order of completion, never by time. Requests are
 * written all at once on connections opened beforehand, so the server reads them in the same turn of its event loop, as under load.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { SERVER_BUSY_FA } from '../src/server/http/work-queue';
import { startServer, type RunningServer } from '../src/server/server';
import { freshDatabase } from './support/database';
import { ownAddressEnv } from './support/server';

const API = '/api/site/v1';
/** Distinct searches and listings (none cached yet): each is computed on the server's thread. */
const SEARCHES = [
  ...['lm', 'ne5', 'op', 'ic', 'ab', 'res', 'cap', 'tl0', 'lm3', 'st', 'ti', '74', 'at', 'max', 'ad', 'ir', 'bc', '2n', 'uln', 'l78'].map(
    (q) => `${API}/getProduct?filter_part=${q}`,
  ),
  ...['a', 'b', 'c', 'd', 'e', 'l', 'm', 'n', 'o', 'p', 's', 't', 'x', 'r', 'u', 'v', '1', '2', '3', '5'].map(
    (q) => `${API}/suggestion?filter_searchPart=${q}&take=50`,
  ),
];

/**
 * As many again, for the static file's check: its read waits on libuv's thread pool while the queue
 * answers one search a turn, so the faster the searches, the more of them finish during it; twice the
 * queue keeps "most of them" about the order, not the speed of a lookup (a loaded CI machine once
 * answered it after exactly half of 40).
 */
const MORE_SEARCHES = ['f', 'g', 'h', 'i', 'k', 'w', 'y', 'z', '4', '6', '7', '8', '9', 'lm', 'ne', 'op', 'st', 'ti', 'at', 'ad'].flatMap(
  (q) => [`${API}/suggestion?filter_searchPart=${q}&take=40`, `${API}/getProduct?filter_part=${q}&limit=24`],
);

let database: Database;
let siteDir: string;
const servers: RunningServer[] = [];

async function serve(env: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({ NODE_ENV: 'test', ...(await ownAddressEnv()), SEED_DEMO: '0', SEARCH_RATE_LIMIT: '100000', ...env });
  const server = await startServer(config, database, { siteDir });
  servers.push(server);
  // The searches take the in-memory paths, as in production once the indexes are built.
  await Promise.all([server.deps.search?.index.ready(), server.deps.search?.listing.ready()]);
  return server;
}

beforeAll(async () => {
  database = await freshDatabase({ catalogue: true });
  siteDir = mkdtempSync(join(tmpdir(), 'qateh-work-queue-'));
  writeFileSync(join(siteDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.close();
  await database?.close();
  rmSync(siteDir, { recursive: true, force: true });
});

interface Answer {
  path: string;
  status: number;
  text: string;
}

/** Connections opened and accepted before anything is asked on them. */
async function openConnections(port: number, n: number): Promise<Socket[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<Socket>((resolve, reject) =>
          connect(port, '127.0.0.1')
            .once('connect', function (this: Socket) {
              resolve(this);
            })
            .once('error', reject),
        ),
    ),
  );
  // Let the server's event loop accept them all, so the requests below are read in one of its turns.
  await new Promise((r) => setTimeout(r, 100));
  return sockets;
}

/**
 * Writes every request at once (one per connection, closed after its answer) and resolves with the
 * answers in the order they were completed.
 */
async function askAtOnce(port: number, paths: string[]): Promise<Answer[]> {
  const sockets = await openConnections(port, paths.length);
  const done: Answer[] = [];
  const finished = paths.map(
    (path, i) =>
      new Promise<void>((resolve, reject) => {
        const socket = sockets[i]!;
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('error', reject);
        socket.once('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
          done.push({ path, status, text: raw });
          socket.destroy();
          resolve();
        });
      }),
  );
  // All written in this one callback: the kernel holds every request before the server's next poll.
  paths.forEach((path, i) => sockets[i]!.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
  await Promise.all(finished);
  return done;
}

describe('the work queue', () => {
  it('answers the health probe and a static file before most of the searches queued ahead of them', async () => {
    const server = await serve();
    const health = `${API}/health`;
    const page = '/robots.txt';
    const queued = [...SEARCHES, ...MORE_SEARCHES];
    const answers = await askAtOnce(server.port, [...queued, health, page]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const order = answers.map((a) => a.path);
    const searchesAfter = (path: string) => order.slice(order.indexOf(path) + 1).filter((p) => queued.includes(p)).length;
    // Without the queue every search parsed in the same turn was computed before a file could be read.
    expect(searchesAfter(health)).toBeGreaterThan(queued.length / 2);
    expect(searchesAfter(page)).toBeGreaterThan(queued.length / 2);
    console.log(
      `searches answered after the health probe: ${searchesAfter(health)}, after the file: ${searchesAfter(page)} of ${queued.length}`,
    );
    expect(server.deps.work.length).toBe(0);
  }, 120_000);

  it('answers suggestions asked after pages before those pages; with no lead, in order of arrival', async () => {
    const pages = SEARCHES.filter((p) => p.includes('/getProduct?'));
    const suggestions = SEARCHES.filter((p) => p.includes('/suggestion?'));
    const position = (order: string[], paths: string[]) => paths.map((p) => order.indexOf(p));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

    // A lead longer than the test: every suggestion's turn comes before the pages written ahead of it.
    const patient = await serve({ WORK_QUEUE_SUGGESTION_LEAD_MS: '600000' });
    const first = (await askAtOnce(patient.port, [...pages, ...suggestions])).map((a) => a.path);
    expect(mean(position(first, suggestions))).toBeLessThan(mean(position(first, pages)));
    expect(first.slice(0, 5).every((p) => suggestions.includes(p))).toBe(true);

    // No lead: one queue in order of arrival, the pages written first are answered first.
    const inOrder = await serve({ WORK_QUEUE_SUGGESTION_LEAD_MS: '0' });
    const second = (await askAtOnce(inOrder.port, [...pages, ...suggestions])).map((a) => a.path);
    expect(mean(position(second, pages))).toBeLessThan(mean(position(second, suggestions)));
  }, 120_000);

  it('refuses searches past its bound with 503, Retry-After and a Persian message, and still answers cheap requests', async () => {
    const server = await serve({ WORK_QUEUE_LIMIT: '3' });
    const health = `${API}/health`;
    const answers = await askAtOnce(server.port, [...SEARCHES, health]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(3 + 1);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(answers.find((a) => a.path === health)?.status).toBe(200);
    const body = JSON.parse(refused[0]!.text.slice(refused[0]!.text.indexOf('\r\n\r\n') + 4)) as { status: number; message: string };
    expect(body).toEqual({ status: 503, message: SERVER_BUSY_FA });
    expect(refused[0]!.text).toMatch(/\r\nretry-after: \d+\r\n/i);
    // Once the queue has room again, the same searches are answered (cached ones at once, as before).
    const again = await askAtOnce(server.port, SEARCHES.slice(0, 3));
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(server.deps.work.refused).toBe(refused.length);
  }, 120_000);
});
