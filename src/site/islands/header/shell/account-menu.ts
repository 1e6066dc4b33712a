/**
 * Header account indicator (spec §2 "Account menu"): the guest's sign in / sign up or the customer's
 * menu. Both panels are written at build time as hidden sources (texts stay out of the script); the
 * customer is asked for only when the session cookie says there may be one.
 */
import { call } from '../../ui/api';
import { maybeSignedIn } from './session-hint';

interface SignedIn {
  username: string;
  email: string;
}

async function signedInUser(): Promise<SignedIn | null> {
  if (!maybeSignedIn()) return null;
  try {
    return (await call('GET', '/getUser')).data;
  } catch {
    return null; // 401 (session over) or no answer: shown as a guest
  }
}

export function accountMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>(':scope > button');
  if (!button) return;
  let user: SignedIn | null = null;
  let panel: HTMLElement | null = null;
  const close = () => {
    panel?.remove();
    panel = null;
    button.setAttribute('aria-expanded', 'false');
  };
  const open = () => {
    const source = root.querySelector(`.account-menu__source[data-for="${user ? 'user' : 'guest'}"] > *`);
    if (!source) return;
    panel = source.cloneNode(true) as HTMLElement;
    panel.classList.add('account-menu__panel');
    panel.querySelector('[data-who]')?.classList.add('account-menu__who');
    if (user) {
      panel.querySelector('[data-user="username"]')!.textContent = user.username;
      panel.querySelector('[data-user="email"]')!.textContent = user.email;
    }
    // Sign-in comes back to this page.
    for (const a of panel.querySelectorAll<HTMLAnchorElement>('a[data-return]')) {
      a.href = `${a.getAttribute('href')}?return=${encodeURIComponent(location.pathname + location.search)}`;
    }
    root.append(panel);
    button.setAttribute('aria-expanded', 'true');
  };
  button.addEventListener('click', () => (panel ? close() : open()));
  document.addEventListener('click', (e) => {
    if (panel && !root.contains(e.target as Node)) close();
  });
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && panel) {
      close();
      button.focus();
    }
  });
  void signedInUser().then((u) => {
    user = u;
    if (panel) {
      close();
      open();
    }
    root.dataset.ready = '';
  });
}
