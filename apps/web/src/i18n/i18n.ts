/** Typed translation lookup: keys come from en.json, so a missing or misspelt key fails typecheck. */
import type { Language } from '@rtls/contract';
import en from './en/index.ts';
import he from './he/index.ts';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TranslationKey = Leaves<typeof en>;
export type Translate = (key: TranslationKey, vars?: Record<string, string | number>) => string;

export const DICTIONARIES: Record<Language, unknown> = { en, he };

function lookup(dict: unknown, key: string): string | undefined {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translate function for one language; falls back to English, then to the key itself. */
export function translator(language: Language): Translate {
  const dict = DICTIONARIES[language];
  return (key, vars) => {
    const text = lookup(dict, key) ?? lookup(en, key) ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
  };
}

export const isRtl = (language: Language) => language === 'he';

/** "today", "yesterday", "3 days ago" in the language, with its own plural rules. */
export function daysAgo(language: Language, days: number): string {
  const whole = Math.max(0, Math.round(days));
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-whole, 'day');
}
