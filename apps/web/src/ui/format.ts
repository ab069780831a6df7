/** The one way the console formats times, signal strengths and user-given names inside sentences. */
import { lastSeenText } from '@rtls/contract';
import type { Translate } from '../i18n/i18n.ts';
import type { Language } from '../constants.ts';

const LOCALE: Record<Language, string> = { en: 'en-GB', he: 'he-IL' };

export function formatDate(date: Date | string | number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(date));
}

/** Last-seen text: Just now, minutes, hours, a date, or Unknown. */
export function formatLastSeen(
  lastSeen: string | null | undefined,
  t: Translate,
  language: Language,
  now = Date.now(),
): string {
  const v = lastSeenText(lastSeen, now);
  switch (v.kind) {
    case 'unknown':
      return t('time.unknown');
    case 'justNow':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutes', { value: v.value });
    case 'hours':
      return t('time.hours', { value: v.value });
    case 'date':
      return formatDate(v.value, language);
  }
}

export const formatRssi = (rssi: number | null | undefined) =>
  rssi === null || rssi === undefined ? '—' : `${Math.round(rssi)} dBm`;

/**
 * A user-given name set inside a translated sentence, isolated (Unicode FSI … PDI) so a Latin name
 * in a Hebrew sentence, or the reverse, keeps its own direction and does not reorder the sentence.
 */
export const isolate = (name: string) => `\u2068${name}\u2069`;
