/**
 * Gateway health against its own server with the simulated building: reporting gateways show
 * Online in the Gateways tab and an online dot on their map markers.
 */
import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '2' } });

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
});
