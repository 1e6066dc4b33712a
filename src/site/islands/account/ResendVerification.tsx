/**
 * "Send the verification e-mail again" on the dashboard: a POST with a solved captcha (a script
 * pressing it could mail-bomb the address). The proof of work starts when the button is pressed.
 */
import { useState } from 'react';
import { useCaptcha } from '../forms/useCaptcha';
import { call, CallError } from '../ui/api';
import { Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';

export function ResendVerification({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const captcha = useCaptcha(locale, 'resend');
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    captcha.start();
    try {
      const answer = await captcha.answer();
      const r = await call('POST', '/email/resend', { query: { locale }, body: { captcha: answer } });
      setResent(r.message === 'Already verified' ? t.alreadyVerified : t.emailSent);
    } catch (err) {
      setResent(
        err instanceof CallError && err.status === 429
          ? t.tooMany
          : err instanceof Error && err.message && !(err instanceof CallError && err.status === 0)
            ? err.message
            : t.error,
      );
    } finally {
      captcha.reset();
      setBusy(false);
    }
  }

  return (
    <Notice kind="info">
      {t.notVerified}{' '}
      <button type="button" className="linklike" onClick={() => void resend()} disabled={busy} data-testid="resend-verification">
        {t.resend}
      </button>
      {resent && (
        <>
          {' '}
          — <span data-testid="resend-result">{resent}</span>
        </>
      )}
      {captcha.widget}
    </Notice>
  );
}
