import { describe, expect, it } from 'vitest';
import en from './en/index.ts';
import he from './he/index.ts';
import { translator } from './i18n.ts';

function keys(obj: unknown, prefix = ''): string[] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  it('English and Hebrew have exactly the same keys', () => {
    expect(keys(he).sort()).toEqual(keys(en).sort());
  });
  it('no translation is empty', () => {
    for (const dict of [en, he]) {
      for (const k of keys(dict)) {
        const v = k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], dict);
        expect(String(v).trim(), k).not.toBe('');
      }
    }
  });
  it('interpolates variables', () => {
    expect(translator('en')('time.minutes', { value: 4 })).toBe('4 min ago');
    expect(translator('he')('time.minutes', { value: 4 })).toBe('לפני 4 דק׳');
  });
  it('uses the spec texts', () => {
    expect(translator('en')('login.invalidCredentials')).toBe('Invalid credentials');
    expect(translator('en')('map.noMapTitle')).toBe('No Map Selected');
    expect(translator('en')('tools.title')).toBe('Management Tools');
  });
});
