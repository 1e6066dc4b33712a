/**
 * Draws the toasts of stores/toasts into the header's list: each leaves after 5000 ms and stays while
 * the pointer is on it (the time already shown is not given back). Errors and warnings are alerts.
 */
import { $toasts, dismissToast, showCarriedToast, TOAST_MS, type Toast } from '../../../stores/toasts';

function toastItem(toast: Toast, closeLabel: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `toast toast--${toast.kind}`;
  li.setAttribute('role', toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status');
  const text = document.createElement('span');
  text.textContent = toast.text;
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', closeLabel);
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  li.append(text, close);
  let left = TOAST_MS;
  let started = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    started = Date.now();
    timer = setTimeout(() => dismissToast(toast.id), left);
  };
  const pause = () => {
    clearTimeout(timer);
    left -= Date.now() - started;
  };
  li.addEventListener('mouseenter', pause);
  li.addEventListener('mouseleave', run);
  run();
  return li;
}

export function toaster(list: HTMLElement): void {
  const closeLabel = list.dataset.closeLabel ?? '×';
  const shown = new Map<number, HTMLLIElement>();
  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, li] of shown)
      if (!ids.has(id)) {
        li.remove();
        shown.delete(id);
      }
    for (const toast of toasts) {
      if (shown.has(toast.id)) continue;
      const li = toastItem(toast, closeLabel);
      shown.set(toast.id, li);
      list.append(li);
    }
  });
  showCarriedToast();
}
