/**
 * Following a tag up the stairs of the three-storey demo (SIMULATOR_FLOORS=3): a tag at the
 * stairs of the ground floor, heard as the gateways there hear it, is followed; once the first
 * floor's gateways hear it as closely (and the ground floor's through the floor), the server moves
 * it to the first floor, the console shows that floor's map, the floor_change event is in that
 * map's event log, and on the ground floor the device list says where it went.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import { BuildingFloors } from '../pages/BuildingFloors.ts';
import { DEMO } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { docsPath } from '../support/docs.ts';
import { feedReports } from '../support/ingest.ts';
import { useOwnServer } from '../support/own-server.ts';

const TAG = 'E2:E2:00:00:00:0F';
const NAME = 'Stair walker';
const GROUND = 'Demo Building — Floor 1';
const FIRST = 'Demo Building — Floor 2';

/** The demo gateways around the stairs (the corridors' crossing), by their last byte. */
const NEAR_STAIRS = ['01', '0F', '10', '12', '13'];
/** What they hear of a tag at the stairs of their own floor: the crossing's own loudest. */
const OWN_FLOOR = [-55, -68, -68, -76, -76];
/** The same through a floor (15 dB less). */
const THROUGH_FLOOR = OWN_FLOOR.map((rssi) => rssi - 15);
/** A gateway's MAC on a storey (the simulator's storeyMac: one byte tells the storey). */
const mac = (last: string, level: number) =>
  `AC:23:3F:${level === 0 ? '00' : (0x10 + level).toString(16).toUpperCase()}:00:${last}`;
const heardAt = (level: number): Record<string, number> =>
  Object.fromEntries(
    [0, 1].flatMap((floor) =>
      NEAR_STAIRS.map((last, i) => [
        mac(last, floor),
        (floor === level ? OWN_FLOOR : THROUGH_FLOOR)[i]!,
      ]),
    ),
  );

const own = useOwnServer({ env: { SIMULATOR_FLOORS: '3', SIMULATOR_DEVICES: '3' } });

let feeder: ReturnType<typeof feedReports> | null = null;
afterAll(() => feeder?.stop());

describe('a building of three storeys', () => {
  it('follows a tag up the stairs to the next floor and logs its change of floor', async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    let level = 0;
    feeder = feedReports(own.url, await demo.ingestKey(), TAG, () => heardAt(level));
    await feeder.first;
    await demo.monitor(TAG, NAME);

    const { page, devices } = consoleFor(own.page);
    const building = new BuildingFloors(page);
    await own.signIn(page);
    await building.switcher().waitFor();
    if (!(await building.floor(GROUND).and(building.shown()).count())) await building.show(GROUND);

    await devices.open();
    // Listed once the console has read the monitored devices (slower on a busy machine).
    await devices.row(NAME).waitFor({ timeout: 30_000 });
    await devices.row(NAME).click();
    await building.follow().click();
    await expect.poll(() => building.follow().getAttribute('aria-pressed')).toBe('true');

    // Up the stairs: the first floor's gateways hear it as the ground floor's did.
    level = 1;
    await building.floor(FIRST).and(building.shown()).waitFor({ timeout: 20_000 });
    // Its row no longer names another floor once the list has caught up with the switch.
    await devices.rowItem(NAME).getByTestId('device-floor').waitFor({ state: 'detached' });
    await building.planDrawn();
    await building.countsCaughtUp();
    await page.screenshot({ path: docsPath('building.png') });

    await building.openEventLog();
    // Names are set apart by bidi isolates (U+2068 … U+2069).
    const said = new RegExp(`${NAME}\\W* went from \\W*${GROUND}\\W* to \\W*${FIRST}`);
    await building.events().filter({ hasText: said }).waitFor({ timeout: 10_000 });

    // Back on the ground floor, not following: the list says which floor the tag is on.
    await devices.open();
    await building.follow().click();
    await building.show(GROUND);
    await devices
      .rowItem(NAME)
      .getByTestId('device-floor')
      .filter({ hasText: `On ${FIRST}` })
      .waitFor({ timeout: 5_000 });
  }, 60_000);
});
