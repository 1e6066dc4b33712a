import { useState } from 'react';
import { useCaptcha } from '../forms/useCaptcha';
import { call, CallError, type ApiBody } from '../ui/api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';

/** Asks for a reset mail; the answer is the same whether or not the address is registered. */
export default function ForgotForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const [done, setDone] = useState<string | null>(null);
  const captcha = useCaptcha(locale, 'forgot');
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    const answer = await captcha.answer((m) => new CallError(422, m, { captcha: [m] }));
    try {
      const res = await call('POST', '/password/forgot', {
        body: { email: v.email, locale, captcha: answer } as ApiBody<'POST', '/password/forgot'>,
      });
      setDone(locale === 'fa' ? res.message : t.emailSent);
    } finally {
      captcha.reset();
    }
  });
  if (done) return <Notice>{done}</Notice>;
  return (
    <form className="account-form" onSubmit={onSubmit} onFocus={captcha.start} noValidate>
      <p className="muted">{t.forgotIntro}</p>
      <ErrorSummary t={t} errors={errors} message={message} />
      <Field name="email" label={t.email} type="email" errors={errors} required autoComplete="email" dir="ltr" maxLength={190} />
      {captcha.widget}
      <button className="button" type="submit" disabled={busy}>
        {t.send}
      </button>
    </form>
  );
}
