/**
 * Gateway health against its own server with the simulated building: reporting gateways show
 * Online in the Gateways tab and an online dot on their map markers; a gateway that has never
 * reported shows offline on the map, and online as soon as it reports, without a reload.
 */
import { describe, expect, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '2' } });
/** A gateway the simulator does not have, and its first simulated tag. */
const NEW_GATEWAY = 'AC:23:3F:E2:E0:01';
const TAG = 'C3:00:00:00:00:00';

describe('gateway health', () => {
  it('shows reporting gateways online in the Gateways tab and on the map', async () => {
    const page = own.page;
    const main = await own.signIn(page);
    await page.locator('[data-testid="gateway-marker"][data-status="online"]').first().waitFor();
    await main.openTab('gateways');
    const status = page.getByTestId('gateway-status').first();
    await status.waitFor();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Online');
  });

  it('turns a new gateway’s marker online on the map when it first reports, without a reload', async () => {
    const api = await apiClient(own.url, DEMO.email, DEMO.password);
    const mapId = await api.mapId(DEMO.mapName);
    await api.placeGateway(mapId, NEW_GATEWAY, { x: 100, y: 100 });
    const key = await api.ingestKey();
    const page = own.page;
    await own.signIn(page);
    const marker = page.locator(`[data-testid="gateway-marker"][data-mac="${NEW_GATEWAY}"]`);
    await marker.waitFor();
    expect(await marker.getAttribute('data-status')).toBe('offline');

    const res = await fetch(`${own.url}/api/ingest`, {
      method: 'POST',
      headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: NEW_GATEWAY, device: TAG, rssi: -70 }),
    });
    expect(await res.json()).toMatchObject({ accepted: 1 });
    await expect.poll(() => marker.getAttribute('data-status'), { timeout: 15_000 }).toBe('online');
  });
});
