/** Sign-in calls of spec §7. */
import type { SignInResponse, UserResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

/** Inner failure text; the login screen replaces it with 'Invalid credentials' (spec §8). */
export const AUTHENTICATION_FAILED = 'Authentication failed';

export async function signIn(email: string, password: string): Promise<SignInResponse['data']> {
  try {
    const res = await apiRequest<SignInResponse>('/user/signin', {
      method: 'POST',
      body: { email, password },
    });
    if (res.status !== 'success') throw new Error(AUTHENTICATION_FAILED);
    return res.data;
  } catch {
    throw new Error(AUTHENTICATION_FAILED);
  }
}

/** Reads the user's slug; a failure here is ignored (spec §7). */
export async function fetchUserSlug(): Promise<string | undefined> {
  try {
    const res = await apiRequest<UserResponse & { slug?: string }>('/user');
    return res.data?.slug ?? res.slug;
  } catch {
    return undefined;
  }
}

/** Revokes the token on the server; the console signs out locally whatever happens. */
export async function signOut(): Promise<void> {
  await apiRequest('/user/signout', { method: 'POST' }).catch(() => undefined);
}
