/** Parser for /config/settings.md: its API Configuration and Map Settings sections. */
import {
  APP_DEFAULT_ZOOM,
  APP_MAX_ZOOM,
  APP_MIN_ZOOM,
  DEFAULT_MAP_IMAGE,
  DEFAULT_POLL_INTERVAL_MS,
} from '../../constants.ts';

/** The values the local settings file can set. */
export interface FileSettings {
  endpoint: string;
  pollInterval: number;
  defaultImage: string;
  defaultZoom: number;
  minZoom: number;
  maxZoom: number;
}

export const FILE_SETTINGS_DEFAULTS: FileSettings = {
  endpoint: '/api',
  pollInterval: DEFAULT_POLL_INTERVAL_MS,
  defaultImage: DEFAULT_MAP_IMAGE,
  defaultZoom: APP_DEFAULT_ZOOM,
  minZoom: APP_MIN_ZOOM,
  maxZoom: APP_MAX_ZOOM,
};

type Section = 'api' | 'map';
const SECTIONS: Record<string, Section> = {
  'api configuration': 'api',
  'map settings': 'map',
};
const KEYS: Record<Section, readonly (keyof FileSettings)[]> = {
  api: ['endpoint', 'pollInterval'],
  map: ['defaultImage', 'defaultZoom', 'minZoom', 'maxZoom'],
};
const NUMERIC = new Set<keyof FileSettings>(['pollInterval', 'defaultZoom', 'minZoom', 'maxZoom']);

/** `- **key**: value`, `key = value`, `` key: `value` `` and similar list or plain lines. */
const LINE = /^\s*(?:[-*+]\s+)?\**`?([A-Za-z]+)`?\**\s*[:=]\s*(.*?)\s*$/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;

function unquote(value: string): string {
  return value.replace(/^(["'`])(.*)\1$/, '$2').trim();
}

/**
 * Reads the two known sections; a key outside its section, an unknown key or a value that is not
 * a finite positive number (for numeric keys) is ignored and the default kept.
 */
export function parseSettingsMarkdown(text: string): FileSettings {
  const result: FileSettings = { ...FILE_SETTINGS_DEFAULTS };
  let section: Section | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const heading = HEADING.exec(raw);
    if (heading) {
      section = SECTIONS[heading[1]!.toLowerCase()] ?? null;
      continue;
    }
    if (!section) continue;
    const m = LINE.exec(raw);
    if (!m) continue;
    const key = KEYS[section].find((k) => k.toLowerCase() === m[1]!.toLowerCase());
    if (!key) continue;
    const value = unquote(m[2]!.replace(/\s+#.*$/, ''));
    if (NUMERIC.has(key)) {
      const n = Number(value);
      if (value !== '' && Number.isFinite(n) && n > 0) (result[key] as number) = n;
    } else if (value !== '') {
      (result[key] as string) = value;
    }
  }
  return result;
}

/** Fetches and parses the file; a missing or unreadable file gives the defaults (and a log line). */
export async function loadSettingsFile(url = '/config/settings.md'): Promise<FileSettings> {
  try {
    const res = await fetch(url, { headers: { accept: 'text/markdown, text/plain' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return parseSettingsMarkdown(await res.text());
  } catch (err) {
    console.warn('Failed to load /config/settings.md; using defaults', err);
    return { ...FILE_SETTINGS_DEFAULTS };
  }
}
