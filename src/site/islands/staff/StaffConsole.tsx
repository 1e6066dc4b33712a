/**
 * The staff console (/staff): orders (enquiries to answer, pre-invoices, paid invoices to ship — each
 * with its order page, timeline and packing slip), bank receipts, gateway payments, the action log,
 * product questions, restock requests, newsletters, and — for admins only — the staff and their roles.
 * Customers get 403; a clerk does not see the admin tab (and the server refuses its calls with 403).
 * The tabs follow the ARIA tabs pattern: arrow keys, Home and End move between them.
 */
import { useEffect, useRef, useState } from 'react';
import { formatToman } from '../../../lib/money';
import { maybeSignedIn, sendToLogin } from '../account/api';
import { call, CallError, type ApiResponse } from '../ui/api';
import StaffCategories from './StaffCategories';
import StaffContent from './StaffContent';
import StaffCustomers from './StaffCustomers';
import StaffMembers from './StaffMembers';
import StaffModeration from './StaffModeration';
import StaffNewsletters from './StaffNewsletters';
import StaffOrders from './StaffOrders';
import StaffQuestions from './StaffQuestions';
import StaffReceipts from './StaffReceipts';
import StaffReports from './StaffReports';
import StaffResupply from './StaffResupply';
import StaffTeam from './StaffTeam';
import StaffProducts from './StaffProducts';
import StaffBulk from './StaffBulk';
import StaffDiscountCodes from './StaffDiscountCodes';
import { ACTION_FA, ENTITY_FA, faDate, GATEWAY_FA, PAYMENT_STATE_FA, ROLE_FA } from './staff-labels';

type Tab =
  | 'enquiries'
  | 'orders'
  | 'receipts'
  | 'payments'
  | 'actions'
  | 'questions'
  | 'resupply'
  | 'newsletters'
  | 'categories'
  | 'content'
  | 'moderation'
  | 'customers'
  | 'reports'
  | 'team'
  | 'members'
  | 'products'
  | 'bulk'
  | 'discounts';
const TABS: [Tab, string][] = [
  ['enquiries', 'استعلام‌های در انتظار'],
  ['orders', 'همهٔ سفارش‌ها'],
  ['products', 'کالاها'],
  ['bulk', 'عملیات گروهی'],
  ['discounts', 'کدهای تخفیف'],
  ['receipts', 'رسیدهای بانکی'],
  ['payments', 'پرداخت‌های اینترنتی'],
  ['actions', 'گزارش کارها'],
  ['questions', 'پرسش‌های بی‌پاسخ'],
  ['resupply', 'درخواست‌های موجودی'],
  ['newsletters', 'خبرنامه‌ها'],
  ['categories', 'دسته‌بندی‌ها و منو'],
  ['content', 'محتوا'],
  ['moderation', 'نظرها و پیام‌ها'],
  ['customers', 'مشتریان'],
  ['reports', 'گزارش‌ها'],
  ['team', 'کارکنان و ورود دومرحله‌ای'],
  ['members', 'نقش کارکنان'],
];

