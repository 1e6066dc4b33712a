/** Staff console tab: product questions waiting for an answer, each with a form; answering records a staff action. */
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffQuestion } from '../../../api/schemas/engagement';
import { call, CallError } from '../ui/api';

export default function StaffQuestions() {
  const [rows, setRows] = useState<StaffQuestion[] | null>(null);
  const [message, setMessage] = useState('');
  const load = async () => setRows((await call('GET', '/staff/questions', { query: { state: 'unanswered' } })).data);
  useEffect(() => {
    load().catch((err: unknown) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, []);

  async function answer(id: number, content: string) {
    try {
      await call('POST', '/staff/questions/{id}/answer', { params: { id }, body: { content } });
      setMessage('پاسخ ثبت شد.');
      await load();
    } catch (err) {
      setMessage(err instanceof CallError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : 'خطا');
    }
  }

  async function act(request: () => Promise<{ message: string }>) {
    try {
      setMessage((await request()).message);
      await load();
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  return (
    <section className="staff-questions" aria-label="پرسش‌های بی‌پاسخ">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {!rows ? (
        <p>در حال بارگذاری…</p>
      ) : rows.length === 0 ? (
        <p>پرسش بی‌پاسخی نیست.</p>
      ) : (
        <ul className="staff-list">
          {rows.map((q) => (
            <li key={q.id} data-question={q.id}>
              <p>
                <a href={`/shop/products/${q.product.slug}`}>{q.product.name}</a>{' '}
                <bdi dir="ltr" className="pn">
                  {q.product.partNumber}
                </bdi>{' '}
                — {q.customer ?? q.author}، {new Date(q.date).toLocaleString('fa-IR')}
              </p>
              <blockquote className="staff-question__text">{q.text}</blockquote>
              {!q.approved && (
                <p>
                  <strong>در انتظار تأیید</strong>{' '}
                  <button
                    type="button"
                    data-action="approve"
                    onClick={() => void act(() => call('POST', '/staff/questions/{id}/approve', { params: { id: q.id } }))}
                  >
                    تأیید
                  </button>
                </p>
              )}
              <button
                type="button"
                data-action="delete"
                onClick={() => void act(() => call('DELETE', '/staff/comments/{id}', { params: { id: q.id } }))}
              >
                حذف پرسش
              </button>
              <AnswerForm id={q.id} onSend={answer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AnswerForm({ id, onSend }: { id: number; onSend: (id: number, content: string) => Promise<void> }) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    await onSend(id, content);
    setBusy(false);
  }
  return (
    <form onSubmit={submit}>
      <label htmlFor={`answer-${id}`}>پاسخ</label>
      <textarea id={`answer-${id}`} value={content} onChange={(e) => setContent(e.target.value)} />
      <button type="submit" data-action="answer" disabled={busy}>
        ثبت پاسخ
      </button>
    </form>
  );
}
