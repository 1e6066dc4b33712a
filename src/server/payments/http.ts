import { ofetch } from 'ofetch';

/**
 * A JSON POST to a bank. Banks answer errors with non-200 statuses and a JSON body that explains them
 * (payments.md: "parse the body whatever the status"), so the body is returned for every status; only
 * an unreachable host or a body that is not JSON throws.
 */
export class GatewayUnreachable extends Error {}

export async function postJson(url: string, body: unknown, timeoutMs = 20_000): Promise<{ status: number; body: any }> {
  try {
    const res = await ofetch.raw(url, {
      method: 'POST',
      body: body as Record<string, unknown>,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      ignoreResponseError: true,
      responseType: 'json',
      timeout: timeoutMs,
      retry: 0,
    });
    if (res._data === undefined || res._data === null || typeof res._data !== 'object') {
      throw new GatewayUnreachable(`${url} answered ${res.status} without a JSON body`);
    }
    return { status: res.status, body: res._data };
  } catch (err) {
    if (err instanceof GatewayUnreachable) throw err;
    throw new GatewayUnreachable(`${url}: ${(err as Error).message}`);
  }
}
