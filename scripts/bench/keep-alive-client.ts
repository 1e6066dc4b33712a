/**
 * One keep-alive HTTP/1.1 connection of the load benches, on a bare socket: one request at a time, the
 * answer's status read and its body counted, not kept. Node's http client (the long-tail runner's before
 * this) spent 0.30 ms of CPU per request on this 2-core machine (this client 0.13 ms in the next run),
 * about a sixth of what the server spent on the answer, taken from the cores the server under test was
 * measured on. A shopper's browser is on another machine; here the client is as light as it can be.
 *
 * Enough of HTTP/1.1 for our own server's answers: a status line, headers, then a body told by
 * Content-Length or sent chunked; `Connection: close` ends the socket after the answer (the next
 * request opens a new one).
 */
import { connect, type Socket } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

interface Pending {
  resolve: (status: number) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class KeepAliveClient {
  #socket: Socket | null = null;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: Pending | null = null;
  // The answer being read: its status, then how many body bytes are still due (-1: chunked).
  #status = 0;
  #bodyLeft: number | null = null;
  #chunked = false;
  #closeAfter = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly headers: Record<string, string> = {},
    private readonly timeoutMs = 30_000,
  ) {}

  /** GETs `path`; resolves with the answer's status once its whole body arrived. */
  get(path: string): Promise<number> {
    if (this.#pending) return Promise.reject(new Error('one request at a time on a connection'));
    const socket = this.#socket ?? this.#open();
    let head = `GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(this.headers)) head += `${name}: ${value}\r\n`;
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => this.#fail(new Error('timeout')), this.timeoutMs);
      this.#pending = { resolve, reject, timer };
      socket.write(`${head}\r\n`);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = null;
  }

  #open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    // A socket given up (closed after its answer, or failed) says nothing about the next one's request.
    socket.on('data', (chunk: Buffer) => this.#socket === socket && this.#read(chunk));
    socket.on('error', (err) => this.#socket === socket && this.#fail(err));
    socket.on('close', () => {
      if (this.#socket !== socket) return;
      // Closed by the server while idle (its keep-alive timeout): the next request opens a new socket.
      this.#socket = null;
      this.#fail(new Error('connection closed before the answer ended'));
    });
    this.#socket = socket;
    this.#buffer = Buffer.alloc(0);
    this.#bodyLeft = null;
    return socket;
  }

  #fail(err: Error): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    clearTimeout(pending.timer);
    this.close();
    pending.reject(err);
  }

  #done(): void {
    const pending = this.#pending;
    this.#bodyLeft = null;
    if (this.#closeAfter) this.close();
    if (!pending) return;
    this.#pending = null;
    clearTimeout(pending.timer);
    pending.resolve(this.#status);
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    for (;;) {
      if (this.#bodyLeft === null) {
        const end = this.#buffer.indexOf(HEADER_END);
        if (end < 0) return;
        this.#head(this.#buffer.toString('latin1', 0, end));
        this.#buffer = this.#buffer.subarray(end + HEADER_END.length);
        if (this.#bodyLeft === 0) {
          this.#done();
          continue;
        }
      }
      if (!this.#chunked) {
        const take = Math.min(this.#bodyLeft!, this.#buffer.length);
        this.#bodyLeft! -= take;
        this.#buffer = this.#buffer.subarray(take);
        if (this.#bodyLeft === 0) {
          this.#done();
          continue;
        }
        return;
      }
      // Chunked: each chunk's size line, its bytes and CRLF; a size of 0 (then a blank line) ends it.
      const lineEnd = this.#buffer.indexOf(CRLF);
      if (lineEnd < 0) return;
      const size = Number.parseInt(this.#buffer.toString('latin1', 0, lineEnd), 16);
      if (size === 0) {
        const trailerEnd = this.#buffer.indexOf(CRLF, lineEnd + 2);
        if (trailerEnd < 0) return;
        this.#buffer = this.#buffer.subarray(trailerEnd + 2);
        this.#done();
        continue;
      }
      if (this.#buffer.length < lineEnd + 2 + size + 2) return;
      this.#buffer = this.#buffer.subarray(lineEnd + 2 + size + 2);
    }
  }

  /** The status line and the headers that say how the body is sent. */
  #head(text: string): void {
    const lines = text.split('\r\n');
    this.#status = Number(lines[0]!.split(' ')[1]);
    let length = 0;
    this.#chunked = false;
    this.#closeAfter = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding' && value.includes('chunked')) this.#chunked = true;
      else if (name === 'connection' && value === 'close') this.#closeAfter = true;
    }
    this.#bodyLeft = this.#chunked ? -1 : length;
  }
}
