/**
 * A Markdown text area with a live preview beside it. The preview is the server's own rendering
 * (`/staff/markdown-preview`: Markdown → HTML → the shop's allow-list), so what the clerk sees is
 * exactly what the product page will show, and no Markdown parser or sanitiser ships to the browser.
 */
// The editor renders on the client alone (after the staff API answers), so its ids are never hydrated.
// eslint-disable-next-line no-restricted-imports
import { useEffect, useId, useState } from 'react';
import { call } from '../ui/api';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string[] | undefined;
}

/** Typing pauses this long before the preview is asked for. */
const PREVIEW_DELAY_MS = 250;

export default function MarkdownField({ name, label, value, onChange, error }: Props) {
  const id = useId();
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!value.trim()) {
      setHtml('');
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      call('POST', '/staff/markdown-preview', { body: { markdown: value } })
        .then((r) => {
          if (!stale) setHtml(r.data.html);
        })
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [value]);
  return (
    <div className="staff-field staff-markdown">
      <label htmlFor={id}>
        {label} <small>(Markdown: ## عنوان، **پررنگ**، - فهرست، | جدول |)</small>
      </label>
      <textarea id={id} name={name} dir="auto" rows={8} value={value} onChange={(e) => onChange(e.target.value)} />
      <section
        className="staff-markdown__preview"
        aria-label={`پیش‌نمایش ${label}`}
        aria-live="polite"
        data-preview={name}
        // The server sanitised this HTML with the same allow-list the pages use.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {error && (
        <span role="alert" className="field-error">
          {error.join(' ')}
        </span>
      )}
    </div>
  );
}
