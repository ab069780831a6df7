/**
 * A session's lifecycle against its own server: the server restarted mid-session (same port and
 * data dir) with the console reconnecting by itself to fresh data, and sign-out clearing storage.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import type { TestServer } from '../support/server.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import type { MainPage } from '../pages/MainPage.ts';

const own = useOwnServer();
let page: Page;

beforeEach(() => {
  page = own.page;
});

const signIn = (): Promise<MainPage> => own.signIn(page);

/** The API as the signed-in console calls it, with the page's token. */
async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { path, init },
  );
}

/** Stops a server; if it has not exited in 20 s, says why (its output) and kills it. */
async function stopOrKill(s: TestServer) {
  const mark = s.output().length;
  const timer = setTimeout(() => {
    console.log('server did not stop in 20 s:\n' + s.output().slice(mark).slice(-4000));
    s.process.kill('SIGKILL');
  }, 20_000);
  await s.stop();
  clearTimeout(timer);
}

describe('session', () => {
  it('sign-out leaves no token, user, last map, per-map view or gateway view in storage', async () => {
    const main = await signIn();
    await main.waitForMarkers(1);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lastViewedMapId')))
      .toBeTruthy();
    // Views other screens remember: a per-map view for another map, the gateway view settings.
    await page.evaluate(() => {
      localStorage.setItem(
        'mapView:another-map',
        JSON.stringify({ center: { x: 1, y: 2 }, zoom: 2 }),
      );
      localStorage.setItem('gatewayViewSettings', '{"radius":25}');
    });
    expect(await main.storageKeys()).toEqual(
      expect.arrayContaining(['token', 'user', 'lastViewedMapId', 'mapView:another-map']),
    );

    await main.logout();
    await new LoginPage(page).email().waitFor();
    const left = await main.storageKeys();
    expect(left).not.toContain('token');
    expect(left).not.toContain('user');
    expect(left).not.toContain('lastViewedMapId');
    expect(left).not.toContain('gatewayViewSettings');
    expect(left.filter((k) => k.startsWith('mapView:'))).toEqual([]);
    // After sign-out the console shows the login screen even after a reload.
    await page.reload();
    await new LoginPage(page).email().waitFor();
  });
  it('reconnects by itself after the server restarts, with lists re-fetched', async () => {
    const main = await signIn();
    await main.waitForMarkers(1);
    await expect.poll(() => main.liveState(), { timeout: 15_000 }).toBe('connected');
    const maps = (await api('/api/maps')).body as { maps: { _id: string; name: string }[] };
    const map = maps.maps[0]!;
    await main.openTab('maps');
    await main.toolsPanel().getByText(map.name).first().waitFor();

    // The data changes behind the console's back: it re-fetches maps only at start and after a
    // reconnect, so it keeps showing the old name for now.
    const renamed = `${map.name} (renamed)`;
    expect(
      (await api(`/api/maps/${map._id}`, { method: 'PUT', body: { name: renamed } })).status,
    ).toBe(200);
    await page.waitForTimeout(1_000);
    expect(await main.toolsPanel().getByText(renamed).count()).toBe(0);

    // The server goes away: the console notices and keeps trying on its schedule.
    await stopOrKill(own.server);
    await expect
      .poll(() => main.liveState(), { timeout: 15_000 })
      .toMatch(/^(reconnecting|disconnected)$/);

    // Back on the same port and data dir: the console reconnects without a reload.
    await own.startAgain();
    await expect.poll(() => main.liveState(), { timeout: 40_000 }).toBe('connected');
    await main.toolsPanel().getByText(renamed).first().waitFor({ timeout: 15_000 });
    // Live updates flow again: markers keep moving.
    await page.evaluate(() => {
      const w = window as unknown as { heard: number };
      w.heard = 0;
      window.addEventListener('deviceUpdate', () => w.heard++);
    });
    await page.waitForFunction(() => (window as unknown as { heard: number }).heard >= 5, null, {
      timeout: 30_000,
    });
    await main.waitForMarkers(1, 30_000);
    // The simulated walkers pause in rooms for 20 to 90 s: wait out the longest pause, so that one
    // of them walks on even when all of this floor's walkers have just stopped.
    await main.waitForAMarkerToMove(100_000);
  }, 240_000);
});
