/**
 * The captcha of the site's forms (contact, sign-in after failures, sign-up, forgot password, e-mail resend,
 * bank receipt, restock; the newsletter has its own). By default our own ALTCHA widget: the challenge comes from
 * GET captcha/challenge, a Web Worker finds the proof of work (a chunked loop on the page if workers
 * are unavailable) and the base64 payload goes with the form. When the server is set up for
 * reCAPTCHA it hands out the site key, version and script address instead, and that script is loaded
 * the way Google documents it: v3 with `render=<site key>` (a token from grecaptcha.execute at
 * submit), v2 with `onload=<callback>&render=explicit` (the box drawn by grecaptcha.render, its answer
 * read with grecaptcha.getResponse). The spec's captcha messages are shown as they apply.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { call } from '../ui/api';
import { altchaPayload, findNumber, type AltchaChallenge } from './altcha-solve';
import { formTexts, type FormsLocale } from './texts';

type Challenge =
  | { provider: 'altcha'; challenge: AltchaChallenge }
  | { provider: 'recaptcha'; siteKey: string | null; version?: 2 | 3 | null; scriptUrl?: string };

const GOOGLE_SCRIPT = 'https://www.google.com/recaptcha/api.js';
/** The global the v2 script calls once grecaptcha.render may be used. */
const V2_ONLOAD = 'qatehRecaptchaLoaded';

export interface CaptchaHandle {
  /** The value to send as `captcha`, or null when not confirmed (the form then says so). */
  token(): Promise<string | null>;
  /** Starts the proof of work early (when the visitor begins filling the form). */
  start(): void;
  /** Forgets the used or refused answer and shows the reason, if any. */
  reset(reason?: string): void;
}

interface Grecaptcha {
  ready(cb: () => void): void;
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
  getResponse(id?: number): string;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    [V2_ONLOAD]?: () => void;
  }
}

type State = 'idle' | 'verifying' | 'verified' | 'error';

/** Seconds-since-epoch expiry carried in the signed salt ("…?expires=…"). */
const expiresAt = (c: AltchaChallenge): number => Number(new URLSearchParams(c.salt.split('?')[1] ?? '').get('expires') ?? NaN) * 1000;

function solveInWorker(c: AltchaChallenge): Promise<number | null> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return findNumber(c, { yieldEvery: 200 });
  }
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
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => reject(new Error('load'));
    document.head.append(el);
  });
}

