/** Draws the toasts of stores/toasts: each leaves after 5000 ms, and stays while the pointer is on it. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $toasts, dismissToast, TOAST_MS, type Toast } from '../../stores/toasts';
import type { Locale } from './locale';
import { islandTexts } from './texts';

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [hovered, setHovered] = useState(false);
  const left = useRef(TOAST_MS);
  useEffect(() => {
    if (hovered) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), left.current);
    // Hovering pauses the countdown; the time already shown is not given back.
    return () => { clearTimeout(timer); left.current -= Date.now() - started; };
  }, [hovered, toast.id]);
  return (
    <li className={`toast toast--${toast.kind}`} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}
      role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}>
      <span>{toast.text}</span>
      <button type="button" aria-label={closeLabel} onClick={() => dismissToast(toast.id)}>×</button>
    </li>
  );
}

export default function Toaster({ locale }: { locale: Locale }) {
  const toasts = useStore($toasts);
  const t = islandTexts(locale);
  return <ul className="toasts" aria-live="polite">{toasts.map((toast) => <ToastItem key={toast.id} toast={toast} closeLabel={t.close} />)}</ul>;
}
