/**
 * The staff console (/staff): enquiries to confirm (quantities, prices, availability per line), reject
 * or answer "contact the store"; bank receipts to accept (the invoice becomes paid) or reject; paid
 * invoices' shipping status and tracking code; gateway payments; the action log; product questions to
 * answer and restock requests (StaffQuestions, StaffResupply). Customers get 403.
 */
import { useEffect, useState } from 'react';
import type { FactorDetail } from '../../../api/schemas/shop';
import { call, CallError } from '../account/api';
import { sendToLogin, maybeSignedIn } from '../account/api';
import StaffQuestions from './StaffQuestions';
import StaffReceipts from './StaffReceipts';
import StaffResupply from './StaffResupply';
import StaffNewsletters from './StaffNewsletters';

type Row = Record<string, any>;
type Tab = 'enquiries' | 'receipts' | 'invoices' | 'payments' | 'actions' | 'questions' | 'resupply' | 'newsletters';
const TABS: [Tab, string][] = [['enquiries', 'استعلام‌ها'], ['receipts', 'رسیدهای بانکی'], ['invoices', 'فاکتورهای پرداخت‌شده'], ['payments', 'پرداخت‌ها'], ['actions', 'گزارش کارها'],
  ['questions', 'پرسش‌های بی‌پاسخ'], ['resupply', 'درخواست‌های موجودی'], ['newsletters', 'خبرنامه‌ها']];
const toman = (rials: number) => `${new Intl.NumberFormat('fa-IR').format(Math.round(rials / 10))} تومان`;

