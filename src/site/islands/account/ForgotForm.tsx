import { useState } from 'react';
import { call } from './api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';

/** Asks for a reset mail; the answer is the same whether or not the address is registered. */
export default function ForgotForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const [done, setDone] = useState<string | null>(null);
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    const res = await call<{ message: string }>('POST', '/password/forgot', { email: v.email, locale });
    setDone(locale === 'fa' ? res.message : t.emailSent);
  });
  if (done) return <Notice>{done}</Notice>;
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <p className="muted">{t.forgotIntro}</p>
      <ErrorSummary t={t} errors={errors} message={message} />
      <Field name="email" label={t.email} type="email" errors={errors} required autoComplete="email" dir="ltr" maxLength={190} />
      <button className="button" type="submit" disabled={busy}>{t.send}</button>
    </form>
  );
}
