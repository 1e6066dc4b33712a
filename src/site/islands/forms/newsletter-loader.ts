/**
 * The footer is on every page, but few visitors sign up: the newsletter's code (form, captcha, API
 * caller) loads when the visitor reaches for the form — pointer over it, focus in it — and not with
 * the page. A submit that comes before the code is held and sent again once it has arrived.
 */
const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')];
let loading: Promise<void> | null = null;

function holdSubmit(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
  const form = e.currentTarget as HTMLFormElement;
  load().then(
    () => form.requestSubmit(),
    () => undefined,
  );
}

function load(): Promise<void> {
  loading ??= import('./newsletter-form').then(
    () => {
      for (const form of forms) form.removeEventListener('submit', holdSubmit);
    },
    (err: unknown) => {
      // Tried again on the next move (a failed chunk also reloads the page once: header/shell/chunk-reload.ts).
      loading = null;
      throw err;
    },
  );
  return loading;
}

for (const form of forms) {
  form.addEventListener('submit', holdSubmit);
  form.addEventListener('focusin', () => void load(), { once: true });
  form.addEventListener('pointerenter', () => void load(), { once: true });
}
