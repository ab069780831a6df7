/** Auth state: token in localStorage, the signed-in user, sign-in and sign-out. */
import { create } from 'zustand';
import type { User } from '@rtls/contract';
import { fetchUserSlug, signIn as apiSignIn, signOut as apiSignOut } from '../../api/auth.ts';
import { clearToken, getToken, setToken } from '../../api/token.ts';
import { STORAGE_KEYS } from '../../constants.ts';

interface SessionState {
  token: string | null;
  isAuthenticated: boolean;
  user: User | null;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Local sign-out when the server says the token is no longer valid. */
  expire: () => void;
}

function storedUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/** Everything a session leaves in localStorage besides UI preferences. */
function clearSessionStorage() {
  clearToken();
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.lastMap);
  localStorage.removeItem(STORAGE_KEYS.gatewayView);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(STORAGE_KEYS.mapViewPrefix)) localStorage.removeItem(key);
  }
}

export const useSessionStore = create<SessionState>((set) => {
  const token = getToken();
  return {
    token,
    isAuthenticated: token !== null,
    user: token ? storedUser() : null,
    async signIn(email, password) {
      const data = await apiSignIn(email, password);
      setToken(data.token);
      const user: User = {
        email: data.email,
        name: [data.first_name, data.last_name].filter(Boolean).join(' '),
      };
      const slug = await fetchUserSlug();
      if (slug) user.slug = slug;
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      set({ token: data.token, user, isAuthenticated: true });
    },
    async signOut() {
      await apiSignOut();
      clearSessionStorage();
      set({ token: null, user: null, isAuthenticated: false });
    },
    expire() {
      clearSessionStorage();
      set({ token: null, user: null, isAuthenticated: false });
    },
  };
});
