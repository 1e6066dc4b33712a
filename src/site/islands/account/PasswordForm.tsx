import { useState } from 'react';
import { call, type ApiBody } from '../ui/api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

export default function PasswordForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const [saved, setSaved] = useState(false);
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    setSaved(false);
    await call('POST', '/dashboard/password', { body: v as ApiBody<'POST', '/dashboard/password'> });
    setSaved(true);
  });
  if (!user) return <p>{t.loading}</p>;
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      {saved && <Notice>{t.saved}</Notice>}
      <ErrorSummary t={t} errors={errors} message={message} />
      <Field
        name="current_password"
        label={t.currentPassword}
        type="password"
        errors={errors}
        required
        autoComplete="current-password"
        dir="ltr"
        maxLength={128}
      />
      <Field
        name="password"
        label={t.newPassword}
        type="password"
        errors={errors}
        required
        autoComplete="new-password"
        dir="ltr"
        maxLength={128}
      />
      <Field
        name="password_confirmation"
        label={t.repeatPassword}
        type="password"
        errors={errors}
        required
        autoComplete="new-password"
        dir="ltr"
        maxLength={128}
      />
      <button className="button" type="submit" disabled={busy}>
        {t.changePassword}
      </button>
    </form>
  );
}
