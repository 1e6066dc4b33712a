/** Requests written byte for byte (fetch would normalise the path, set its own length, buffer the body). */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytesWritten: number;
}

/**
 * Sends `method path` with the given headers; the body comes from `write` (called with a writer that
 * stops quietly once the server has answered or closed). Resolves with the answer.
 */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  write?: (send: (chunk: Buffer | string) => Promise<boolean>) => Promise<void>,
): Promise<RawAnswer> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    let answered = false;
    let bytesWritten = 0;
    const req = request({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytesWritten }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      // The server may close its side after answering; the answer already received is what counts.
      if (!answered) reject(err);
    });
    const send = (chunk: Buffer | string) =>
      new Promise<boolean>((ok) => {
        if (answered || req.destroyed) return ok(false);
        bytesWritten += Buffer.byteLength(chunk);
        if (req.write(chunk)) ok(true);
        else req.once('drain', () => ok(true));
      });
    void (async () => {
      if (write) await write(send);
      if (!req.destroyed && !answered) req.end();
    })().catch(reject);
  });
}
