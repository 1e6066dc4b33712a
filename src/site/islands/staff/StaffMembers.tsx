/** Staff console tab, admins only: who works in the console and as what (admin or clerk). */
import { useEffect, useState } from 'react';
import { call, CallError, type ApiBody } from '../ui/api';
import { ROLE_FA } from './staff-labels';

interface Member {
  id: number;
  username: string;
  name: string;
  role: 'admin' | 'clerk';
}

export default function StaffMembers() {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<'' | 'admin' | 'clerk' | 'customer'>('');
  const [message, setMessage] = useState('');

  useEffect(() => {
    void call('GET', '/staff/members')
      .then((r) => setMembers(r.data))
      .catch((err) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, []);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    try {
      setMembers(
        (await call('POST', '/staff/members', { body: { username: username.trim(), role } as ApiBody<'POST', '/staff/members'> })).data,
      );
      setMessage('نقش ذخیره شد.');
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  return (
    <section aria-label="کارکنان">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {members && (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">نام کاربری</th>
              <th scope="col">نام</th>
              <th scope="col">نقش</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td dir="ltr">{m.username}</td>
                <td>{m.name}</td>
                <td>{ROLE_FA[m.role]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={(e) => void save(e)} className="staff-filters">
        <label>
          نام کاربری (حساب موجود) <input dir="ltr" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label>
          نقش{' '}
          <select required value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
            <option value="" disabled>
              — انتخاب کنید —
            </option>
            {Object.entries(ROLE_FA).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">ذخیرهٔ نقش</button>
      </form>
    </section>
  );
}
