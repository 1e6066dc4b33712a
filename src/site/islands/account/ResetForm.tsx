import { call, type ApiBody } from '../ui/api';
import { ErrorSummary, Field } from './Form';
import { accountTexts, pathIn, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';

/** /password/reset/{token}: the token is the last path segment of the mailed link. */
export default function ResetForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const token = typeof location === 'undefined' ? '' : decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    await call('POST', '/password/reset', {
      body: { token, password: v.password, password_confirmation: v.password_confirmation } as ApiBody<'POST', '/password/reset'>,
    });
    location.assign(`${pathIn(locale, '/account/login')}?reset=1`);
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <ErrorSummary t={t} errors={errors} message={message} />
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
        {t.save}
      </button>
    </form>
  );
}
