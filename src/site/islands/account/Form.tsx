/** Pieces every account form shares: the error summary with its spec header, labelled fields, messages. */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { fieldLabel } from '../ui/field-errors';
import type { FieldErrors } from '../../../api/schemas/common';
import type { AccountTexts } from './texts';

export function ErrorSummary({ t, errors, message }: { t: AccountTexts; errors: FieldErrors; message?: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  // Each line names its field by the label on the page; the labels are read once the list is shown.
  const [labels, setLabels] = useState<Record<string, string>>({});
  useLayoutEffect(() => {
    const form = box.current?.closest('form');
    setLabels(Object.fromEntries(Object.keys(errors).map((name) => [name, fieldLabel(form, name)])));
  }, [errors]);
  const lines = Object.entries(errors)
    .map(([name, m]) => [name, m[0]] as const)
    .filter(([, m]) => Boolean(m));
  if (!lines.length && !message) return null;
  return (
    <div className="account-alert account-alert--error" role="alert" ref={box}>
      {lines.length > 0 && <strong>{t.summary}</strong>}
      {message && !lines.length && <span>{message}</span>}
      {lines.length > 0 && (
        <ul>
          {lines.map(([name, m]) => (
            <li key={name}>
              {labels[name] ? (
                <>
                  <a href={`#f-${name}`}>{labels[name]}</a>:{' '}
                </>
              ) : null}
              {m}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Notice({ kind = 'ok', children }: { kind?: 'ok' | 'info'; children: ReactNode }) {
  return (
    <div className={`account-alert account-alert--${kind}`} role="status">
      {children}
    </div>
  );
}

interface FieldProps {
  name: string;
  label: string;
  errors: FieldErrors;
  type?: string;
  value?: string;
  required?: boolean;
  autoComplete?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  hint?: string;
  maxLength?: number;
  onChange?: (v: string) => void;
}

export function Field({ name, label, errors, type = 'text', value, required, autoComplete, dir, hint, maxLength, onChange }: FieldProps) {
  const id = `f-${name}`;
  const error = errors[name]?.[0];
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        dir={dir}
        maxLength={maxLength}
        {...(onChange ? { value: value ?? '', onChange: (e) => onChange(e.target.value) } : { defaultValue: value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {hint && <small className="muted">{hint}</small>}
      {error && (
        <span className="account-field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** Browser-side check before sending: the spec's required-field message for each empty required field. */
export function missingFields(form: HTMLFormElement, t: AccountTexts): FieldErrors {
  const errors: FieldErrors = {};
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (el.required && el.name && !String(el.value).trim()) errors[el.name] = [t.required];
  }
  return errors;
}

export const formValues = (form: HTMLFormElement): Record<string, string | boolean> => {
  const out: Record<string, string | boolean> = {};
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name) continue;
    // A radio group is one value: the checked button's.
    if (el.type === 'radio') {
      if (el.checked) out[el.name] = el.value;
      continue;
    }
    out[el.name] = el.type === 'checkbox' ? el.checked : el.value;
  }
  return out;
};
