/**
 * The header's behaviour as one small script instead of a React island per control: search
 * suggestions, sticky modes, departments menu, help menu, mobile menu, currency, account and cart indicators,
 * toasts and scroll-to-top all
 * work on the static markup of Header.astro. React is not needed for any of them (only the cart's
 * panel uses it, loaded when opened), so pages without React islands ship no React at all.
 * Sets data-ready on the header once every control listens.
 */
import type { Locale } from '../../ui/locale';
import { onIdle } from '../../ui/on-idle';
import { accountMenu } from './account-menu';
import { cartIndicator } from './cart-indicator';
import { currencySelect } from './currency';
import { departments } from './departments';
import { helpMenu } from './help-menu';
import { reloadOnChunkFailure } from './chunk-reload';
import { mobileMenu } from './mobile-menu';
import { scrollTop } from './scroll-top';
import { searchBox } from './search-box';
import { sticky } from './sticky';
import { toaster } from './toaster';

export function startShell(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header || header.dataset.ready !== undefined) return;
  const locale = (document.documentElement.lang || 'fa') as Locale;
  const find = <T extends HTMLElement>(selector: string) => header.querySelector<T>(selector);
  const search = find<HTMLFormElement>('form.search');
  if (search) searchBox(search, locale);
  sticky(header);
  const dep = find('.departments');
  if (dep) departments(dep);
  const help = find<HTMLDetailsElement>('details.topbar__help');
  if (help) helpMenu(help);
  const mobile = find<HTMLDetailsElement>('details.mobile-menu');
  if (mobile) mobileMenu(mobile);
  const currency = find<HTMLSelectElement>('.currency select');
  if (currency) currencySelect(currency, locale);
  const account = find('.account-menu');
  if (account) accountMenu(account);
  const cart = find('.cart-indicator');
  if (cart) cartIndicator(cart, locale);
  const toasts = document.querySelector<HTMLElement>('.toasts');
  if (toasts) toaster(toasts);
  const top = document.querySelector<HTMLButtonElement>('.scroll-top');
  if (top) scrollTop(top);
  reloadOnChunkFailure();
  // Table cards and link prefetch wait for idle: their code is not part of the page's JavaScript on load.
  onIdle(() => void import('./idle-start').then((m) => m.startWhenIdle()));
  header.dataset.ready = '';
}
