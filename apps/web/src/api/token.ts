/** The session token, kept in localStorage under the key `token`. */
import { STORAGE_KEYS } from '../constants.ts';

export const getToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);
export const setToken = (token: string): void => localStorage.setItem(STORAGE_KEYS.token, token);
export const clearToken = (): void => localStorage.removeItem(STORAGE_KEYS.token);
