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

/** A moment to the second (a replayed time): its date and its time of day with seconds. */
export function formatInstant(date: Date | string | number, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(date));
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * A moment as the language writes a time of day (14:05); with its date when it is not on the
 * same day as `reference`.
 */
export function formatClock(
  time: Date | string | number,
  language: Language,
  reference: number = Date.now(),
): string {
  const at = new Date(time);
  if (!sameDay(at, new Date(reference))) return formatDate(at, language);
  return new Intl.DateTimeFormat(LOCALE[language], { hour: '2-digit', minute: '2-digit' }).format(
    at,
  );
}

/**
 * Last-seen text: Just now, minutes, hours, a date, or Unknown. With `staleSince` (live updates
 * paused since then), the time it was last seen instead: an age would claim the console knows
 * the device was not seen since, which it cannot.
 */
export function formatLastSeen(
  lastSeen: string | null | undefined,
  t: Translate,
  language: Language,
  now = Date.now(),
  staleSince: number | null = null,
): string {
  const v = lastSeenText(lastSeen, now);
  if (staleSince !== null && v.kind !== 'unknown')
    return formatClock(lastSeen as string, language, staleSince);
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

/** A status the console cannot know while live updates are paused: "Unknown since 14:05". */
export const unknownSince = (
  staleSince: number,
  t: Translate,
  language: Language,
  now = Date.now(),
) => t('time.unknownSince', { time: formatClock(staleSince, language, now) });

export const formatRssi = (rssi: number | null | undefined) =>
  rssi === null || rssi === undefined ? '—' : `${Math.round(rssi)} dBm`;

/**
 * A user-given name set inside a translated sentence, isolated (Unicode FSI … PDI) so a Latin name
 * in a Hebrew sentence, or the reverse, keeps its own direction and does not reorder the sentence.
 */
export const isolate = (name: string) => `\u2068${name}\u2069`;

/** A span of seconds as hours, minutes and seconds (1:05:09), or minutes and seconds (4:09). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
