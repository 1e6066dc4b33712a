/**
 * Astro hands every page it renders to its build as a web `Response` around the page's bytes, and
 * the build reads them straight back with `arrayBuffer()`. Node's `Response` turns the bytes into a
 * ReadableStream on construction and reads that stream back chunk by chunk: ~0.1 ms of a page's
 * ~2.5 ms, on 200k pages (profiles of the build workers at 10k products: 5% of rendering).
 *
 * While `fn` runs, a `Response` made from bytes keeps them as they are: its body stream is made only
 * if someone asks for it, and `arrayBuffer()`, `bytes()`, `text()` and `json()` answer from the
 * bytes. Every other `Response` (other bodies, and the ones `fetch` returns) is Node's own.
 *
 * For processes that render and serve nothing: the build workers (src/build/slice-worker.ts). A
 * process running our server has Hono's own `Response` in that global, which this would replace.
 */
const NativeResponse = globalThis.Response;

class PageResponse extends NativeResponse {
  #bytes: Uint8Array<ArrayBuffer> | null;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;
  #used = false;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    const bytes = body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : null;
    super(bytes ? null : body, init);
    this.#bytes = bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (!this.#bytes) return super.body;
    const bytes = this.#bytes;
    return (this.#stream ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }));
  }

  override get bodyUsed(): boolean {
    return this.#bytes ? this.#used : super.bodyUsed;
  }

  /**
   * The bytes, once, as a read of the body would give them; null when the body is Node's own or its
   * stream is being read by someone (then the stream answers). Astro only looks whether there is a body.
   */
  #take(): Uint8Array<ArrayBuffer> | null {
    if (!this.#bytes || this.#stream?.locked) return null;
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    if (!bytes) return this.#stream ? new NativeResponse(this.#stream).arrayBuffer() : super.arrayBuffer();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override async text(): Promise<string> {
    const bytes = this.#take();
    if (!bytes) return this.#stream ? new NativeResponse(this.#stream).text() : super.text();
    return new TextDecoder().decode(bytes);
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override clone(): Response {
    if (!this.#bytes) return super.clone();
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    return new PageResponse(this.#bytes.slice(), { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** Nesting count: overlapping builds in one process (tests) put Node's class back only once all end. */
let active = 0;
let before: typeof Response = NativeResponse;

export async function withPageResponses<T>(fn: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    before = globalThis.Response;
    globalThis.Response = PageResponse as typeof Response;
  }
  try {
    return await fn();
  } finally {
    if (--active === 0) globalThis.Response = before;
  }
}
