/**
 * The footer's newsletter sign-up, as a plain script (no framework on every page). The e-mail is
 * required; the server's 422 list is shown under the validation heading (first message per field);
 * success (also for an address already signed up) shows a toast. Texts come from data attributes.
 */
import { showToast } from '../../stores/toasts';
import { call, CallError } from '../ui/api';
import { newsletterCaptcha } from './newsletter-captcha';

function showErrors(box: HTMLElement, heading: string, messages: string[]): void {
  box.replaceChildren();
  if (messages.length === 0) {
    box.hidden = true;
    return;
  }
  const title = document.createElement('p');
  title.textContent = heading;
  const list = document.createElement('ul');
  for (const m of messages) {
    const li = document.createElement('li');
    li.textContent = m;
    list.append(li);
  }
  box.append(title, list);
  box.hidden = false;
}

function wire(form: HTMLFormElement): void {
  const t = form.dataset;
  const input = form.querySelector<HTMLInputElement>('input[name=email]')!;
  const box = form.querySelector<HTMLElement>('[data-errors]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const captcha = newsletterCaptcha(form);
  input.addEventListener('focus', () => captcha.start());
  // Loaded on the visitor's first move towards the form (newsletter-loader.ts): the field may hold focus already.
  if (document.activeElement === input) captcha.start();
  // The list names the one field it is about; typing an address clears it.
  const named = (m: string) => `${input.labels?.[0]?.textContent?.trim() ?? ''}: ${m}`;
  input.addEventListener('input', () => {
    if (input.value.trim()) showErrors(box, '', []);
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const email = input.value.trim();
    if (!email) {
      showErrors(box, t.errorsTitle!, [named(t.required!)]);
      input.focus();
      return;
    }
    button.disabled = true;
    try {
      const token = await captcha.token();
      if (!token) {
        showErrors(box, t.errorsTitle!, [t.captchaMissing!]);
        return;
      }
      captcha.reset();
      const body = await call('POST', '/newsletters', { body: { email, captcha: token } });
      showErrors(box, '', []);
      form.reset();
      showToast(document.documentElement.lang.startsWith('fa') && body.message ? body.message : t.success!, 'success');
    } catch (err) {
      if (!(err instanceof CallError) || err.status === 0) {
        showErrors(box, t.errorsTitle!, [t.network!]);
        return;
      }
      // Spec §8: the errors list, or else the whole response body.
      const firsts = Object.entries(err.errors)
        .map(([name, list]) => (list[0] ? (name === 'email' ? named(list[0]) : list[0]) : ''))
        .filter(Boolean);
      showErrors(box, t.errorsTitle!, firsts.length ? firsts : [err.message || err.text]);
    } finally {
      button.disabled = false;
    }
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter]')) wire(form);
