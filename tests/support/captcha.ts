import { solveChallenge } from 'altcha-lib';
import type { TestServer } from './server';

/** What the storefront widget does: fetch a challenge, find the number, send the base64 payload. */
export async function solvedCaptcha(server: Pick<TestServer, 'api'>): Promise<string> {
  const res = await server.api('/captcha/challenge');
  if (res.status !== 200 || res.body.provider !== 'altcha')
    throw new Error(`no ALTCHA challenge: ${res.status} ${JSON.stringify(res.body)}`);
  const c = res.body.challenge;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...c, number: solution!.number })).toString('base64');
}
