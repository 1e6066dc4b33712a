/** The cart's discount code: entered, checked by the server (which prices the cart with it), or taken off. */
import { useState, type FormEvent } from 'react';
import type { Cart } from '../../../api/schemas/shop';
import { mirrorCartCall } from '../../stores/cart';
import { call, CallError } from '../ui/api';
import { checkoutTexts } from './checkout-texts';
import { num, type ShopLocale } from './texts';

export function DiscountCodeForm({
  locale,
  applied,
  problem,
}: {
  locale: ShopLocale;
  applied: { code: string; percent: number } | null;
  problem: string | null;
}) {
  const c = checkoutTexts(locale);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(request: () => Promise<Cart>) {
    setBusy(true);
    try {
      await mirrorCartCall(request);
      setError('');
      setCode('');
    } catch (err) {
      if (err instanceof CallError) setError(err.errors.discount_code?.[0] ?? err.errors.code?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  }
  const apply = (e: FormEvent) => {
    e.preventDefault();
    void send(() => call('POST', '/cart/discount', { body: { code } }));
  };

  return (
    <form className="discount-code" onSubmit={apply} noValidate>
      {applied ? (
        <p role="status" data-testid="discount-applied">
          {c.codeApplied(applied.code, num(locale, applied.percent))}{' '}
          <button type="button" className="link-button" disabled={busy} onClick={() => void send(() => call('DELETE', '/cart/discount'))}>
            {c.removeCode}
          </button>
        </p>
      ) : (
        <>
          <label htmlFor="discount-code">{c.discountCode}</label>
          <input
            id="discount-code"
            name="code"
            dir="ltr"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'discount-code-error' : undefined}
          />
          <button type="submit" className="button" disabled={busy || code.trim() === ''}>
            {c.applyCode}
          </button>
        </>
      )}
      {(error || problem) && (
        <p id="discount-code-error" className="field-error" role="alert">
          {error || problem}
        </p>
      )}
    </form>
  );
}
