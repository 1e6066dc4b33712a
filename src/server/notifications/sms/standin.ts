/**
 * A local stand-in for Kavenegar's REST v1 (send.json and verify/lookup.json), mounted on our server
 * outside production like the payment sandboxes. It checks what the provider checks — the key in the
 * path, Iranian mobiles as receptors, a message or an approved (here: configured) template, tokens 1–3
 * without spaces — answers in the provider's shape, and records every accepted message so development
 * and tests can read what was sent: GET {prefix}/messages.
 */
import { Hono, type Context } from 'hono';
import type { Config } from '../../config';
import { STANDIN_API_KEY } from './settings';

export interface RecordedSms {
  messageid: number;
  kind: 'send' | 'lookup';
  receptor: string;
  sender: string;
  /** The text as the phone shows it: our own for send, the template name and its tokens for lookup. */
  message: string;
  template: string | null;
  tokens: Record<string, string>;
  date: number;
}

const DEFAULT_SENDER = '10004346';
const MOBILE = /^09\d{9}$/;

function fail(c: Context, status: number, message: string) {
  return c.json({ return: { status, message }, entries: null }, status as 400);
}

async function params(c: Context): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (c.req.method === 'POST' && type.includes('form')) {
    for (const [k, v] of Object.entries(await c.req.parseBody())) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

export function createSmsStandin(config: Config): { app: Hono; messages: RecordedSms[] } {
  const app = new Hono();
  const messages: RecordedSms[] = [];
  const key = config.KAVENEGAR_API_KEY ?? STANDIN_API_KEY;
  const templates = new Set([config.SMS_TEMPLATE_ENQUIRY_RECEIVED, config.SMS_TEMPLATE_PREINVOICE_READY].filter((t): t is string => !!t));
  let nextId = 8_000_000_000 + Math.floor(Math.random() * 1_000_000);

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex');
    c.header('Cache-Control', 'no-store');
  });

  const accept = (
    c: Context,
    kind: RecordedSms['kind'],
    receptors: string[],
    sender: string,
    message: string,
    template: string | null,
    tokens: Record<string, string>,
  ) => {
    const date = Math.floor(Date.now() / 1000);
    const entries = receptors.map((receptor) => {
      const record: RecordedSms = { messageid: nextId++, kind, receptor, sender, message, template, tokens, date };
      messages.push(record);
      return {
        messageid: record.messageid,
        message,
        status: 1,
        statustext: 'در صف ارسال',
        sender,
        receptor,
        date,
        cost: 120 * Math.max(1, Math.ceil(message.length / 70)),
      };
    });
    return c.json({ return: { status: 200, message: 'تایید شد' }, entries });
  };

  app.on(['GET', 'POST'], '/v1/:key/sms/send.json', async (c) => {
    if (c.req.param('key') !== key) return fail(c, 403, 'کد شناسائی API-Key معتبر نمی‌باشد');
    const p = await params(c);
    if (!p.receptor || !p.message) return fail(c, 400, 'پارامترها ناقص هستند');
    const receptors = p.receptor
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean);
    if (receptors.some((r) => !MOBILE.test(r))) return fail(c, 411, 'دریافت کننده نامعتبر است');
    if (p.message.length > 900) return fail(c, 413, 'پیام خالی است و یا طول پیام بیش از حد مجاز می‌باشد');
    return accept(c, 'send', receptors, p.sender || DEFAULT_SENDER, p.message, null, {});
  });

  app.on(['GET', 'POST'], '/v1/:key/verify/lookup.json', async (c) => {
    if (c.req.param('key') !== key) return fail(c, 403, 'کد شناسائی API-Key معتبر نمی‌باشد');
    const p = await params(c);
    if (!p.receptor || !p.template || !p.token) return fail(c, 400, 'پارامترها ناقص هستند');
    if (!MOBILE.test(p.receptor)) return fail(c, 411, 'دریافت کننده نامعتبر است');
    if (!templates.has(p.template)) return fail(c, 424, 'الگوی مورد نظر پیدا نشد یا هنوز تایید نشده است');
    const tokens = Object.fromEntries(Object.entries(p).filter(([k]) => /^token\d*$/.test(k)));
    if (['token', 'token2', 'token3'].some((k) => tokens[k] !== undefined && /\s/.test(tokens[k]!)))
      return fail(c, 431, 'ساختار کد صحیح نمی‌باشد');
    const message = `${p.template}: ${Object.values(tokens).join(' ')}`;
    return accept(c, 'lookup', [p.receptor], DEFAULT_SENDER, message, p.template, tokens);
  });

  app.get('/messages', (c) => {
    const receptor = c.req.query('receptor');
    return c.json({ messages: receptor ? messages.filter((m) => m.receptor === receptor) : messages });
  });

  return { app, messages };
}
