/**
 * Staff console tab: newsletters. Write (subject and text, blank lines between paragraphs), edit while
 * unsent, send once to every active subscriber who wants marketing mail; each mail carries its own
 * unsubscribe link. Sent ones show when and to how many.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { NewsletterView } from '../../../api/schemas/notifications';
import { call, CallError } from '../ui/api';

const num = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

export default function StaffNewsletters() {
  const [rows, setRows] = useState<NewsletterView[] | null>(null);
  const [subscribers, setSubscribers] = useState(0);
  const [editing, setEditing] = useState<NewsletterView | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const load = async () => {
    const r = await call('GET', '/staff/newsletters');
    setRows(r.data);
    setSubscribers(r.subscribers);
  };
  const fail = (err: unknown) => {
    setErrors(err instanceof CallError ? err.errors : {});
    setMessage(err instanceof CallError ? err.message : 'خطا');
  };
  useEffect(() => {
    load().catch(fail);
  }, []);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const form = new FormData(el);
    const body = { subject: String(form.get('subject') ?? ''), body: String(form.get('body') ?? '') };
    try {
      setErrors({});
      if (editing) await call('PUT', '/staff/newsletters/{id}', { params: { id: editing.id }, body });
      else await call('POST', '/staff/newsletters', { body });
      setMessage('خبرنامه ذخیره شد؛ برای فرستادن، «ارسال به مشترکان» را بزنید.');
      setEditing(null);
      el.reset();
      await load();
    } catch (err) {
      fail(err);
    }
  }

  async function send(n: NewsletterView) {
    if (!window.confirm(`«${n.subject}» برای ${num(subscribers)} مشترک فرستاده شود؟ این کار برگشت‌پذیر نیست.`)) return;
    try {
      const r = await call('POST', '/staff/newsletters/{id}/send', { params: { id: n.id } });
      setMessage(`خبرنامه برای ${num(r.data.recipients)} نفر در صف ارسال قرار گرفت.`);
      await load();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section aria-label="خبرنامه‌ها" className="staff-newsletters">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <p>مشترکان فعال: {num(subscribers)}</p>
      <form key={editing?.id ?? 'new'} onSubmit={(e) => void save(e)} noValidate className="staff-newsletter-form">
        <h2>{editing ? `ویرایش «${editing.subject}»` : 'خبرنامه تازه'}</h2>
        <label htmlFor="newsletter-subject">موضوع</label>
        <input
          id="newsletter-subject"
          name="subject"
          required
          maxLength={200}
          defaultValue={editing?.subject ?? ''}
          aria-invalid={!!errors.subject}
          aria-describedby={errors.subject ? 'newsletter-subject-error' : undefined}
        />
        {errors.subject && (
          <p id="newsletter-subject-error" className="field-error">
            {errors.subject[0]}
          </p>
        )}
        <label htmlFor="newsletter-body">متن (پاراگراف‌ها را با یک خط خالی جدا کنید)</label>
        <textarea
          id="newsletter-body"
          name="body"
          required
          rows={8}
          maxLength={20000}
          defaultValue={editing?.body ?? ''}
          aria-invalid={!!errors.body}
          aria-describedby={errors.body ? 'newsletter-body-error' : undefined}
        />
        {errors.body && (
          <p id="newsletter-body-error" className="field-error">
            {errors.body[0]}
          </p>
        )}
        <p>
          <button type="submit" data-action="save-newsletter">
            ذخیره
          </button>
          {editing && (
            <button type="button" onClick={() => setEditing(null)}>
              انصراف
            </button>
          )}
        </p>
      </form>
      {!rows ? (
        <p>در حال بارگذاری…</p>
      ) : rows.length === 0 ? (
        <p>هنوز خبرنامه‌ای نوشته نشده است.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th>موضوع</th>
              <th>نوشته‌شده</th>
              <th>وضعیت</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((n) => (
              <tr key={n.id} data-newsletter={n.id}>
                <td>{n.subject}</td>
                <td>{new Date(n.createdAt).toLocaleString('fa-IR')}</td>
                <td>{n.sentAt ? `فرستاده‌شده ${new Date(n.sentAt).toLocaleString('fa-IR')} برای ${num(n.recipients)} نفر` : 'پیش‌نویس'}</td>
                <td>
                  {!n.sentAt && (
                    <>
                      <button type="button" onClick={() => setEditing(n)}>
                        ویرایش
                      </button>
                      <button type="button" data-action="send-newsletter" onClick={() => void send(n)}>
                        ارسال به مشترکان
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
