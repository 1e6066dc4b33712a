/** /account/notifications: the language of the customer's mails and whether they want marketing mail. */
import { useEffect, useState } from 'react';
import type { NotificationSettings } from '../../../api/schemas/notifications';
import { call, type ApiBody } from '../ui/api';
import { ErrorSummary, Notice } from './Form';
import { accountTexts, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

export default function NotificationSettingsForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (user)
      void call('GET', '/dashboard/notifications')
        .then((r) => setSettings(r.data))
        .catch(() => undefined);
  }, [user]);
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    setSaved(false);
    const r = await call('POST', '/dashboard/notifications', {
      body: { locale: v.locale, marketing_mail: v.marketing_mail === true } as ApiBody<'POST', '/dashboard/notifications'>,
    });
    setSettings(r.data);
    setSaved(true);
  });
  if (!user || !settings) return <p>{t.loading}</p>;
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate data-notification-settings>
      {saved && <Notice>{t.saved}</Notice>}
      <ErrorSummary t={t} errors={errors} message={message} />
      <fieldset className="account-fieldset">
        <legend>{t.mailLanguage}</legend>
        <label className="account-check">
          <input type="radio" name="locale" value="fa" defaultChecked={settings.locale === 'fa'} /> {t.languageFa}
        </label>
        <label className="account-check">
          <input type="radio" name="locale" value="en" defaultChecked={settings.locale === 'en'} /> {t.languageEn}
        </label>
      </fieldset>
      <label className="account-check">
        <input type="checkbox" name="marketing_mail" defaultChecked={settings.marketing_mail} /> {t.marketingMail}
      </label>
      <p className="account-hint">{t.transactionalNote}</p>
      <button className="button" type="submit" disabled={busy}>
        {t.save}
      </button>
    </form>
  );
}
