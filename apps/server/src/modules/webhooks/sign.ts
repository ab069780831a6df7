/**
 * Webhook signatures: `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` with the webhook's
 * secret; receivers recompute it over the raw body and compare in constant time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: true when the signature is the secret's and the time is recent. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  timestamp: string | undefined,
  body: string,
  { toleranceS = 300, nowS = Date.now() / 1000 } = {},
): boolean {
  const ts = Number(timestamp);
  if (!header || !Number.isInteger(ts) || Math.abs(nowS - ts) > toleranceS) return false;
  const expected = Buffer.from(signPayload(secret, ts, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
