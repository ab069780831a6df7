/**
 * The known-device cookie: the tokens that make this browser a known device of the accounts it
 * signed in to, one per account, sent back only to the sign-in route.
 */
import { KNOWN_DEVICE_DAYS } from './repository.ts';

export const DEVICE_COOKIE = 'rtls_device';
/** The most accounts one browser is remembered for. */
export const DEVICE_TOKENS_PER_COOKIE = 8;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** The well-formed device tokens of a Cookie header (anything else in it is ignored). */
export function deviceTokensOf(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const tokens = part
      .slice(eq + 1)
      .trim()
      .split('.')
      .filter((t) => TOKEN_RE.test(t));
    return [...new Set(tokens)].slice(0, DEVICE_TOKENS_PER_COOKIE);
  }
  return [];
}

/** The Set-Cookie value that keeps these tokens (the newest first). */
export function deviceCookie(tokens: readonly string[], secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${tokens.slice(0, DEVICE_TOKENS_PER_COOKIE).join('.')}`,
    'Path=/api/user/signin',
    `Max-Age=${KNOWN_DEVICE_DAYS * 24 * 3600}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
