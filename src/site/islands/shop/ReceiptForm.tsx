/** /shop/receipt: registering a bank-transfer receipt (guests too) → paymentBank/create. */
import { useState } from 'react';
import { jalaliToIso } from '../../../lib/jalali';
import { toAsciiDigits } from '../../../lib/persian';
import { call, CallError } from './api';
import { JalaliPicker, todayJalali } from './JalaliPicker';
import { shopTexts, type ShopLocale } from './texts';

export default function ReceiptForm({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const params = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const [fields, setFields] = useState({
    name: '', price: params.get('price') ?? '', factor_number: params.get('factor') ?? '', tracking_code: '', account_number: '',
  });
  const [date, setDate] = useState(todayJalali());
  const [time, setTime] = useState('10:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const missing = Object.fromEntries(Object.entries(fields).filter(([, v]) => !v.trim()).map(([k]) => [k, t.required]));
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const toman = Number(toAsciiDigits(fields.price).replace(/[,٬\s]/g, ''));
      await call('POST', '/paymentBank/create', { ...fields, price: Math.round(toman * 10), payment_date: jalaliToIso(date, time) });
      setDone(true);
    } catch (err) {
      if (err instanceof CallError) setErrors(Object.keys(err.errors).length ? Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])) : { form: err.message || t.error });
    } finally {
      setBusy(false);
    }
  }

  if (done) return <p role="status" className="notice">{t.receiptSaved}</p>;
  const field = (name: keyof typeof fields, label: string, dir?: 'ltr') => (
    <label className="field" key={name}>
      <span>{label}</span>
      <input id={`r-${name}`} name={name} dir={dir} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />
      {errors[name] && <small className="field-error">{errors[name]}</small>}
    </label>
  );
  return (
    <form className="receipt-form" onSubmit={submit} noValidate>
      {field('name', t.name)}
      <div className="field"><span>{t.paymentDate}</span><JalaliPicker idPrefix="r-date" value={date} time={time} timeLabel={t.time} onChange={(d, tm) => { setDate(d); setTime(tm); }} />
        {errors.payment_date && <small className="field-error">{errors.payment_date}</small>}</div>
      {field('price', t.price, 'ltr')}
      {field('factor_number', t.factorNumber, 'ltr')}
      {field('tracking_code', t.receiptTracking, 'ltr')}
      {field('account_number', t.receiptAccount, 'ltr')}
      {errors.form && <p role="alert" className="field-error">{errors.form}</p>}
      <button type="submit" className="button button--primary" disabled={busy}>{t.submit}</button>
    </form>
  );
}
