/**
 * Walk, calibrate, prove on a phone (390 × 844): an editor starts a walk with a tag in the Maps
 * tab, the walk is interrupted (its first fourteen points, stood earlier in the demo building, come
 * in over the API) and resumed after a reload, one more point is recorded live at the crosshair and
 * another by a tap on the plan where the tag stands, the walk is finished and calibrated, the
 * calibration (which the server judges better on held-out points) is applied, and the walk's
 * accuracy report is opened and saved as CSV. The tag's reports are what the demo gateways hear at
 * each spot (the simulator's radio without noise) with a fixed offset per gateway, as hardware
 * differs: the calibration's job to learn. Runs its own server with no simulated tags (it applies a
 * calibration to the demo map).
 */
import type { WalkResponse } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_GATEWAYS } from '../../apps/server/src/simulator/building.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { WalkConsole } from '../pages/WalkConsole.ts';
import { DEMO } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { heardAt } from '../support/heard.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '0' } });

const TAG = 'E2:E2:00:00:00:57';
const TAG_NAME = 'Walk tag';
const PPM = 20;
/** Spots (m) on the demo floor, along the corridors and into rooms on both sides. */
const SPOTS_M = [
  [4, 20],
  [8, 8],
  [10, 20],
  [8, 32],
  [16, 20],
  [20, 8],
  [22, 20],
  [20, 32],
  [28, 20],
  [30, 10],
  [30, 30],
  [34, 20],
  [40, 8],
  [40, 20],
  [40, 32],
  [52, 8],
  [52, 20],
  [52, 32],
  [57, 20],
] as const;
/** The demo gateways' hardware: each hears a few dB louder or softer than its setting says. */
const OFFSETS_DB = [10, -9, 8, -10, 9, -8, 10, -9, 8, -10, 9, -8, 10, -9, 8, -10, 9, -8, 10];
const offsetOf = new Map(DEMO_GATEWAYS.map((g, i) => [g.mac, OFFSETS_DB[i] ?? 0]));
/** The live point: the east corridor, between two gateways. */
const LIVE_M = [46, 20] as const;
/** The point tapped on the plan: a few metres north of the live one, away from every other. */
const TAPPED_M = [46, 15] as const;
const STAND_MS = 5_000;
const DWELL_S = 3;
/** A loaded machine slows the server and the page: polls wait this long (ms). */
const WAIT = { timeout: 10_000 };

/** What the gateways hear from the tag at (x, y) metres. */
function heard(x: number, y: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(heardAt(x, y)).map(([mac, rssi]) => [mac, rssi + (offsetOf.get(mac) ?? 0)]),
  );
}

