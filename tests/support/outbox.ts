import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Mails written by the no-SMTP mailer into DATA_DIR/outbox, oldest first: `body` the raw message with
 * quoted-printable undone, `text` the same with base64 parts decoded too.
 */
export function readOutbox(dataDir: string): { to: string; subject: string; body: string; text: string }[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const raw = readFileSync(join(dataDir, 'outbox', f), 'utf8');
    const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
    // Encoded words (=?UTF-8?B?…?=, folded over several lines) read back as text.
    const subject = (/^Subject: (.*(?:\r?\n[ \t].*)*)$/m.exec(raw)?.[1] ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8'),
      );
    // Quoted-printable soft breaks and escapes, enough to read links back.
    const qp = (text: string) =>
      text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const body = qp(raw);
    // The same with base64 parts (mostly-Persian texts) decoded in place.
    const pieces = raw.split(/(?<=Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/);
    const text = pieces
      .map((piece, i) => (i % 2 === 1 ? `${Buffer.from(piece.replace(/\s/g, ''), 'base64').toString('utf8')}\n` : qp(piece)))
      .join('');
    return { to, subject, body, text };
  });
}

/** The first link in the newest mail to `to` whose path contains `pathPart`; polls briefly for background sends. */
export async function linkFromOutbox(dataDir: string, to: string, pathPart: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const mails = readOutbox(dataDir)
      .filter((m) => m.to.includes(to))
      .reverse();
    for (const m of mails) {
      const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/\//g, '\\/')}[^\\s"<>]*`).exec(m.body);
      if (match) return new URL(match[0].replace(/&amp;/g, '&'));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link`);
}

export interface ParsedMail {
  file: string;
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const cut = raw.indexOf('\n\n');
  const head = cut === -1 ? raw : raw.slice(0, cut);
  const body = cut === -1 ? '' : raw.slice(cut + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: MimePart): Buffer {
  const enc = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (enc === 'quoted-printable') {
    const bytes: number[] = [];
    const s = part.body.replace(/=\n/g, '');
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
        bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(part.body, 'utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) back to text. */
export function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _cs: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function walk(part: MimePart, out: ParsedMail) {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      walk(splitPart(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  const disposition = part.headers['content-disposition'] ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const content = decodeBody(part);
  if (filename || /attachment/i.test(disposition))
    out.attachments.push({ filename: decodeWords(filename ?? ''), contentType: type.split(';')[0]!, content });
  else if (/^text\/html/i.test(type)) out.html += content.toString('utf8');
  else if (/^text\/plain/i.test(type)) out.text += content.toString('utf8');
}

/** Every mail in the outbox, decoded: subject, text and HTML parts, attachments (oldest first). */
export function readMails(dataDir: string): ParsedMail[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const top = splitPart(readFileSync(join(dataDir, 'outbox', file), 'utf8').replace(/\r\n/g, '\n'));
    const mail: ParsedMail = {
      file,
      to: top.headers.to ?? '',
      subject: decodeWords(top.headers.subject ?? ''),
      headers: top.headers,
      text: '',
      html: '',
      attachments: [],
    };
    walk(top, mail);
    return mail;
  });
}

/** Waits until mails matching `match` are in the outbox (the outbox worker sends in the background). */
export async function waitForMails(dataDir: string, match: (m: ParsedMail) => boolean, count = 1): Promise<ParsedMail[]> {
  for (let i = 0; i < 400; i++) {
    const found = readMails(dataDir).filter(match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `expected ${count} mail(s) in the outbox; found ${readMails(dataDir).filter(match).length} of ${readMails(dataDir).length}`,
  );
}
