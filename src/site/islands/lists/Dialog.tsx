/**
 * An accessible modal: role=dialog with aria-modal and a label, focus moved inside on open and kept
 * there (Tab and Shift+Tab wrap), Escape or a click on the backdrop closes, and focus goes back to
 * whatever opened it. Dialogs stack: Escape closes only the top one.
 */
import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  onClose: () => void;
  closeLabel: string;
  /** Focus goes back here on close; by default to what had focus when the dialog opened. */
  returnFocus?: HTMLElement | null;
  className?: string;
  testId?: string;
  children: ReactNode;
}

let nextId = 1;

export function Dialog({ title, onClose, closeLabel, returnFocus, className = '', testId, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useRef(`dialog-title-${nextId++}`).current;
  useEffect(() => {
    const back = returnFocus ?? (document.activeElement as HTMLElement | null);
    const first = box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, []);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    // A stacked dialog sits inside its parent's box: the parent must not handle this Tab too.
    e.stopPropagation();
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="lists-modal"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className={`lists-modal__body ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="lists-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button lists-modal__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
