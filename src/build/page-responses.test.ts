import { describe, expect, it } from 'vitest';
import { withPageResponses } from './page-responses';

const page = '<!DOCTYPE html><html lang="fa" dir="rtl"><h1>آی‌سی LM358</h1></html>';
const bytes = () => new TextEncoder().encode(page);

describe('page responses during a build', () => {
  it('give back the page as Astro reads it, and as any other reader would', async () => {
    const native = globalThis.Response;
    await withPageResponses(async () => {
      expect(globalThis.Response).not.toBe(native);
      // What Astro does with each page: checks there is a body, then reads it whole.
      const res = new Response(bytes(), { headers: { 'Content-Type': 'text/html' } });
      expect(res).toBeInstanceOf(native);
      expect(res.body).toBeTruthy();
      expect(res.headers.get('content-type')).toBe('text/html');
      expect(res.bodyUsed).toBe(false);
      expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(page);
      expect(res.bodyUsed).toBe(true);
      await expect(res.text()).rejects.toThrow(TypeError);

      // Read through its stream, like a streaming consumer.
      const streamed = new Response(bytes());
      expect(await new Response(streamed.body).text()).toBe(page);

      expect(await new Response(bytes()).text()).toBe(page);
      expect(await new Response(new TextEncoder().encode('{"ok":true}')).json()).toEqual({ ok: true });
      const original = new Response(bytes(), { status: 404 });
      const copy = original.clone();
      expect(copy.status).toBe(404);
      expect(await copy.text()).toBe(page);
      expect(await original.text()).toBe(page);

      // Other bodies are Node's own.
      expect(await new Response('plain text').text()).toBe('plain text');
      expect(new Response(null, { status: 204 }).body).toBeNull();
    });
    expect(globalThis.Response).toBe(native);
  });

  it("put back whatever class the process had before, such as a server's own", async () => {
    const native = globalThis.Response;
    class ServerResponse extends native {}
    globalThis.Response = ServerResponse;
    try {
      await withPageResponses(async () => {
        expect(globalThis.Response).not.toBe(ServerResponse);
      });
      expect(globalThis.Response).toBe(ServerResponse);
    } finally {
      globalThis.Response = native;
    }
  });
});