export default function StaffConsole() {
  const [tab, setTab] = useState<Tab>('enquiries');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [forbidden, setForbidden] = useState('');
  const [open, setOpen] = useState<FactorDetail | null>(null);
  const [edits, setEdits] = useState<Record<number, { quantity: number; unitPrice: number; available: boolean }>>({});
  const [message, setMessage] = useState('');

  async function load() {
    // These tabs load their own lists.
    if (tab === 'questions' || tab === 'resupply' || tab === 'newsletters' || tab === 'receipts') return;
    const path = { enquiries: '/staff/orders?state=awaiting_approval', invoices: '/staff/orders?state=paid', payments: '/staff/payments', actions: '/staff/actions' }[tab];
    try {
      setRows((await call<{ data: Row[] }>('GET', path)).data);
    } catch (err) {
      if (err instanceof CallError && err.status === 401) sendToLogin('fa');
      else if (err instanceof CallError) setForbidden(err.message);
    }
  }
  useEffect(() => {
    if (!maybeSignedIn()) { sendToLogin('fa'); return; }
    setRows(null);
    setOpen(null);
    void load();
  }, [tab]);

  async function act(path: string, body?: unknown, done = 'انجام شد.') {
    try {
      await call('POST', path, body);
      setMessage(done);
      setOpen(null);
      await load();
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  async function openOrder(id: number) {
    const d = (await call<{ data: FactorDetail }>('GET', `/staff/orders/${id}`)).data;
    setEdits(Object.fromEntries(d.lines.map((l) => [l.id, { quantity: l.quantity, unitPrice: l.unitPrice, available: l.available }])));
    setOpen(d);
  }

  if (forbidden) return <p role="alert">{forbidden}</p>;
  return (
    <div className="staff-console">
      <div role="tablist" className="tabs">{TABS.map(([k, label]) => <button key={k} role="tab" type="button" aria-selected={tab === k} onClick={() => setTab(k)}>{label}</button>)}</div>
      {message && <p role="status" className="notice">{message}</p>}
      {tab === 'questions' ? <StaffQuestions /> : tab === 'resupply' ? <StaffResupply /> : tab === 'newsletters' ? <StaffNewsletters /> : tab === 'receipts' ? <StaffReceipts /> : !rows ? <p>در حال بارگذاری…</p> : rows.length === 0 ? <p>موردی نیست.</p> : (
        <table className="staff-table">
          <tbody>{rows.map((r) => (
            <tr key={r.id} data-row={r.factorNumber ?? r.id}>
              {tab === 'enquiries' && <><td dir="ltr">{r.factorNumber}</td><td>{r.customer}</td><td>{toman(r.total)}</td><td><button type="button" onClick={() => void openOrder(r.id)}>بررسی</button></td></>}
              {tab === 'invoices' && <><td dir="ltr">{r.factorNumber}</td><td>{r.customer}</td><td>{toman(r.total)}</td><td>{r.shippingStatus}</td><td><ShippingForm id={r.id} onSave={(body) => act(`/staff/orders/${r.id}/shipping`, body)} /></td></>}
              {tab === 'payments' && <><td dir="ltr">{r.factorNumber}</td><td>{r.gateway}</td><td>{toman(r.amount)}</td><td>{r.status}</td><td dir="ltr">{r.refId}</td><td>{r.flagged ? 'نیاز به بررسی' : ''}</td></>}
              {tab === 'actions' && <><td>{r.staff}</td><td dir="ltr">{r.action}</td><td>{r.entity} {r.entityId}</td><td>{new Date(r.createdAt).toLocaleString('fa-IR')}</td></>}
            </tr>
          ))}</tbody>
        </table>
      )}
      {open && (
        <section className="staff-order" aria-label={`سفارش ${open.factorNumber}`}>
          <h2>استعلام {open.factorNumber}</h2>
          <table><tbody>{open.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.product.nameFa} <span dir="ltr" className="pn">{l.product.partNumber}</span>
                {l.reference && <small className="staff-line__reference">مرجع: <bdi dir="auto">{l.reference}</bdi></small>}</td>
              <td><input aria-label="تعداد" type="number" min={0} value={edits[l.id]!.quantity} onChange={(e) => setEdits({ ...edits, [l.id]: { ...edits[l.id]!, quantity: Number(e.target.value) } })} /></td>
              <td><input aria-label="قیمت واحد (ریال)" type="number" min={0} value={edits[l.id]!.unitPrice} onChange={(e) => setEdits({ ...edits, [l.id]: { ...edits[l.id]!, unitPrice: Number(e.target.value) } })} /></td>
              <td><label><input type="checkbox" checked={edits[l.id]!.available} onChange={(e) => setEdits({ ...edits, [l.id]: { ...edits[l.id]!, available: e.target.checked } })} /> موجود</label></td>
            </tr>
          ))}</tbody></table>
          <p>
            <button type="button" data-action="confirm" onClick={() => void act(`/staff/orders/${open.id}/confirm`, { lines: Object.entries(edits).map(([id, e]) => ({ id: Number(id), ...e })) }, 'تأیید شد.')}>تأیید و صدور پیش‌فاکتور</button>
            <button type="button" data-action="contact" onClick={() => void act(`/staff/orders/${open.id}/contact`, {})}>تماس با فروشگاه</button>
            <button type="button" data-action="reject" onClick={() => void act(`/staff/orders/${open.id}/reject`, {})}>رد</button>
          </p>
        </section>
      )}
    </div>
  );
}

function ShippingForm({ id, onSave }: { id: number; onSave(body: unknown): void }) {
  const [status, setStatus] = useState('shipped');
  const [code, setCode] = useState('');
  return (
    <span>
      <select aria-label="وضعیت ارسال" value={status} onChange={(e) => setStatus(e.target.value)} id={`ship-${id}`}>
        <option value="preparing">در حال آماده‌سازی</option><option value="shipped">ارسال شده</option><option value="delivered">تحویل داده شده</option>
      </select>
      <input aria-label="کد مرسوله" dir="ltr" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="button" onClick={() => onSave({ shippingStatus: status, shippingTrackingCode: code || undefined })}>ثبت</button>
    </span>
  );
}
