/**
 * The footer newsletter's captcha, without React (the footer is on every page): the challenge is fetched
 * and the ALTCHA proof of work started when the visitor focuses the field, so the answer is usually
 * ready at submit. With reCAPTCHA configured: v3 runs invisibly at submit; v2 draws its box in the form.
 */
import { call } from '../ui/api';
import { altchaPayload, findNumber, type AltchaChallenge } from './altcha-solve';

type Challenge =
  | { provider: 'altcha'; challenge: AltchaChallenge }
  | { provider: 'recaptcha'; siteKey: string | null; version?: 2 | 3 | null; scriptUrl?: string };

interface Grecaptcha {
  ready(cb: () => void): void;
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
  getResponse(id?: number): string;
}
const grecaptcha = () => (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;

function solveOffThread(c: AltchaChallenge): Promise<number | null> {
  try {
    const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
    return new Promise((resolve) => {
      worker.onmessage = (e: MessageEvent<number | null>) => {
        worker.terminate();
        resolve(e.data);
      };
      worker.onerror = () => {
        worker.terminate();
        resolve(findNumber(c, { yieldEvery: 200 }));
      };
      worker.postMessage(c);
    });
  } catch {
    return findNumber(c, { yieldEvery: 200 });
  }
}

export function newsletterCaptcha(form: HTMLFormElement) {
  let answer: Promise<string | null> | null = null;
  let v2Widget: number | undefined;
  let recaptcha: { siteKey: string; version: 2 | 3 } | null = null;

  async function prepare(): Promise<string | null> {
    const c = (await call('GET', '/captcha/challenge')) as Challenge;
    if (c.provider === 'altcha') {
      const started = performance.now();
      const n = await solveOffThread(c.challenge);
      return n === null ? null : altchaPayload(c.challenge, n, Math.round(performance.now() - started));
    }
    if (!c.siteKey || (c.version !== 2 && c.version !== 3)) return null;
    recaptcha = { siteKey: c.siteKey, version: c.version };
    const src = new URL(c.scriptUrl || 'https://www.google.com/recaptcha/api.js', location.href);
    src.searchParams.set('render', c.version === 3 ? c.siteKey : 'explicit');
    await new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src.href;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => reject(new Error('load'));
      document.head.append(el);
    });
    if (c.version === 2) {
      await new Promise<void>((r) => grecaptcha()!.ready(r));
      const box = document.createElement('div');
      form.querySelector('button[type=submit]')?.before(box);
      v2Widget = grecaptcha()!.render(box, { sitekey: c.siteKey });
    }
    return null;
  }

  return {
    /** Starts fetching (and solving) early; harmless to call again. */
    start() {
      answer ??= prepare().catch(() => null);
    },
    /** The answer to send, or null when there is none (the form then shows "confirm the captcha"). */
    async token(): Promise<string | null> {
      answer ??= prepare().catch(() => null);
      const ready = await answer;
      if (ready) return ready;
      const g = grecaptcha();
      if (!recaptcha || !g) return null;
      if (recaptcha.version === 2) return v2Widget === undefined ? null : g.getResponse(v2Widget) || null;
      await new Promise<void>((r) => g.ready(r));
      return g.execute(recaptcha.siteKey, { action: 'newsletter' }).catch(() => null);
    },
    /** A solved challenge is accepted once: the next sign-up needs a new one. */
    reset() {
      if (!recaptcha) answer = null;
    },
  };
}
