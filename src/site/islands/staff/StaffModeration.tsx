/**
 * Staff console tab «نظرها و پیام‌ها»: the moderation setting, reviews waiting for approval, the
 * contact inbox and the newsletter subscribers (questions have their own tab, StaffQuestions).
 */
import { useState } from 'react';
import { call } from '../ui/api';
import { useStaffList } from './useStaffList';

const fa = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

export default function StaffModeration() {
  const setting = useStaffList('/staff/settings/moderation');
  const reviews = useStaffList('/staff/reviews', { query: { state: 'pending' } });
  const [inboxPage, setInboxPage] = useState(1);
  const [subsPage, setSubsPage] = useState(1);
  const inbox = useStaffList('/staff/contact-messages', { query: { page: inboxPage } });
  const subs = useStaffList('/staff/subscribers', { query: { page: subsPage } });
  return (
    <section aria-label="نظرها و پیام‌ها">
      <h2>انتشار نظرها و پرسش‌ها</h2>
      {setting.message && (
        <p role="status" className="notice">
          {setting.message}
        </p>
      )}
      <label>
        <select
          aria-label="انتشار نظرها"
          value={setting.data?.data.mode ?? 'immediate'}
          onChange={(e) =>
            void setting.send(() =>
              call('PUT', '/staff/settings/moderation', { body: { mode: e.target.value as 'immediate' | 'approval' } }),
            )
          }
        >
          <option value="immediate">بی‌درنگ منتشر شود</option>
          <option value="approval">پس از تأیید منتشر شود</option>
        </select>
      </label>

      <h2>نظرهای در انتظار تأیید</h2>
      {reviews.message && (
        <p role="status" className="notice">
          {reviews.message}
        </p>
      )}
      {reviews.data?.data.length === 0 ? (
        <p>نظری در انتظار نیست.</p>
      ) : (
        <ul className="staff-list">
          {(reviews.data?.data ?? []).map((r) => (
            <li key={r.id} data-review={r.id}>
              <a href={`/shop/products/${r.product.slug}`}>{r.product.name}</a> — {r.author}، {'★'.repeat(r.rating)}
              <blockquote>{r.text}</blockquote>
              <button
                type="button"
                onClick={() => void reviews.send(() => call('POST', '/staff/reviews/{id}/approve', { params: { id: r.id } }))}
              >
                تأیید
              </button>
              <button
                type="button"
                onClick={() => void reviews.send(() => call('DELETE', '/staff/reviews/{id}', { params: { id: r.id } }))}
              >
                حذف
              </button>
            </li>
          ))}
        </ul>
      )}

      <h2>پیام‌های تماس با ما ({fa(inbox.data?.total ?? 0)})</h2>
      <ul className="staff-list">
        {(inbox.data?.data ?? []).map((m) => (
          <li key={m.id}>
            <strong>{m.subject}</strong> — {m.name}{' '}
            <a dir="ltr" href={`mailto:${m.email}`}>
              {m.email}
            </a>
            ، {new Date(m.date).toLocaleString('fa-IR')}
            <p>{m.comment}</p>
          </li>
        ))}
      </ul>
      <Pager page={inboxPage} pages={inbox.data?.pages ?? 1} onPage={setInboxPage} />

      <h2>
        مشترکان خبرنامه ({fa(subs.data?.active ?? 0)} فعال از {fa(subs.data?.total ?? 0)})
      </h2>
      <ul className="staff-list">
        {(subs.data?.data ?? []).map((s) => (
          <li key={s.id}>
            <span dir="ltr">{s.email}</span> {new Date(s.subscribedAt).toLocaleDateString('fa-IR')} {s.unsubscribedAt ? '(لغو اشتراک)' : ''}
          </li>
        ))}
      </ul>
      <Pager page={subsPage} pages={subs.data?.pages ?? 1} onPage={setSubsPage} />
    </section>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(p: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="صفحه‌ها" className="pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        قبلی
      </button>
      <span>
        صفحه {fa(page)} از {fa(pages)}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        بعدی
      </button>
    </nav>
  );
}
