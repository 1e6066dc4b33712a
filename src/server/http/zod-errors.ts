import type { z } from 'zod';
import type { FieldErrors } from '../../api/schemas/common';

/** zod issues → the spec's `data.errors` map (field → messages); root-level issues go under "_". */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
