/**
 * The restock (resupply) request form (spec §5/§8): the product is shown read-only, the quantity is
 * required and must be a number (default 1), the description is optional. Who asks comes from the
 * session. Success reloads the page (spec §7) and the "successfully created" toast shows on the
 * reloaded page. 401 → sign-in; 404 or 500 → /site/not-found; no connection → an alert. Closing
 * resets it, because the dialog is unmounted.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { showToastAfterReload } from '../../stores/toasts';
import { loginUrl } from '../account/api';
import { call, CallError } from '../ui/api';
import { CaptchaMissing, useCaptcha } from '../forms/useCaptcha';
import { pathIn, type Locale } from '../ui/locale';
import { engagementTexts } from './texts';

export interface RestockDialogProps {
  locale: Locale;
  productId: number;
  productName: string;
  onClose: () => void;
}

/** Persian and Arabic-Indic digits typed on a Persian keyboard count as digits. */
const asciiDigits = (s: string) =>
  s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));

export default function RestockDialog({ locale, productId, productName, onClose }: RestockDialogProps) {
  const t = engagementTexts(locale);
  const ref = useRef<HTMLDialogElement>(null);
  const [number, setNumber] = useState('1');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(locale, 'restock');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = asciiDigits(number.trim());
    if (!/^\d+$/.test(typed) || Number(typed) < 1) {
      setErrors({ number: t.number });
      return;
    }
    setErrors({});
    setBusy(true);
    let reloading = false;
    captcha.start();
    try {
      const answer = await captcha.answer();
      await call('POST', '/resupply/products', {
        body: { product_id: productId, productName, number: Number(typed), description: description || null, captcha: answer },
      });
      // Spec §7: success says "successfully created" and reloads; the toast waits for the reloaded page.
      showToastAfterReload(t.created, 'success');
      reloading = true; // the button stays busy until the page goes, so the request is not sent twice
      location.reload();
    } catch (err) {
      // Each solved captcha is accepted once.
      captcha.reset();
      const status = err instanceof CallError ? err.status : err instanceof CaptchaMissing ? 422 : 500;
      if (err instanceof CaptchaMissing) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
      else if (status === 429 || status === 503) setErrors({ captcha: (err as CallError).message });
      else if (status === 401) location.assign(loginUrl(locale, `${location.pathname}?restock=1`));
      else if (status === 0) window.alert(t.noConnection);
      else if (status === 422 && err instanceof CallError) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
      } else location.assign(pathIn(locale, '/site/not-found'));
    } finally {
      if (!reloading) setBusy(false);
    }
  }

  const field = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`restock-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <dialog
      ref={ref}
      className="restock-dialog"
      aria-labelledby="restock-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit} onFocus={captcha.start} noValidate>
        <h2 id="restock-title">{t.restockTitle}</h2>
        <label htmlFor="restock-product">{t.product}</label>
        <input id="restock-product" name="productName" value={productName} readOnly />
        <label htmlFor="restock-number">{t.quantity}</label>
        <input
          id="restock-number"
          name="number"
          inputMode="numeric"
          dir="ltr"
          required
          value={number}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={errors.number ? 'restock-number-error' : undefined}
          onChange={(e) => setNumber(e.target.value)}
        />
        {field('number')}
        <label htmlFor="restock-description">{t.description}</label>
        <textarea
          id="restock-description"
          name="description"
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        {field('description')}
        {captcha.widget}
        {field('captcha')}
        <div className="restock-dialog__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t.sending : t.send}
          </button>
        </div>
      </form>
    </dialog>
  );
}
