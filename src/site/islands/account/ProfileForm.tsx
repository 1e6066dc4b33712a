import { call, type ApiBody } from '../ui/api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';
import { useState } from 'react';
import { useSubmit } from './useSubmit';

export default function ProfileForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const [saved, setSaved] = useState(false);
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    setSaved(false);
    await call('POST', '/dashboard/profile', { body: v as ApiBody<'POST', '/dashboard/profile'> });
    setSaved(true);
  });
  if (!user) return <p>{t.loading}</p>;
  return (
    <form className="account-form account-form--wide" onSubmit={onSubmit} noValidate>
      {saved && <Notice>{t.saved}</Notice>}
      <ErrorSummary t={t} errors={errors} message={message} />
      <div className="account-grid">
        <Field name="name" label={t.name} errors={errors} required value={user.name} maxLength={100} />
        <Field name="mobile" label={t.mobile} type="tel" errors={errors} required value={user.mobile} dir="ltr" maxLength={20} />
        <Field name="company_name" label={t.company} errors={errors} value={user.company_name ?? ''} maxLength={150} />
        <Field name="phone" label={t.phone} type="tel" errors={errors} value={user.phone ?? ''} dir="ltr" maxLength={20} />
        <Field name="website" label={t.website} errors={errors} value={user.website ?? ''} dir="ltr" maxLength={200} />
        <Field name="email2" label={t.email2} type="email" errors={errors} value={user.email2 ?? ''} dir="ltr" maxLength={190} />
      </div>
      <label className="account-check">
        <input type="checkbox" name="agreeWithEmail2" defaultChecked={user.agreeWithEmail2} /> {t.agreeWithEmail2}
      </label>
      <button className="button" type="submit" disabled={busy}>
        {t.save}
      </button>
    </form>
  );
}
