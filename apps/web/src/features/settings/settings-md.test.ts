import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_SETTINGS_DEFAULTS, loadSettingsFile, parseSettingsMarkdown } from './settings-md.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('parseSettingsMarkdown', () => {
  it('gives the defaults for an empty file', () => {
    expect(parseSettingsMarkdown('')).toEqual({
      endpoint: '/api',
      pollInterval: 5000,
      defaultImage: '/maps/floor1.png',
      defaultZoom: 1,
      minZoom: 0.5,
      maxZoom: 3,
    });
  });

  it('reads both sections in the shipped file', () => {
    const shipped = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../public/config/settings.md'),
      'utf8',
    );
    expect(parseSettingsMarkdown(shipped)).toEqual(FILE_SETTINGS_DEFAULTS);
  });

  it('reads list, bold, code and plain lines with : or =', () => {
    const text = [
      '# Settings',
      '## API Configuration',
      '- **endpoint**: `https://tracker.example.com/api`',
      '* pollInterval = 2000',
      '## Map Settings',
      'defaultImage: "/maps/floor1-2.png"',
      '- `defaultZoom`: 1.5',
      '- minZoom: 0.25 # a comment',
      '- maxZoom: 8',
    ].join('\n');
    expect(parseSettingsMarkdown(text)).toEqual({
      endpoint: 'https://tracker.example.com/api',
      pollInterval: 2000,
      defaultImage: '/maps/floor1-2.png',
      defaultZoom: 1.5,
      minZoom: 0.25,
      maxZoom: 8,
    });
  });

  it('matches section titles and keys without regard to case, and handles CRLF', () => {
    const text =
      '### api configuration\r\n- POLLINTERVAL: 10000\r\n## MAP SETTINGS ##\r\n- maxzoom: 4\r\n';
    expect(parseSettingsMarkdown(text)).toMatchObject({ pollInterval: 10000, maxZoom: 4 });
  });

  it('ignores keys outside their own section and in unknown sections', () => {
    const text = [
      '## Map Settings',
      '- pollInterval: 1000',
      '## Other',
      '- maxZoom: 9',
      '## API Configuration',
      '- defaultZoom: 2',
    ].join('\n');
    expect(parseSettingsMarkdown(text)).toEqual(FILE_SETTINGS_DEFAULTS);
  });

  it('keeps defaults for values that are empty, not numbers, zero or negative', () => {
    const text = [
      '## API Configuration',
      '- endpoint:',
      '- pollInterval: soon',
      '## Map Settings',
      '- defaultZoom: 0',
      '- minZoom: -1',
      '- maxZoom: Infinity',
    ].join('\n');
    expect(parseSettingsMarkdown(text)).toEqual(FILE_SETTINGS_DEFAULTS);
  });

  it('ignores lines before any heading and prose lines', () => {
    const text = 'pollInterval: 1000\n## API Configuration\nThe console polls the feed.\n';
    expect(parseSettingsMarkdown(text).pollInterval).toBe(5000);
  });
});

describe('loadSettingsFile', () => {
  it('fetches /config/settings.md and parses it', async () => {
    const fetch = vi.fn(
      async () => new Response('## Map Settings\n- defaultZoom: 2\n', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(loadSettingsFile()).resolves.toMatchObject({ defaultZoom: 2, maxZoom: 3 });
    expect(fetch).toHaveBeenCalledWith('/config/settings.md', expect.anything());
  });

  it('falls back to the defaults (and only logs) when the file is missing or unreachable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    await expect(loadSettingsFile()).resolves.toEqual(FILE_SETTINGS_DEFAULTS);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(loadSettingsFile()).resolves.toEqual(FILE_SETTINGS_DEFAULTS);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
