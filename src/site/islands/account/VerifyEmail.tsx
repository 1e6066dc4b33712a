import { useEffect, useState } from 'react';
import { call } from '../ui/api';
import { Notice } from './Form';
import { accountTexts, pathIn, type AccountLocale } from './texts';

/** /email/verify/{username}?token=…: confirms the address; failures go to /email/error. */
export default function VerifyEmail({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const [text, setText] = useState(t.loading);
  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    const parts = location.pathname.split('/').filter(Boolean);
    const i = parts.indexOf('verify');
    const username = i >= 0 && parts[i + 1] ? decodeURIComponent(parts[i + 1]!) : undefined;
    if (!token) {
      location.replace(pathIn(locale, '/email/error'));
      return;
    }
    call('POST', '/email/verify', { body: { token, ...(username ? { username } : {}) } })
      .then((r) => setText(r.message === 'Already verified' ? t.alreadyVerified : t.verified))
      .catch(() => location.replace(pathIn(locale, '/email/error')));
  }, []);
  return (
    <div>
      <Notice>{text}</Notice>
      <p>
        <a className="button" href={pathIn(locale, '/account/dashboard')}>
          {t.dashboard}
        </a>
      </p>
    </div>
  );
}
