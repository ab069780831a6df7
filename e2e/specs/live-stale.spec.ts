/**
 * While the live link is down, the console says how old what it shows is. The server process is
 * killed for real (SIGKILL, no goodbye on the socket): every tag marker takes the stale look and
 * every listed device reads "Unknown since HH:MM" with no "Just now" left (the status counts say
 * the time they are as of), within 5 s of the page seeing the link drop. The server is started
 * again on the same port and data: the markers and the list are live again within 3 s of it
 * answering, with no click and no reload. The times are measured in the page (Date.now() there
 * and here read the same clock) and printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleFor } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

/** From the page seeing the link drop to every marker and status marked stale. */
const STALE_WITHIN_MS = 5_000;
/** From the restarted server answering to everything live again. */
const LIVE_WITHIN_MS = 3_000;
/** Generous waits for what the bounds above do not time (a loaded machine may be slow). */
const WAIT_MS = 30_000;

const own = useOwnServer();

/** Screenshots to look at, never the docs' pictures. */
const shot = (file: string) => {
  const dir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, file);
};

interface Seen {
  /** When the page saw the link drop (the header's indicator left 'connected'). */
  down: number;
  /** When every marker and every listed status was first seen stale. */
  stale: number;
  /** When everything was first seen live again. */
  live: number;
}

/** In the page: note when the header's indicator leaves 'connected' (ms, Date.now()). */
async function watchLink(page: Page) {
  await page.evaluate(() => {
    const seen = { down: 0, stale: 0, live: 0 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const state = () =>
      document.querySelector('[data-testid="live-indicator"]')?.getAttribute('data-state');
    new MutationObserver(() => {
      if (!seen.down && state() !== 'connected') seen.down = Date.now();
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

/**
 * Waits until the map, every marker and every listed device show `want` (paused: greyed and
 * faded markers, "Unknown since" statuses, no age; live: none of that), and notes when in the page.
 */
async function waitUntilShown(page: Page, want: 'stale' | 'live') {
  await page.waitForFunction(
    (want) => {
      const seen = (window as unknown as { __seen: Record<string, number> }).__seen;
      if (!seen) throw new Error('the page was reloaded');
      const host = document.querySelector<HTMLElement>('[data-testid="map-canvas"]');
      const dimmed = (el: Element | null) => {
        if (!el) return false;
        const css = getComputedStyle(el);
        return css.filter.includes('grayscale') && Number(css.opacity) < 1;
      };
      const icons = [...document.querySelectorAll('[data-testid="device-marker"]')].map((m) =>
        m.closest('.device-icon'),
      );
      const canvas = document.querySelector('.device-canvas-pane');
      const statuses = [
        ...document.querySelectorAll('[data-testid="device-list"] li[data-mac] .status'),
      ].map((s) => s.textContent ?? '');
      const listText = document.querySelector('[data-testid="device-list"]')?.textContent ?? '';
      const countsAsOf = document.querySelector('[data-testid="counts-as-of"]');
      const shown =
        want === 'stale'
          ? host?.dataset.live === 'paused' &&
            icons.length > 0 &&
            icons.every(dimmed) &&
            (!canvas || dimmed(canvas)) &&
            statuses.length > 0 &&
            statuses.every((s) => /^Unknown since \d\d:\d\d$/.test(s)) &&
            !/Just now|min ago/.test(listText) &&
            countsAsOf !== null
          : host?.dataset.live === 'live' &&
            !icons.some(dimmed) &&
            !(canvas && dimmed(canvas)) &&
            statuses.length > 0 &&
            statuses.every((s) => !s.startsWith('Unknown since')) &&
            countsAsOf === null &&
            document.querySelector('[data-testid="live-indicator"]')?.getAttribute('data-state') ===
              'connected';
      if (shown && !seen[want]) seen[want] = Date.now();
      return shown;
    },
    want,
    { timeout: WAIT_MS, polling: 50 },
  );
  return page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
}

describe('stale while the live link is down', () => {
  it('marks every marker and status stale within 5 s of a real server kill, live again within 3 s of its restart', async () => {
    const { page, main } = consoleFor(own.page);
    await own.signIn(page);
    await main.waitForMarkers(8, WAIT_MS);
    await expect.poll(() => main.liveState(), { timeout: 15_000 }).toBe('connected');
    await main.openTab('devices');
    await watchLink(page);
    await waitUntilShown(page, 'live');
    // From here on, "live" means live again after the outage.
    await page.evaluate(() => ((window as unknown as { __seen: Seen }).__seen.live = 0));
    const announcement = page.getByTestId('live-announcement');

    const killed = own.server.process;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    const killedAt = Date.now();
    killed.kill('SIGKILL');
    let seen: Seen;
    try {
      await exited;
      seen = await waitUntilShown(page, 'stale');
      // Read while the server is still down: a quick restart would have the console live again.
      await expect
        .poll(() => announcement.textContent())
        .toMatch(/^Live updates paused — showing positions from \d\d:\d\d$/);
      expect(await page.getByTestId('live-paused').textContent()).toMatch(
        /positions from \d\d:\d\d/,
      );
      // The stale look in both themes, to read (test-results/screenshots).
      await page.screenshot({ path: shot('live-paused-light.png') });
      await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
      await page.screenshot({ path: shot('live-paused-dark.png') });
      await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    } finally {
      // Restarted whatever happened above, so the file's teardown stops a running server.
      await own.startAgain();
    }
    const answeredAt = Date.now();
    const staleMs = seen.stale - seen.down;
    console.log(
      `link drop seen ${seen.down - killedAt} ms after the kill; every marker and status stale ${staleMs} ms after that`,
    );

    seen = await waitUntilShown(page, 'live');
    const liveMs = seen.live - answeredAt;
    console.log(`live again ${liveMs} ms after the restarted server answered`);
    await expect.poll(() => announcement.textContent()).toBe('Live updates resumed');
    expect(await page.getByTestId('live-paused').count()).toBe(0);

    expect(staleMs).toBeLessThanOrEqual(STALE_WITHIN_MS);
    expect(liveMs).toBeLessThanOrEqual(LIVE_WITHIN_MS);
  }, 180_000);
});
