/**
 * Shared behaviour of the forms' error lists: a summary line names its field (the label the shopper
 * sees beside it), and a field's error goes away as soon as the shopper fixes that field instead of
 * lingering until the next submit.
 */

/** The visible label of the form's field called `name` (without the required-star), or '' when it has none. */
export function fieldLabel(form: HTMLFormElement | null | undefined, name: string): string {
  const found = form?.elements.namedItem(name);
  const el = found instanceof RadioNodeList ? found[0] : found;
  if (!(el instanceof HTMLElement)) return '';
  const label = (el as HTMLInputElement).labels?.[0] ?? el.closest('label');
  if (!label) return el.getAttribute('aria-label') ?? '';
  // A label wrapping its field holds the field and its error too: its caption is its first span.
  const text = label.contains(el)
    ? (label.querySelector(':scope > span')?.textContent ?? '')
    : Array.from(label.childNodes)
        .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent)
        .join('');
  return text.replace(/\*/g, '').trim();
}

/**
 * Whether an edit fixed the error of the field it happened in: a required field is fixed once it is
 * not empty; any other message (the server's) is about the value the shopper has just changed.
 */
export function editFixes(target: EventTarget | null): string | null {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) return null;
  if (!target.name) return null;
  if (target.required && !target.value.trim()) return null;
  return target.name;
}