/** Sends the tag's reports at `spot()` every half second; `sent` counts the answered batches. */
function feed(url: string, key: string, spot: () => readonly [number, number]) {
  const state = { sent: 0 };
  const send = async () => {
    const [x, y] = spot();
    const body = Object.entries(heard(x, y)).map(([gateway, rssi]) => ({
      gateway,
      device: TAG,
      rssi,
    }));
    const res = await fetch(`${url}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': key },
      body: JSON.stringify(body),
    }).catch(() => null);
    if (res?.ok) state.sent++;
  };
  const timer = setInterval(() => void send(), 500);
  return { state, first: send(), stop: () => clearInterval(timer) };
}

/** The walk's first points, stood a quarter of an hour ago: their reports and their taps. */
function earlierWalk() {
  const start = Date.now() - 15 * 60_000;
  const reports: object[] = [];
  const taps = SPOTS_M.map(([x, y], i) => {
    const from = start + i * 2 * STAND_MS;
    for (let ms = 500; ms < STAND_MS; ms += 1000)
      for (const [gateway, rssi] of Object.entries(heard(x, y)))
        reports.push({ gateway, device: TAG, rssi, timestamp: from + ms });
    return {
      x: x * PPM,
      y: y * PPM,
      from: new Date(from).toISOString(),
      to: new Date(from + STAND_MS).toISOString(),
    };
  });
  return { reports, taps };
}

describe('walk, calibrate, prove', () => {
  it(
    'walks on a phone, resumes, calibrates, applies and reports',
    { timeout: 60_000 },
    async () => {
      const demo = await apiClient(own.url, DEMO.email, DEMO.password);
      const mapId = await demo.mapId(DEMO.mapName);
      const { settings } = await demo.map(mapId);
      const imageSize = (settings as { imageSize: { width: number; height: number } }).imageSize;
      const key = await demo.ingestKey();
      let spot: readonly [number, number] = SPOTS_M[0]!;
      const feeder = feed(own.url, key, () => spot);
      try {
        await feeder.first;
        await demo.monitor(TAG, TAG_NAME);
        const earlier = earlierWalk();
        const ingest = await fetch(`${own.url}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ingest-key': key },
          body: JSON.stringify(earlier.reports),
        });
        expect(ingest.status).toBe(200);

        const page = own.page;
        await page.setViewportSize({ width: 390, height: 844 });
        await own.signIn(page);
        const walk = new WalkConsole(page);
        await walk.open();
        const walkId = await walk.start(`${TAG_NAME} (${TAG})`);

        // The walk is interrupted: its first points come in, the console is reopened.
        for (const tap of earlier.taps) {
          const r = await fetch(`${own.url}/api/walks/${walkId}/points`, {
            method: 'POST',
            headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(tap),
          });
          expect(r.status, await r.text()).toBe(201);
        }
        await page.reload();
        await walk.open();
        await walk.resume(SPOTS_M.length);
        await expect.poll(() => walk.points().count(), WAIT).toBe(SPOTS_M.length);

        // One more point, live, with the sheet lowered: the tag stands under the crosshair for
        // the dwell, then Record on the map's bar.
        await walk.dwell().selectOption(String(DWELL_S));
        await walk.sheet(false);
        await walk.zoomIn();
        const at = await walk.centreOn({ x: LIVE_M[0] * PPM, y: LIVE_M[1] * PPM }, imageSize);
        spot = [at.x / PPM, at.y / PPM];
        const from = feeder.state.sent;
        await expect
          .poll(() => feeder.state.sent - from, WAIT)
          .toBeGreaterThanOrEqual(2 * DWELL_S + 2);
        await walk.recordAtCrosshair().click();
        await expect
          .poll(() => walk.bar().textContent(), WAIT)
          .toMatch(new RegExp(`Point ${SPOTS_M.length + 1} recorded\\.`));
        expect(await walk.points().count()).toBe(SPOTS_M.length + 1);
        await page.screenshot({ path: docsPath('walk-phone.png') });

        // The next point tapped on the plan where the installer stands, once the tag has been
        // heard there for the dwell: the point is recorded where the plan was tapped.
        spot = TAPPED_M;
        const tappedFrom = feeder.state.sent;
        await expect
          .poll(() => feeder.state.sent - tappedFrom, WAIT)
          .toBeGreaterThanOrEqual(2 * DWELL_S + 2);
        await walk.tapOnPlan({ x: TAPPED_M[0] * PPM, y: TAPPED_M[1] * PPM }, imageSize);
        await expect
          .poll(() => walk.bar().textContent(), WAIT)
          .toMatch(new RegExp(`Point ${SPOTS_M.length + 2} recorded\\.`));
        expect(await walk.points().count()).toBe(SPOTS_M.length + 2);
        const stored = await fetch(`${own.url}/api/walks/${walkId}`, {
          headers: { authorization: `Bearer ${demo.token}` },
        });
        const last = ((await stored.json()) as WalkResponse).walk.points.at(-1)!;
        expect(Math.hypot(last.x - TAPPED_M[0] * PPM, last.y - TAPPED_M[1] * PPM)).toBeLessThan(10);

        await walk.sheet(true);
        await walk.button('Finish and calibrate').click();
        await walk.figures().waitFor();
        const cells = await walk.figures().getByRole('cell').allTextContents();
        console.log(`held out: median ${cells[0]} → ${cells[1]}, p90 ${cells[2]} → ${cells[3]}`);
        expect(await walk.verdict().getAttribute('data-reason')).toBe('improves');
        await page.screenshot({ path: docsPath('walk-calibration.png') });
        await walk.button('Apply calibration').click();
        await expect.poll(() => walk.applied().textContent(), WAIT).toMatch(/^Applied:/);

        await walk.button('Make accuracy report').click();
        await walk.report().waitFor();
        expect(await walk.reportRows().count()).toBe(1);
        expect(await walk.report().getByTestId('walk-report-point').count()).toBe(
          SPOTS_M.length + 2,
        );
        // The map of the errors marks every point the table lists.
        expect(await walk.report().getByTestId('walk-error-mark').count()).toBe(SPOTS_M.length + 2);
        expect(await walk.report().getByTestId('walk-report-worst').textContent()).toMatch(
          /^Worst points: \d+ \(\d+\.\d m\)/,
        );
        await page.screenshot({ path: docsPath('walk-report.png') });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          walk.reports().getByRole('button', { name: 'Download CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^walk-report-.+\.csv$/);
      } finally {
        feeder.stop();
      }
    },
  );
});
