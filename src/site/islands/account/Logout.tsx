import { useEffect } from 'react';
import { call } from '../ui/api';
import { accountTexts, pathIn, type AccountLocale } from './texts';

/** /account/logout: ends the session (both tokens) and goes home, as the spec says. */
export default function Logout({ locale }: { locale: AccountLocale }) {
  useEffect(() => {
    call('POST', '/auth/logout')
      .catch((err) => console.error('logout failed', err))
      .finally(() => location.assign(pathIn(locale, '/')));
  }, []);
  return <p>{accountTexts(locale).loading}</p>;
}
