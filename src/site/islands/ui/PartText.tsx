/**
 * Text that may hold a part number. In Persian pages every Latin run (the part number, "DIP-8",
 * brand names) is wrapped in dir="ltr" so it keeps its order inside right-to-left text.
 */
import type { Locale } from './locale';

const LATIN_RUN = /[A-Za-z0-9µΩ][A-Za-z0-9µΩ\-_./+#]*[A-Za-z0-9µΩ)]|[A-Za-z]/g;

export function latinRuns(text: string): { text: string; ltr: boolean }[] {
  const out: { text: string; ltr: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(LATIN_RUN)) {
    if (!/[A-Za-z]/.test(m[0])) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), ltr: false });
    out.push({ text: m[0], ltr: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), ltr: false });
  return out;
}

export default function PartText({ text, locale }: { text: string; locale: Locale }) {
  if (locale !== 'fa') return <>{text}</>;
  return <>{latinRuns(text).map((p, i) => (p.ltr ? <span key={i} dir="ltr">{p.text}</span> : p.text))}</>;
}