export default function StaffConsole() {
  const [tab, setTab] = useState<Tab>('enquiries');
  const [me, setMe] = useState<{ role: 'admin' | 'clerk' } | null>(null);
  const [forbidden, setForbidden] = useState('');
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (!maybeSignedIn()) {
      sendToLogin('fa');
      return;
    }
    call('GET', '/staff/members')
      .then((r) => setMe(r.me))
      .catch((err) => {
        if (err instanceof CallError && err.status === 401) sendToLogin('fa');
        else setForbidden(err instanceof CallError ? err.message : 'خطا');
      });
  }, []);

  if (forbidden) return <p role="alert">{forbidden}</p>;
  if (!me) return <p>در حال بارگذاری…</p>;
  const tabs = TABS.filter(([k]) => k !== 'members' || me.role === 'admin');
  function onTabKey(e: React.KeyboardEvent) {
    const i = tabs.findIndex(([k]) => k === tab);
    // Right to left: the arrow pointing to the start of the line moves forward.
    const next = { ArrowLeft: i + 1, ArrowRight: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const k = tabs[(next + tabs.length) % tabs.length]![0];
    setTab(k);
    tabRefs.current[k]?.focus();
  }
  return (
    <div className="staff-console">
      <p className="staff-whoami no-print">نقش شما: {ROLE_FA[me.role]}</p>
      <div role="tablist" aria-label="بخش‌های کنسول" className="tabs no-print" onKeyDown={onTabKey}>
        {tabs.map(([k, label]) => (
          <button
            key={k}
            id={`staff-tab-${k}`}
            role="tab"
            type="button"
            aria-selected={tab === k}
            aria-controls="staff-panel"
            tabIndex={tab === k ? 0 : -1}
            ref={(el) => {
              tabRefs.current[k] = el;
            }}
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="staff-panel" aria-labelledby={`staff-tab-${tab}`}>
        {tab === 'enquiries' ? (
          <StaffOrders key="enquiries" initialState="awaiting_approval" />
        ) : tab === 'orders' ? (
          <StaffOrders key="orders" initialState="all" />
        ) : tab === 'receipts' ? (
          <StaffReceipts />
        ) : tab === 'questions' ? (
          <StaffQuestions />
        ) : tab === 'resupply' ? (
          <StaffResupply />
        ) : tab === 'newsletters' ? (
          <StaffNewsletters />
        ) : tab === 'members' ? (
          <StaffMembers />
        ) : tab === 'categories' ? (
          <StaffCategories />
        ) : tab === 'content' ? (
          <StaffContent />
        ) : tab === 'moderation' ? (
          <StaffModeration />
        ) : tab === 'customers' ? (
          <StaffCustomers />
        ) : tab === 'reports' ? (
          <StaffReports />
        ) : tab === 'team' ? (
          <StaffTeam />
        ) : tab === 'products' ? (
          <StaffProducts />
        ) : tab === 'bulk' ? (
          <StaffBulk />
        ) : tab === 'discounts' ? (
          <StaffDiscountCodes />
        ) : (
          <StaffLog kind={tab} />
        )}
      </div>
    </div>
  );
}

/** The read-only lists: gateway payments and the action log, every code in Persian. */
type PaymentRow = ApiResponse<'GET', '/staff/payments'>['data'][number];
type ActionRow = ApiResponse<'GET', '/staff/actions'>['data'][number];
type Log = { kind: 'payments'; rows: PaymentRow[] } | { kind: 'actions'; rows: ActionRow[] };

function StaffLog({ kind }: { kind: Log['kind'] }) {
  const [log, setLog] = useState<Log | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    setLog(null);
    const loaded: Promise<Log> =
      kind === 'payments'
        ? call('GET', '/staff/payments').then((r) => ({ kind, rows: r.data }))
        : call('GET', '/staff/actions').then((r) => ({ kind, rows: r.data }));
    loaded.then(setLog).catch((err) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, [kind]);
  if (message) return <p role="alert">{message}</p>;
  if (!log || log.kind !== kind) return <p>در حال بارگذاری…</p>;
  if (log.rows.length === 0) return <p>موردی نیست.</p>;
  return log.kind === 'payments' ? (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">شماره فاکتور</th>
          <th scope="col">درگاه</th>
          <th scope="col">مبلغ</th>
          <th scope="col">وضعیت پرداخت</th>
          <th scope="col">کد مرجع بانک</th>
          <th scope="col">نیاز به بررسی</th>
          <th scope="col">زمان</th>
        </tr>
      </thead>
      <tbody>
        {log.rows.map((r) => (
          <tr key={r.id} data-row={r.factorNumber}>
            <td dir="ltr">{r.factorNumber}</td>
            <td>{GATEWAY_FA[r.gateway] ?? r.gateway}</td>
            <td>{formatToman(r.amount)}</td>
            <td>{PAYMENT_STATE_FA[r.status] ?? r.status}</td>
            <td dir="ltr">{r.refId ?? '—'}</td>
            <td>{r.flagged ? 'بله — پول تأییدشده اعمال نشد' : 'خیر'}</td>
            <td>{faDate(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ) : (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">کارمند</th>
          <th scope="col">کار</th>
          <th scope="col">مورد</th>
          <th scope="col">زمان</th>
        </tr>
      </thead>
      <tbody>
        {log.rows.map((r) => (
          <tr key={r.id}>
            <td dir="ltr">{r.staff}</td>
            <td>{ACTION_FA[r.action] ?? r.action}</td>
            <td>
              {ENTITY_FA[r.entity] ?? r.entity} <span dir="ltr">#{r.entityId}</span>
            </td>
            <td>{faDate(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
