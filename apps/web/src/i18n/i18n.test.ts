import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en/index.ts';
import he from './he/index.ts';
import { daysAgo, translator } from './i18n.ts';

function keys(obj: unknown, prefix = ''): string[] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const namespaceFiles = (language: string) =>
  fs
    .readdirSync(path.join(import.meta.dirname, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

describe('translations', () => {
  it('both languages have the same namespace files, and every file is listed in index.ts', () => {
    expect(namespaceFiles('he')).toEqual(namespaceFiles('en'));
    expect(Object.keys(en).sort()).toEqual(namespaceFiles('en'));
    expect(Object.keys(he).sort()).toEqual(namespaceFiles('he'));
  });
  it('each namespace file has the same keys in both languages', () => {
    for (const ns of namespaceFiles('en')) {
      const read = (language: string) =>
        JSON.parse(
          fs.readFileSync(path.join(import.meta.dirname, language, `${ns}.json`), 'utf8'),
        ) as unknown;
      expect(keys(read('he')).sort(), ns).toEqual(keys(read('en')).sort());
    }
  });
  it('Hebrew texts are Hebrew, not copies of the English', () => {
    const hebrew = /[\u0590-\u05FF]/;
    // Names of the languages, units and acronyms may stay the same in both.
    const same = new Set(['header.english', 'header.hebrew']);
    for (const k of keys(he)) {
      const get = (dict: unknown) =>
        String(k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], dict));
      if (same.has(k) || !/[a-z]{3,}/.test(get(en))) continue;
      expect(hebrew.test(get(he)) || get(he) !== get(en), k).toBe(true);
    }
  });
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
  it('picks the plural form by count, in each language', () => {
    const en1 = translator('en');
    const he1 = translator('he');
    expect([1, 2].map((count) => en1('maps.grid.views', { count }))).toEqual(['1 view', '2 views']);
    expect(en1('maps.tabs.accessCount', { count: 1 })).toBe('Opened once');
    expect(en1('devices.count', { count: 0 })).toBe('0 devices');
    expect([1, 5].map((count) => he1('maps.count', { count }))).toEqual(['מפה אחת', '5 מפות']);
  });
  it('interpolates variables', () => {
    expect(translator('en')('time.minutes', { value: 4 })).toBe('4 min ago');
    expect(translator('he')('time.minutes', { value: 4 })).toBe('לפני 4 דק׳');
  });
  it('uses the fixed texts', () => {
    expect(translator('en')('login.invalidCredentials')).toBe('Invalid credentials');
    expect(translator('en')('map.noMapTitle')).toBe('No Map Selected');
    expect(translator('en')('tools.title')).toBe('Management Tools');
    const en_ = translator('en');
    expect(en_('settings.uploadSoon', { name: 'plan.png' })).toBe(
      'File selected: plan.png. This feature will be available soon.',
    );
    expect(en_('settings.save')).toBe('Save Changes');
    expect(en_('settings.reset')).toBe('Reset Changes');
    expect(en_('settings.refreshRate')).toBe('Data Refresh Rate');
    expect(en_('settings.showTooltipsOnStartup')).toBe('Show tooltips on startup');
  });
});

describe('daysAgo', () => {
  it('says days in each language with its own plural forms', () => {
    expect([0, 1, 3].map((d) => daysAgo('en', d))).toEqual(['today', 'yesterday', '3 days ago']);
    expect(daysAgo('he', 1)).toBe('אתמול');
    expect(daysAgo('he', 5)).toBe('לפני 5 ימים');
    expect(daysAgo('en', 2.6)).toBe('3 days ago');
  });
});
