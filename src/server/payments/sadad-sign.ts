import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Sadad's request signature (payments.md §2): base64(Triple-DES-ECB with PKCS#7 padding of the UTF-8
 * text), keyed by the terminal key, which Sadad hands out as base64 of 24 bytes.
 */
export function sadadSign(text: string, keyBase64: string): string {
  const cipher = createCipheriv('des-ede3', Buffer.from(keyBase64, 'base64'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/** The sandbox's side: the signed text, or null when the signature was not made with this key. */
export function sadadOpen(signData: string, keyBase64: string): string | null {
  try {
    const decipher = createDecipheriv('des-ede3', Buffer.from(keyBase64, 'base64'), null);
    return Buffer.concat([decipher.update(Buffer.from(signData, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** "TerminalId;OrderId;Amount", the text a PaymentRequest signs. */
export const paymentRequestSignText = (terminalId: string, orderId: string | number, amount: number) =>
  `${terminalId};${orderId};${amount}`;

/** Sadad's LocalDateTime: Tehran wall-clock time as "m/d/Y g:i:s a" (e.g. "11/22/2026 4:05:09 pm"). */
export function tehranLocalDateTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tehran',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${String(parts.dayPeriod).toLowerCase()}`;
}
