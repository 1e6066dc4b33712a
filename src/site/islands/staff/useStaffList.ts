/** Loading a staff list and sending a change, with the server's Persian message shown either way. */
import { useCallback, useEffect, useState } from 'react';
import { call, CallError } from '../account/api';

export function errorText(err: unknown): string {
  if (!(err instanceof CallError)) return 'خطا در ارتباط با سرور؛ دوباره تلاش کنید.';
  const first = Object.entries(err.errors ?? {})[0];
  return first ? `${err.message} ${first[1][0] ?? ''}`.trim() : err.message;
}

export function useStaffList<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    try {
      setData(await call<T>('GET', path));
    } catch (err) {
      setMessage(errorText(err));
    }
  }, [path]);
  useEffect(() => { void load(); }, [load]);
  /** Sends a change, shows its answer and loads the list again; true when it went through. */
  const send = useCallback(async (method: 'POST' | 'PUT' | 'DELETE', target: string, body?: unknown): Promise<boolean> => {
    try {
      const res = await call<{ message?: string }>(method, target, body);
      setMessage(res?.message ?? 'انجام شد.');
      await load();
      return true;
    } catch (err) {
      setMessage(errorText(err));
      return false;
    }
  }, [load]);
  return { data, message, setMessage, load, send };
}
