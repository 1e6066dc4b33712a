/**
 * The customer file upload modal (spec §2, §5): one .xls/.xlsx/.csv/.txt file and a board count.
 * Submitting without a file just closes the dialog; type and size are checked before sending; the
 * bar shows the upload, then "checking" while the server reads and matches; errors stay readable.
 */
import { useEffect, useRef, useState } from 'react';
import { pathIn, num, type ShopLocale } from '../shop/texts';
import { call, CallError } from '../ui/api';
import { bomTexts } from './texts';
import { ACCEPTED, checkFile, MAX_BOARDS, MAX_FILE_MB, uploadPartsFile } from './upload';

export default function UploadDialog({ locale, onClose }: { locale: ShopLocale; onClose(): void }) {
  const t = bomTexts(locale);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = progress !== null;

  useEffect(() => {
    fileInput.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy]);

  function problemText(file: File): string {
    const problem = checkFile(file);
    if (problem === 'tooLarge') return t.tooLarge(num(locale, MAX_FILE_MB));
    return problem ? t[problem] : '';
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const file = form.get('newFile');
    // Spec §5: submitting with no file just closes the dialog.
    if (!(file instanceof File) || file.name === '') {
      onClose();
      return;
    }
    const problem = problemText(file);
    if (problem) {
      setError(problem);
      return;
    }
    const boards = Number(String(form.get('boardQty') ?? '1').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))) || 1);
    if (!Number.isInteger(boards) || boards < 1 || boards > MAX_BOARDS) {
      setError(t.badBoards(num(locale, MAX_BOARDS)));
      return;
    }
    setError('');
    setProgress(0);
    try {
      const saved = await uploadPartsFile(file, boards, setProgress);
      location.assign(pathIn(locale, saved.route));
    } catch (err) {
      setProgress(null);
      if (err instanceof CallError) setError(err.status === 0 ? t.network : err.message || t.failed);
      else setError(t.failed);
    }
  }

  /** A list pasted instead of a file: the same reading and matching, from text. */
  async function submitPasted(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const text = String(new FormData(e.currentTarget).get('text') ?? '');
    if (!text.trim()) return;
    setError('');
    setProgress(1);
    try {
      const saved = await call('POST', '/SaveCustomerList', { body: { text, boardQty: 1 } });
      location.assign(pathIn(locale, saved.route));
    } catch (err) {
      setProgress(null);
      const first = err instanceof CallError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : '';
      setError(err instanceof CallError && err.status === 0 ? t.network : first || t.failed);
    }
  }

  return (
    <div
      className="modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby="bom-upload-title"
      data-testid="bom-upload-dialog"
      onClick={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <form className="modal__body bom-upload" onSubmit={submit} noValidate>
        <h2 id="bom-upload-title">{t.title}</h2>
        <label className="field">
          <span>{t.file}</span>
          <input
            ref={fileInput}
            type="file"
            name="newFile"
            accept={ACCEPTED.join(',')}
            disabled={busy}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              setError(f ? problemText(f) : '');
            }}
          />
          <small>{t.fileHint}</small>
        </label>
        <label className="field">
          <span>{t.boards}</span>
          <input type="number" name="boardQty" min={1} max={MAX_BOARDS} defaultValue={1} inputMode="numeric" disabled={busy} dir="ltr" />
          <small>{t.boardsHint}</small>
        </label>
        {error && (
          <p className="field-error" role="alert" data-testid="bom-upload-error">
            {error}
          </p>
        )}
        {busy && (
          <div className="bom-progress" role="status">
            <progress max={1} value={progress < 1 ? progress : undefined} />
            <span>{progress < 1 ? t.uploading(num(locale, Math.round(progress * 100))) : t.checking}</span>
          </div>
        )}
        <div className="bom-actions">
          <button type="submit" className="button" disabled={busy}>
            {t.send}
          </button>
          <button type="button" className="link-button" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
        </div>
      </form>
      <form className="modal__body bom-paste" onSubmit={submitPasted} noValidate>
        <label className="field">
          <span>{t.pasteTitle}</span>
          <textarea name="text" rows={5} dir="ltr" disabled={busy} data-testid="bom-paste" maxLength={512 * 1024} />
          <small>{t.pasteHint}</small>
        </label>
        <button type="submit" className="button button--outline" disabled={busy}>
          {t.pasteSend}
        </button>
      </form>
    </div>
  );
}
