/** Sign-in, the signed-in user's slug, and sign-out. */
import type { SignInBody, SignInResponse, UserResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

/** Inner failure text; the login screen shows its own 'Invalid credentials' for every failure. */
export const AUTHENTICATION_FAILED = 'Authentication failed';

export async function signIn(email: string, password: string): Promise<SignInResponse['data']> {
  try {
    const res = await apiRequest<SignInResponse>('/user/signin', {
      method: 'POST',
      body: { email, password } satisfies SignInBody,
    });
    if (res.status !== 'success') throw new Error(AUTHENTICATION_FAILED);
    return res.data;
  } catch {
    throw new Error(AUTHENTICATION_FAILED);
  }
}

/** Reads the user's slug; undefined when the call fails (the console works on without it). */
export async function fetchUserSlug(): Promise<string | undefined> {
  try {
    const res = await apiRequest<UserResponse>('/user');
    return res.data.slug;
  } catch {
    return undefined;
  }
}

/** Revokes the token on the server; the console signs out locally whatever happens. */
export async function signOut(): Promise<void> {
  await apiRequest('/user/signout', { method: 'POST' }).catch(() => undefined);
}
