import type { RecordedSms } from '../../src/server/notifications/sms/standin';

/** The messages the SMS stand-in of a running server recorded for a receptor. */
export async function smsTo(serverUrl: string, receptor: string): Promise<RecordedSms[]> {
  const res = await fetch(`${serverUrl}/sandbox/kavenegar/messages?receptor=${encodeURIComponent(receptor)}`);
  return ((await res.json()) as { messages: RecordedSms[] }).messages;
}

/** Waits for `count` messages to a receptor (sent by the outbox worker in the background). */
export async function waitForSms(
  serverUrl: string,
  receptor: string,
  match: (m: RecordedSms) => boolean = () => true,
  count = 1,
): Promise<RecordedSms[]> {
  for (let i = 0; i < 400; i++) {
    const found = (await smsTo(serverUrl, receptor)).filter(match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} SMS to ${receptor}; found ${(await smsTo(serverUrl, receptor)).filter(match).length}`);
}
