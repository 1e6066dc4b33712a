/** /shop/receipt: registering a bank-transfer receipt (guests too) → paymentBank/create. */
import { useEffect, useState } from 'react';
import { jalaliToIso } from '../../../lib/jalali';
import { toAsciiDigits } from '../../../lib/persian';
import { call, CallError } from '../ui/api';
import { useMounted } from '../ui/useMounted';
import { CaptchaMissing, useCaptcha } from '../forms/useCaptcha';
import { JalaliPicker, todayJalali } from './JalaliPicker';
import { shopTexts, type ShopLocale } from './texts';

export default function ReceiptForm({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const [fields, setFields] = useState({ name: '', price: '', factor_number: '', tracking_code: '', account_number: '' });
  const mounted = useMounted();
  // The pre-invoice's link carries the factor and amount; read after hydration so the first render matches the HTML.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    setFields((f) => ({ ...f, price: params.get('price') ?? f.price, factor_number: params.get('factor') ?? f.factor_number }));
  }, []);
  const [date, setDate] = useState(todayJalali());
  const [time, setTime] = useState('10:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(locale, 'receipt');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(
      Object.entries(fields)
        .filter(([, v]) => !v.trim())
        .map(([k]) => [k, t.required]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const answer = await captcha.answer();
      const toman = Number(toAsciiDigits(fields.price).replace(/[,٬\s]/g, ''));
      await call('POST', '/paymentBank/create', {
        body: { ...fields, price: Math.round(toman * 10), payment_date: jalaliToIso(date, time), captcha: answer },
      });
      setDone(true);
    } catch (err) {
      // Each solved captcha is accepted once.
      captcha.reset();
      if (err instanceof CaptchaMissing) setErrors({ captcha: err.message });
      else if (err instanceof CallError)
        setErrors(
          Object.keys(err.errors).length
            ? Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? '']))
            : { form: err.message || t.error },
        );
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <p role="status" className="notice">
        {t.receiptSaved}
      </p>
    );
  const field = (name: keyof typeof fields, label: string, dir?: 'ltr') => (
    <label className="field" key={name}>
      <span>{label}</span>
      <input
        id={`r-${name}`}
        name={name}
        dir={dir}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `r-${name}-error` : undefined}
        onChange={(e) => {
          setFields({ ...fields, [name]: e.target.value });
          if (e.target.value.trim()) setErrors(({ [name]: _fixed, ...rest }) => rest);
        }}
      />
      {errors[name] && (
        <small className="field-error" id={`r-${name}-error`}>
          {errors[name]}
        </small>
      )}
    </label>
  );
  return (
    <form className="receipt-form" onSubmit={submit} onFocus={captcha.start} noValidate>
      {field('name', t.name)}
      <div className="field">
        <span>{t.paymentDate}</span>
        <JalaliPicker
          idPrefix="r-date"
          locale={locale}
          value={date}
          time={time}
          timeLabel={t.time}
          onChange={(d, tm) => {
            setDate(d);
            setTime(tm);
          }}
        />
        {errors.payment_date && <small className="field-error">{errors.payment_date}</small>}
      </div>
      {field('price', t.price, 'ltr')}
      {field('factor_number', t.factorNumber, 'ltr')}
      {field('tracking_code', t.receiptTracking, 'ltr')}
      {field('account_number', t.receiptAccount, 'ltr')}
      {captcha.widget}
      {errors.captcha && (
        <small className="field-error" data-testid="receipt-captcha-error">
          {errors.captcha}
        </small>
      )}
      {errors.form && (
        <p role="alert" className="field-error">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !mounted}>
        {t.submit}
      </button>
    </form>
  );
}
