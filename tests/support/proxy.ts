/**
 * A small reverse proxy for tests of several shop instances, doing what nginx does in front of them
 * (README "Several servers"): each request goes to the next instance in turn, the client's address is
 * appended to X-Forwarded-For and the scheme sent as X-Forwarded-Proto. Streams bodies both ways and
 * leaves redirects and cookies as the instance wrote them.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  url: string;
  /** The instances to spread requests over (set once they listen: their PUBLIC_BASE_URL is this proxy). */
  setUpstreams(urls: string[]): void;
  /** Which instance (index into the upstreams) answered each request so far, in order. */
  readonly served: number[];
  close(): Promise<void>;
}

export async function startProxy(): Promise<TestProxy> {
  let upstreams: URL[] = [];
  let next = 0;
  const served: number[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    if (upstreams.length === 0) {
      res.writeHead(503).end('no upstream');
      return;
    }
    const index = next++ % upstreams.length;
    served.push(index);
    const target = upstreams[index]!;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(`upstream ${target.host}: ${err.message}`);
    });
    req.pipe(upstream);
  };

  const server: Server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setUpstreams(urls) {
      upstreams = urls.map((u) => new URL(u));
    },
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
