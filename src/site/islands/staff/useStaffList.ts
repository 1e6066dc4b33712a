/** Loading a staff list and sending a change, with the server's Persian message shown either way. */
import { useCallback, useEffect, useState } from 'react';
import { call, CallError, type ApiPath, type ApiResponse, type CallArgs } from '../ui/api';

export function errorText(err: unknown): string {
  if (!(err instanceof CallError)) return 'خطا در ارتباط با سرور؛ دوباره تلاش کنید.';
  const first = Object.entries(err.errors ?? {})[0];
  return first ? `${err.message} ${first[1][0] ?? ''}`.trim() : err.message;
}

/** The list a GET route answers (typed by the route table), loaded again whenever path or query change. */
export function useStaffList<P extends ApiPath<'GET'>>(path: P, ...args: CallArgs<'GET', P>) {
  const [data, setData] = useState<ApiResponse<'GET', P> | null>(null);
  const [message, setMessage] = useState('');
  const key = JSON.stringify(args[0] ?? null);
  const load = useCallback(async () => {
    try {
      setData(await call('GET', path, ...args));
    } catch (err) {
      setMessage(errorText(err));
    }
  }, [path, key]);
  useEffect(() => {
    void load();
  }, [load]);
  /** Sends a change (a typed call), shows its answer and loads the list again; true when it went through. */
  const send = useCallback(
    async (request: () => Promise<unknown>): Promise<boolean> => {
      try {
        const res = (await request()) as { message?: string } | undefined;
        setMessage(res?.message ?? 'انجام شد.');
        await load();
        return true;
      } catch (err) {
        setMessage(errorText(err));
        return false;
      }
    },
    [load],
  );
  return { data, message, setMessage, load, send };
}