/** `action` names the form to reCAPTCHA v3, which the server checks the token against. */
export const CaptchaWidget = forwardRef<CaptchaHandle, { locale: FormsLocale; action?: string }>(function CaptchaWidget(
  { locale, action = 'contact' },
  ref,
) {
  const t = formTexts(locale).captcha;
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [state, setState] = useState<State>('idle');
  const [message, setMessage] = useState('');
  const payload = useRef<string | null>(null);
  const pending = useRef<Promise<string | null> | null>(null);
  const expiryTimer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | undefined>(undefined);

  // The challenge lives in a ref as well as in state: a form may ask for the proof of work (start,
  // token) in the same tick as its first render, before its challenge has arrived (at first or after a reset), and must
  // then wait for it rather than answer "not confirmed".
  const held = useRef<Challenge | null>(null);
  const nextChallenge = useRef<Promise<Challenge | null> | null>(null);
  const adopt = (c: Challenge) => {
    held.current = c;
    setChallenge(c);
    return c;
  };
  const fetchChallenge = () => call('GET', '/captcha/challenge');
  useEffect(() => {
    nextChallenge.current = fetchChallenge()
      .then(adopt)
      .catch(() => {
        setState('error');
        setMessage(t.execFailed);
        return null;
      });
    return () => window.clearTimeout(expiryTimer.current);
  }, []);

  // reCAPTCHA: load its script (Google's, or the configured address) once the server says so.
  useEffect(() => {
    if (challenge?.provider !== 'recaptcha') return;
    if (!challenge.siteKey) {
      setState('error');
      setMessage(t.noKey);
      return;
    }
    if (challenge.version !== 2 && challenge.version !== 3) {
      setState('error');
      setMessage(t.noVersion);
      return;
    }
    const siteKey = challenge.siteKey;
    let src: URL;
    try {
      src = new URL(challenge.scriptUrl || GOOGLE_SCRIPT, location.href);
    } catch {
      setState('error');
      setMessage(t.loadFailed);
      return;
    }
    if (challenge.version === 3) src.searchParams.set('render', siteKey);
    else {
      window[V2_ONLOAD] = () => {
        if (!box.current || !window.grecaptcha) return;
        widgetId.current = window.grecaptcha.render(box.current, {
          sitekey: siteKey,
          callback: () => setMessage(''),
          'expired-callback': () => setMessage(t.expired),
          'error-callback': () => setMessage(t.execFailed),
        });
      };
      src.searchParams.set('onload', V2_ONLOAD);
      src.searchParams.set('render', 'explicit');
    }
    src.searchParams.set('hl', locale);
    loadScript(src.href).catch(() => {
      setState('error');
      setMessage(t.loadFailed);
    });
  }, [challenge]);

  async function solve(): Promise<string | null> {
    let now = held.current ?? (await nextChallenge.current) ?? null;
    if (now?.provider !== 'altcha') return null;
    // A challenge handed out long ago may have expired while the page sat open: ask for a new one.
    if (expiresAt(now.challenge) - Date.now() < 30_000) {
      now = adopt(await fetchChallenge());
      if (now.provider !== 'altcha') return null;
    }
    const c = now.challenge;
    setState('verifying');
    setMessage('');
    const started = performance.now();
    const number = await solveInWorker(c);
    if (number === null) {
      setState('error');
      setMessage(t.invalid);
      return null;
    }
    payload.current = altchaPayload(c, number, Math.round(performance.now() - started));
    setState('verified');
    window.clearTimeout(expiryTimer.current);
    expiryTimer.current = window.setTimeout(
      () => {
        payload.current = null;
        setState('idle');
        setMessage(t.expired);
      },
      Math.max(0, expiresAt(c) - Date.now() - 5_000),
    );
    return payload.current;
  }

  function start() {
    if (held.current?.provider === 'recaptcha' || pending.current || payload.current) return;
    pending.current = solve()
      .catch(() => {
        setState('error');
        setMessage(t.execFailed);
        return null;
      })
      .finally(() => {
        pending.current = null;
      });
  }

  useImperativeHandle(
    ref,
    () => ({
      start,
      async token() {
        if (challenge?.provider === 'recaptcha') {
          if (challenge.version === 2) {
            if (widgetId.current === undefined || !window.grecaptcha) return null;
            return window.grecaptcha.getResponse(widgetId.current) || null;
          }
          if (!challenge.siteKey || !window.grecaptcha) return null;
          try {
            await new Promise<void>((r) => window.grecaptcha!.ready(r));
            return await window.grecaptcha.execute(challenge.siteKey, { action });
          } catch {
            setMessage(t.execFailed);
            return null;
          }
        }
        if (pending.current) return pending.current;
        return payload.current;
      },
      reset(reason) {
        // A solved challenge is accepted once: the next proof of work needs a new one.
        // A proof of work asked for before the new one arrives waits for it (the old one was used).
        if (held.current?.provider === 'altcha') {
          held.current = null;
          nextChallenge.current = fetchChallenge()
            .then(adopt)
            .catch(() => null);
        }
        payload.current = null;
        if (widgetId.current !== undefined) window.grecaptcha?.reset(widgetId.current);
        window.clearTimeout(expiryTimer.current);
        setState('idle');
        setMessage(reason ?? '');
      },
    }),
    [challenge, state],
  );

  if (challenge?.provider === 'recaptcha') {
    return (
      <div className="captcha captcha--recaptcha" data-provider="recaptcha">
        <div ref={box} />
        {message && (
          <p className="field-error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="captcha captcha--altcha" data-provider="altcha" data-state={state}>
      <label className="captcha__box">
        <input
          type="checkbox"
          checked={state === 'verified'}
          disabled={!challenge || state === 'verifying'}
          onChange={(e) => {
            if (e.currentTarget.checked) start();
          }}
          data-testid="captcha-check"
        />
        <span>{state === 'verifying' ? t.verifying : state === 'verified' ? t.verified : t.label}</span>
      </label>
      <small className="captcha__by">{t.protectedBy}</small>
      {message && (
        <p className="field-error" role="alert" data-testid="captcha-message">
          {message}
        </p>
      )}
    </div>
  );
});
