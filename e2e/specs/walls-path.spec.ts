/**
 * Walls on the live map: the demo building's simulated tags walk from room to room through its
 * doors, and the path the console shows each of them along never crosses a solid wall of the
 * map's floor model. What is checked is what the console receives and moves its markers to (the
 * socket's device updates, per tag, in order), not the frames of a marker gliding between them.
 * It only reads, so it runs on the shared server.
 */
import { framePixelsPerMetre } from '@rtls/positioning';
import { describe, expect, inject, it } from 'vitest';
import { LiveTracks } from '../pages/LiveTracks.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { checkShownPaths, MOVING_STEP_M } from '../support/shown-paths.ts';

/** Long enough for several walkers (about 1 m/s, with pauses in rooms) to go through a door. */
const WATCH_MS = 45_000;

const pages = useBrowserPages();

describe('walls on the live map', () => {
  it("a simulated walker's shown path never crosses a wall", { timeout: 90_000 }, async () => {
    const demo = await apiClient(inject('baseURL'), DEMO.email, DEMO.password);
    const mapId = await demo.mapId(DEMO.mapName);
    const model = await demo.floorModel(mapId);
    const pixelsPerMetre = framePixelsPerMetre(await demo.map(mapId));
    expect(model.doors.length).toBeGreaterThan(0);

    const login = new LoginPage(pages.page);
    await login.open();
    await login.signIn(DEMO.email, DEMO.password);
    const { main } = consoleFor(pages.page);
    await main.waitForMarkers(8, 30_000);
    const tracks = new LiveTracks(pages.page);
    await tracks.start(mapId);
    await pages.page.waitForTimeout(WATCH_MS);

    const recorded = await tracks.read();
    const report = checkShownPaths(recorded, model, pixelsPerMetre);
    console.log(
      `${Object.keys(recorded).length} tags over ${WATCH_MS / 1000} s: ${report.positions} positions, ` +
        `${report.steps} steps, ${report.moving} of them over ${MOVING_STEP_M} m, ` +
        `${report.throughDoors} through a door (by ${report.tagsThroughDoors} tags), ` +
        `${report.crossings.length} across a solid wall`,
    );
    // The tags recorded are the ones drawn, and they walked: through doors, not just on the spot.
    await expect.poll(() => main.markerMacs()).toEqual(Object.keys(recorded).sort());
    // A loaded machine slows the simulated building; a tag through a door and real movement are
    // what the check needs to mean something.
    expect(report.moving).toBeGreaterThanOrEqual(50);
    expect(report.tagsThroughDoors).toBeGreaterThanOrEqual(1);
    expect(report.crossings).toEqual([]);
  });
});
