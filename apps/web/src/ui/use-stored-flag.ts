/** A boolean remembered in localStorage under one key (the 'show only current map' filters). */
import { useState } from 'react';

export function useStoredFlag(key: string, fallback = false) {
  const [value, setValue] = useState(() => {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  });
  const set = (next: boolean) => {
    localStorage.setItem(key, String(next));
    setValue(next);
  };
  return [value, set] as const;
}
