import { useEffect, useState } from 'react';
import { currentUser, sendToLogin, type User } from './api';
import type { AccountLocale } from './texts';

/** The signed-in customer for a protected page; guests are sent to sign-in and return here afterwards. */
export function useCustomer(locale: AccountLocale): User | null {
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    currentUser()
      .then((u) => (u ? setUser(u) : sendToLogin(locale)))
      .catch(() => sendToLogin(locale));
  }, []);
  return user;
}
