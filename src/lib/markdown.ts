/**
 * Markdown as staff write product specifications and descriptions in the console: CommonMark with
 * GitHub's tables, strikethrough and autolinks (micromark, a maintained parser). HTML typed among the
 * Markdown (or a description imported as HTML and opened in the editor) is kept, because the result
 * always goes through the shop's one allow-list (rich-html.ts): scripts, handlers and foreign images
 * are dropped there, as for every stored HTML.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { sanitiseRichHtml } from './rich-html';

export function markdownToHtml(markdown: string): string {
  return sanitiseRichHtml(micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] }));
}

/**
 * The Markdown a field was saved from, for the editor to reopen, unless the stored HTML was since
 * written another way (an import, an HTML save): then null, and the editor opens the HTML.
 */
export function markdownSourceOf(markdown: string | null, html: string | null): string | null {
  return markdown !== null && markdownToHtml(markdown) === html ? markdown : null;
}
