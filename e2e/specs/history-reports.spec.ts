/**
 * History reports on the demo map: the zone report of the last minutes lists the zone the walking tags
 * are in with its visits and an occupancy chart, passes axe, and prints alone; the device report
 * gives each tag's path and stays; the View tab's heatmap draws the kept positions over the plan
 * with its legend. Runs its own server (it adds a zone to the demo map).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import { ReportsDialog } from '../pages/ReportsDialog.ts';
import { seriousViolationsIn } from '../support/axe.ts';
import { DEMO } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '3' } });
const HOUR = 3_600_000;
/** The history is written in batches and the tags walk in: polls wait this long (ms). */
const KEPT = { timeout: 60_000, interval: 2_000 };

beforeAll(async () => {
  const demo = await apiClient(own.url, DEMO.email, DEMO.password);
  const mapId = await demo.mapId(DEMO.mapName);
  const size = (await demo.map(mapId)).settings.imageSize;
  if (!size) throw new Error('the demo map has no image size');
  const { width: w, height: h } = size;
  await demo.createZone(mapId, 'Whole floor', [
    { x: 1, y: 1 },
    { x: w - 1, y: 1 },
    { x: w - 1, y: h - 1 },
    { x: 1, y: h - 1 },
  ]);
});

/** The reports dialog of the demo map, its range the last ten minutes and the next (up to now). */
async function openReports() {
  const main = await own.signIn();
  await main.openTab('maps');
  const reports = new ReportsDialog(own.page);
  await reports.open();
  await reports.setRange('report', Date.now() - 10 * 60_000, Date.now() + 10 * 60_000);
  return reports;
}

describe('history reports', () => {
  it("reports the zone's visits with an occupancy chart, passes axe and prints alone", async () => {
    const reports = await openReports();
    await expect
      .poll(async () => {
        await reports.show().click();
        await reports.zoneTable().waitFor();
        return reports.visitsOf('Whole floor');
      }, KEPT)
      .toBeGreaterThan(0);
    await expect(reports.zoneRow('Whole floor').textContent()).resolves.toMatch(/devices? at /);
    await reports.chart().first().waitFor();
    await own.page.screenshot({ path: docsPath('reports.png') });
    expect(await seriousViolationsIn(own.page, ['[data-testid="reports-dialog"]'])).toEqual([]);

    await own.page.emulateMedia({ media: 'print' });
    expect(await own.page.getByTestId('tools-panel').isVisible()).toBe(false);
    expect(await reports.show().isVisible()).toBe(false);
    expect(await reports.zoneTable().isVisible()).toBe(true);
    await own.page.emulateMedia({ media: 'screen' });
  });

  it("reports each tag's path walked and its stays", async () => {
    const reports = await openReports();
    await reports.tab('Devices').click();
    await expect
      .poll(async () => {
        await reports.show().click();
        await reports.devices().first().waitFor();
        return reports
          .devices()
          .filter({ has: own.page.locator('.report-timeline') })
          .count();
      }, KEPT)
      .toBe(3);
    await expect(reports.devices().first().textContent()).resolves.toMatch(/Path walked[\d.,]+ m/);
  });

  it('draws the heatmap of a period over the plan, with its legend', async () => {
    const main = await own.signIn();
    await main.openTab('view');
    const reports = new ReportsDialog(own.page);
    await expect
      .poll(async () => {
        await reports.showHeatmap(Date.now() - HOUR, Date.now() + 10 * 60_000);
        return reports.heatmapOverlay().count();
      }, KEPT)
      .toBe(1);
    await expect(reports.heatmapLegend().textContent()).resolves.toMatch(/\d+:\d\d \(most\)/);
    await reports.heatmapControls().getByRole('button', { name: 'Hide heatmap' }).click();
    await expect.poll(() => reports.heatmapOverlay().count()).toBe(0);
  });
});
