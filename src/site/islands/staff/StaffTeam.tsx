/**
 * Staff console tab «کارکنان»: one's own two-factor sign-in (enrol with the QR code or the otpauth
 * address, confirm with a code, turn off with a code); for admins the staff list, adding a member,
 * setting a new password and clearing a lost second factor.
 */
import { useState, type FormEvent } from 'react';
import { call } from '../ui/api';
import { errorText, useStaffList } from './useStaffList';

export default function StaffTeam() {
  return (
    <section aria-label="کارکنان">
      <TwoFactor />
      <Team />
    </section>
  );
}

function TwoFactor() {
  const state = useStaffList('/staff/me/two-factor');
  const [enrol, setEnrol] = useState<{ otpauthUri: string; secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  async function start() {
    try {
      setEnrol((await call('POST', '/staff/me/two-factor/start')).data);
    } catch (err) {
      state.setMessage(errorText(err));
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const enabled = state.data?.data.enabled;
    if (
      await state.send(() =>
        enabled
          ? call('POST', '/staff/me/two-factor/disable', { body: { code } })
          : call('POST', '/staff/me/two-factor/confirm', { body: { code } }),
      )
    ) {
      setEnrol(null);
      setCode('');
    }
  }
  const enabled = state.data?.data.enabled ?? false;
  return (
    <div>
      <h2>ورود دومرحله‌ای</h2>
      {state.message && (
        <p role="status" className="notice">
          {state.message}
        </p>
      )}
      <p>{enabled ? 'فعال است.' : 'فعال نیست.'}</p>
      {!enabled && !enrol && (
        <button type="button" onClick={() => void start()}>
          فعال‌سازی ورود دومرحله‌ای
        </button>
      )}
      {enrol && (
        <div>
          {/* The QR code is our own server's SVG of the otpauth address. */}
          <div className="totp-qr" style={{ maxWidth: '12rem' }} dangerouslySetInnerHTML={{ __html: enrol.qrSvg }} />
          <p>
            یا این کلید را در برنامه وارد کنید:{' '}
            <code dir="ltr" data-totp-secret>
              {enrol.secret}
            </code>
          </p>
          <p>
            <a dir="ltr" href={enrol.otpauthUri}>
              otpauth
            </a>
          </p>
        </div>
      )}
      {(enabled || enrol) && (
        <form onSubmit={submit}>
          <label>
            کد شش‌رقمی{' '}
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <button type="submit">{enabled ? 'غیرفعال کردن' : 'تأیید و فعال‌سازی'}</button>
        </form>
      )}
    </div>
  );
}

function Team() {
  const team = useStaffList('/staff/team');
  const empty = { username: '', email: '', name: '', mobile: '', password: '' };
  const [form, setForm] = useState(empty);
  const [reset, setReset] = useState<{ id: number; password: string } | null>(null);
  if (!team.data && team.message) return <p role="alert">{team.message}</p>;
  async function add(e: FormEvent) {
    e.preventDefault();
    if (await team.send(() => call('POST', '/staff/team', { body: form }))) setForm(empty);
  }
  return (
    <div>
      <h2>کارکنان</h2>
      {team.message && (
        <p role="status" className="notice">
          {team.message}
        </p>
      )}
      <ul className="staff-list">
        {(team.data?.data ?? []).map((m) => (
          <li key={m.id}>
            {m.name} <span dir="ltr">({m.username})</span> {m.twoFactor ? '· ورود دومرحله‌ای' : ''}
            <button type="button" onClick={() => setReset({ id: m.id, password: '' })}>
              رمز تازه
            </button>
            {m.twoFactor && (
              <button
                type="button"
                onClick={() => void team.send(() => call('POST', '/staff/team/{id}/two-factor/clear', { params: { id: m.id } }))}
              >
                برداشتن ورود دومرحله‌ای
              </button>
            )}
          </li>
        ))}
      </ul>
      {reset && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void team
              .send(() => call('POST', '/staff/team/{id}/password', { params: { id: reset.id }, body: { password: reset.password } }))
              .then((ok) => ok && setReset(null));
          }}
        >
          <label>
            رمز عبور تازه{' '}
            <input
              type="password"
              autoComplete="new-password"
              value={reset.password}
              onChange={(e) => setReset({ ...reset, password: e.target.value })}
            />
          </label>
          <button type="submit">ثبت رمز</button>
        </form>
      )}
      <form onSubmit={add} className="staff-form" aria-label="افزودن کارمند">
        <label>
          نام <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          نام کاربری <input dir="ltr" value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        </label>
        <label>
          ایمیل <input dir="ltr" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label>
          موبایل <input dir="ltr" value={form.mobile} onChange={(e) => setForm({ ...form, mobile: e.target.value })} />
        </label>
        <label>
          رمز عبور{' '}
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        <button type="submit">افزودن کارمند</button>
      </form>
    </div>
  );
}
