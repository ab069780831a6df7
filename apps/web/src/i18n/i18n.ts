/** Typed translation lookup: keys come from en.json, so a missing or misspelt key fails typecheck. */
import en from './en/index.ts';
import he from './he/index.ts';
import type { Language } from '../constants.ts';

/** A text that depends on a count: one form per plural category of the language ("other" always). */
type Plural = { one?: string; two?: string; few?: string; many?: string; other: string };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${K}`
    : T[K] extends Plural
      ? `${P}${K}`
      : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TranslationKey = Leaves<typeof en>;
export type Translate = (key: TranslationKey, vars?: Record<string, string | number>) => string;

export const DICTIONARIES: Record<Language, unknown> = { en, he };

const isPlural = (node: unknown): node is Plural =>
  typeof node === 'object' && node !== null && typeof (node as Plural).other === 'string';

/** The text at `key`; a plural one in the form the language's rules pick for `count`. */
function lookup(
  dict: unknown,
  key: string,
  rules: Intl.PluralRules,
  count: unknown,
): string | undefined {
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'string') return node;
  if (!isPlural(node)) return undefined;
  const form = typeof count === 'number' ? rules.select(count) : 'other';
  return (node as Record<string, string | undefined>)[form] ?? node.other;
}

/**
 * A translate function for one language; falls back to English, then to the key itself. Plural
 * texts pick their form by the `count` variable.
 */
export function translator(language: Language): Translate {
  const dict = DICTIONARIES[language];
  const rules = new Intl.PluralRules(language);
  const english = new Intl.PluralRules('en');
  return (key, vars) => {
    const count = vars?.count;
    const text = lookup(dict, key, rules, count) ?? lookup(en, key, english, count) ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
  };
}

export const isRtl = (language: Language) => language === 'he';

/** "today", "yesterday", "3 days ago" in the language, with its own plural rules. */
export function daysAgo(language: Language, days: number): string {
  const whole = Math.max(0, Math.round(days));
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-whole, 'day');
}
