import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Mails written by the no-SMTP mailer into DATA_DIR/outbox, oldest first: `body` the raw message with
 * quoted-printable undone, `text` the same with base64 parts decoded too.
 */
export function readOutbox(dataDir: string): { to: string; subject: string; body: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(join(dataDir, 'outbox', f), 'utf8');
    const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
    // Encoded words (=?UTF-8?B?…?=, folded over several lines) read back as text.
    const subject = (/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) => (enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')));
    // Quoted-printable soft breaks and escapes, enough to read links back.
    const qp = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const body = qp(raw);
    // The same with base64 parts (mostly-Persian texts) decoded in place.
    const pieces = raw.split(/(?<=Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/);
    const text = pieces.map((piece, i) => (i % 2 === 1 ? `${Buffer.from(piece.replace(/\s/g, ''), 'base64').toString('utf8')}\n` : qp(piece))).join('');
    return { to, subject, body, text };
  });
}

/** The first link in the newest mail to `to` whose path contains `pathPart`; polls briefly for background sends. */
export async function linkFromOutbox(dataDir: string, to: string, pathPart: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const mails = readOutbox(dataDir).filter((m) => m.to.includes(to)).reverse();
    for (const m of mails) {
      const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/\//g, '\\/')}[^\\s"<>]*`).exec(m.body);
      if (match) return new URL(match[0].replace(/&amp;/g, '&'));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link`);
}
