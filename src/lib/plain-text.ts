/**
 * Text people type into reviews, questions and requests is shown back to everyone, so markup is
 * removed rather than stored: tags go, and the bodies of <script>/<style> go with them. Stripping
 * repeats until nothing changes, so nested leftovers such as "<scr<script>ipt>" cannot rebuild a tag.
 * A lone "<" or ">" ("ولتاژ < 5V") is not markup and stays: pages render it as text.
 */
import { normalisePersianText } from './persian';

const WITH_BODY = /<\s*(script|style|iframe|object|template)\b[^>]*>[\s\S]*?(<\s*\/\s*\1\s*>|$)/gi;
const TAG = /<\s*\/?\s*[a-z!?][^<>]*>?/gi;
const COMMENT = /<!--[\s\S]*?(-->|$)/g;

export function stripMarkup(text: string): string {
  let out = text;
  for (let i = 0; i < 10; i++) {
    const next = out
      .replace(COMMENT, ' ')
      .replace(WITH_BODY, ' ')
      .replace(TAG, ' ')
      .replace(/javascript\s*:/gi, '');
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Markup removed, Persian letters normalised, spaces tidied; paragraphs (blank lines) kept, at most one blank line. */
export function cleanUserText(text: string): string {
  return normalisePersianText(stripMarkup(text))
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
