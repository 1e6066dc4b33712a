/**
 * Sends a parts file to SaveCustomerFile with upload progress (fetch cannot report it, XMLHttpRequest
 * can, so this one call goes around ui/api's caller but keeps its URL, CSRF echo and error type). Checks what the browser can check first, so a wrong file never leaves the machine.
 */
import type { SaveCustomerFileResponse } from '../../../api/schemas/bom';
import { BOM_LIMITS } from '~/lib/bom/upload-limits';
import { csrfToken } from '../header/shell/session-hint';
import { apiUrl, CallError, type ApiPath } from '../ui/api';

export const ACCEPTED = ['.xls', '.xlsx', '.csv', '.txt'] as const;

export type FileProblem = 'wrongType' | 'tooLarge' | 'emptyFile' | null;

export function checkFile(file: Pick<File, 'name' | 'size'>): FileProblem {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((ext) => name.endsWith(ext))) return 'wrongType';
  if (file.size > BOM_LIMITS.maxFileBytes) return 'tooLarge';
  if (file.size === 0) return 'emptyFile';
  return null;
}

export const MAX_FILE_MB = Math.round(BOM_LIMITS.maxFileBytes / (1024 * 1024));
export const MAX_BOARDS = BOM_LIMITS.maxBoards;

/** Resolves with the server's answer; `onProgress` gets 0..1 while the bytes go up, then 1. */
export function uploadPartsFile(file: File, boards: number, onProgress: (sent: number) => void): Promise<SaveCustomerFileResponse> {
  const form = new FormData();
  form.append('newFile', file, file.name);
  form.append('boardQty', String(boards));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/SaveCustomerFile' satisfies ApiPath<'POST'>));
    xhr.setRequestHeader('accept', 'application/json');
    // A signed-in customer's upload is theirs; the session cookie then needs the CSRF echo.
    const csrf = csrfToken();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new CallError(0, 'network'));
    xhr.onload = () => {
      let body: { message?: string; data?: { errors?: Record<string, string[]> } } & Partial<SaveCustomerFileResponse> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as SaveCustomerFileResponse);
      else {
        const first = Object.values(body.data?.errors ?? {})[0]?.[0];
        reject(new CallError(xhr.status, first ?? body.message ?? '', body.data?.errors ?? {}));
      }
    };
    xhr.send(form);
  });
}
