/**
 * Kavenegar REST v1, the two calls the shop needs: `{base}{key}/sms/send.json` (receptor, sender,
 * message) and `{base}{key}/verify/lookup.json` (receptor, template, token, token2, token3, type).
 * Parameters go form-encoded in a POST; every answer is JSON `{ return: { status, message }, entries }`,
 * status 200 meaning accepted. A non-200 `return.status` is the provider's error code.
 */
import { z } from 'zod';

export const kavenegarEntrySchema = z.object({
  messageid: z.number(),
  message: z.string().optional(),
  status: z.number(),
  statustext: z.string(),
  sender: z.string(),
  receptor: z.string(),
  date: z.number(),
  cost: z.number(),
});
export const kavenegarAnswerSchema = z.object({
  return: z.object({ status: z.number(), message: z.string() }),
  entries: z.array(kavenegarEntrySchema).nullable().optional(),
});
export type KavenegarEntry = z.infer<typeof kavenegarEntrySchema>;
export type KavenegarAnswer = z.infer<typeof kavenegarAnswerSchema>;

/**
 * Codes that say the message or the account setup is wrong: trying again cannot help, so the outbox
 * marks the message failed at once. Others (409 server busy, 418 no credit yet, 451 too many calls,
 * network errors) are retried with backoff.
 */
const PERMANENT = new Set([400, 401, 403, 404, 405, 406, 407, 411, 412, 413, 414, 422, 424, 426, 428, 431, 432]);

export class SmsError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
  ) {
    super(code === null ? message : `Kavenegar ${code}: ${message}`);
  }
  get permanent(): boolean {
    return this.code !== null && PERMANENT.has(this.code);
  }
}

export interface KavenegarClient {
  send(input: { receptor: string; message: string; sender?: string | undefined }): Promise<KavenegarEntry>;
  lookup(input: { receptor: string; template: string; tokens: Record<string, string> }): Promise<KavenegarEntry>;
}

/** Lookup tokens 1–3 may not hold spaces (the provider refuses them): a space becomes a ZWNJ, as Persian text allows. */
export const lookupToken = (value: string) => value.trim().replace(/\s+/g, '\u200c');

export function kavenegarClient(opts: { baseUrl: string; apiKey: string; timeoutMs?: number }): KavenegarClient {
  const base = opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`;
  async function call(path: string, params: Record<string, string>): Promise<KavenegarEntry> {
    let res: Response;
    try {
      res = await fetch(`${base}${encodeURIComponent(opts.apiKey)}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new SmsError(null, `Kavenegar unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    let answer: KavenegarAnswer;
    try {
      answer = kavenegarAnswerSchema.parse(JSON.parse(text));
    } catch {
      throw new SmsError(null, `Kavenegar answered HTTP ${res.status} without its JSON: ${text.slice(0, 200)}`);
    }
    if (answer.return.status !== 200) throw new SmsError(answer.return.status, answer.return.message);
    const entry = answer.entries?.[0];
    if (!entry) throw new SmsError(null, 'Kavenegar accepted the message but named no entry');
    return entry;
  }
  return {
    send: ({ receptor, message, sender }) => call('sms/send.json', { receptor, message, ...(sender ? { sender } : {}) }),
    lookup: ({ receptor, template, tokens }) => call('verify/lookup.json', { receptor, template, type: 'sms', ...tokens }),
  };
}
