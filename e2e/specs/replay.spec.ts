/**
 * Replay on the live map: the demo's walking tags enter a zone that covers the whole floor, which
 * opens an alert; "Replay this moment" on it opens the map's replay paused at the alert's time;
 * it plays, pauses and scrubs, and a tag's marker then stands where the history API says the tag
 * was at the replayed moment, and the zone's count is that of the kept visits then; Back to live
 * leaves the replay. Runs its own server (it adds a zone
 * and a rule to the demo map).
 */
import {
  HISTORY_STATE_LOOKBACK_MS,
  type HistoryPositionsResponse,
  type HistoryStateResponse,
  type HistoryVisitsResponse,
  type Point,
} from '@rtls/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertsPanel } from '../pages/AlertsPanel.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { ReplayBar } from '../pages/ReplayBar.ts';
import { DEMO } from '../support/browser.ts';
import { seriousViolationsIn } from '../support/axe.ts';
import { docsPath } from '../support/docs.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '3' } });

let mapId = '';
let image = { width: 0, height: 0 };
let token = '';

/** A GET of the API as the demo account. */
async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${own.url}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const demo = await apiClient(own.url, DEMO.email, DEMO.password);
  token = demo.token;
  mapId = await demo.mapId(DEMO.mapName);
  const size = (await demo.map(mapId)).settings.imageSize;
  if (!size) throw new Error('the demo map has no image size');
  image = size;
  const { width: w, height: h } = size;
  await demo.createZone(mapId, 'Whole floor', [
    { x: 1, y: 1 },
    { x: w - 1, y: 1 },
    { x: w - 1, y: h - 1 },
    { x: 1, y: h - 1 },
  ]);
  const rule = { name: 'On the floor', type: 'enter', dwellSeconds: 0, severity: 'warning' };
  const res = await fetch(`${own.url}/api/maps/${mapId}/rules`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!res.ok) throw new Error(`rule: ${res.status} ${await res.text()}`);
});

/** How long the history must go on past the alert before the test replays it (ms). */
const AFTER_ALERT_MS = 25_000;

/** Whether the map's history holds a position kept at or after `at`. */
async function keptSince(at: number): Promise<boolean> {
  const range = `from=${new Date(at).toISOString()}&to=${new Date(at + 3_600_000).toISOString()}`;
  const { devices } = await read<HistoryPositionsResponse>(
    `/maps/${mapId}/history/positions?${range}&limit=1`,
  );
  return devices.some((d) => d.points.length > 0);
}

/** Distance from p to the segment ab (map pixels). */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const k = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return Math.hypot(p.x - (a.x + k * dx), p.y - (a.y + k * dy));
}

/**
 * Where the history has a device at `at`: between its last kept position at or before it and the
 * next one (when that follows within the lookback), as GET /history/positions answers.
 */
async function historySegment(mac: string, at: number): Promise<[Point, Point]> {
  const range = `from=${at - HISTORY_STATE_LOOKBACK_MS}&to=${at + HISTORY_STATE_LOOKBACK_MS}`;
  const { devices } = await read<HistoryPositionsResponse>(
    `/maps/${mapId}/history/positions?${range}&devices=${encodeURIComponent(mac)}`,
  );
  const points = (devices.find((d) => d.mac === mac)?.points ?? []).map((p) => ({
    ...p,
    ms: Date.parse(p.at),
  }));
  const before = points.filter((p) => p.ms <= at).at(-1);
  if (!before) throw new Error(`no kept position of ${mac} before ${new Date(at).toISOString()}`);
  const after = points.find((p) => p.ms > at && p.ms - before.ms <= HISTORY_STATE_LOOKBACK_MS);
  return [before, after ?? before];
}

describe('replay', () => {
  it('opens from an alert at its moment, plays, scrubs, and draws a tag where the history says', async () => {
    const page = own.page;
    const main = await own.signIn(page);
    await main.waitForMarkers(1, 30_000);
    const alerts = new AlertsPanel(page);
    const replay = new ReplayBar(page);

    // A walking tag enters the floor's zone: an alert opens.
    await expect.poll(() => alerts.openCount(), { timeout: 60_000 }).toBeGreaterThan(0);
    await alerts.open();
    const item = alerts.items().first();
    const alertId = await item.getAttribute('data-alert-id');
    const { alerts: listed } = await read<{ alerts: { id: string; event: { at: string } }[] }>(
      '/alerts',
    );
    const alert = listed.find((a) => a.id === alertId);
    if (!alert) throw new Error(`alert ${alertId} is not listed`);
    // The moment's replay reaches up to now: let the history go on past it for a while first.
    const moment = Date.parse(alert.event.at);
    await expect
      .poll(() => keptSince(moment + AFTER_ALERT_MS), { timeout: 90_000, interval: 1_000 })
      .toBe(true);
    await alerts
      .panel()
      .locator(`li[data-alert-id="${alertId}"]`)
      .getByRole('button', { name: /^Replay this moment/ })
      .click();

    // The replay opens paused at the alert's moment.
    await replay.waitUntilLoaded();
    expect(await replay.at()).toBe(moment);
    expect(await replay.playing()).toBe(false);

    // The time bar has no serious accessibility problem.
    expect(await seriousViolationsIn(page, ['[data-testid="replay-bar"]'])).toEqual([]);

    // Play at 10x: the replayed time moves on; pause holds it.
    const start = await replay.at();
    await replay.setSpeed(10);
    await replay.button('Play').click();
    await expect.poll(() => replay.at(), { timeout: 15_000 }).toBeGreaterThan(start + 5_000);
    await replay.button('Pause').click();
    const paused = await replay.at();
    expect(await replay.playing()).toBe(false);

    // Scrub 10 s on with the keyboard (still well inside what the history kept).
    await replay.slider().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => replay.at()).toBe(paused + 10_000);
    const at = await replay.at();

    // The history has tags on the map then; one of their markers stands where it says.
    const state = await read<HistoryStateResponse>(
      `/maps/${mapId}/history/state?at=${new Date(at).toISOString()}`,
    );
    expect(state.devices.length).toBeGreaterThan(0);
    const mac = state.devices[0]!.mac;
    const [a, b] = await historySegment(mac, at);
    // Within 2 screen pixels of where the history has it (the marker is drawn on a whole pixel).
    const tolerance = 2 * (await replay.mapPixelsPerScreenPixel(image));
    await expect
      .poll(async () => {
        const drawn = await replay.markerOnPlan(mac, image);
        return drawn ? toSegment(drawn, a, b) : Infinity;
      })
      .toBeLessThan(tolerance);
    // The zone's count is that of the visits the history kept at the replayed moment.
    const { visits } = await read<HistoryVisitsResponse>(
      `/maps/${mapId}/history/visits?from=${new Date(at).toISOString()}&to=${new Date(at + 1).toISOString()}`,
    );
    const inZone = visits.filter(
      (v) => Date.parse(v.enteredAt) <= at && (v.exitedAt === null || at < Date.parse(v.exitedAt)),
    ).length;
    await expect.poll(() => page.getByTestId('zone-count').textContent()).toBe(String(inZone));

    // The screenshot of the docs: the replayed map without the alert panel over it.
    await alerts.counter().click();
    await alerts.panel().waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.screenshot({ path: docsPath('replay.png') });

    // Back to live: the time bar goes, the markers follow the live positions again.
    await replay.button('Back to live').click();
    await replay.bar().waitFor({ state: 'detached' });
    await main.waitForAMarkerToMove(30_000);
  }, 180_000);
});
