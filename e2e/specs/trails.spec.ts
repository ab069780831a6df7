/**
 * Trails as a view option of the whole map: the View tab chooses whose trails the map draws (each
 * device's own setting, all devices on the map, the selected one, none) and over how many minutes,
 * kept for the account. Runs its own server (it changes the demo account's settings).
 */
import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '3' } });

describe('trails in the View tab', () => {
  it('draws the trails of all devices on the map, or none, and keeps the choice for the account', async () => {
    const page = own.page;
    const main = await own.signIn(page);
    await main.waitForMarkers(3, 30_000);
    const trails = page.locator('path.device-trail');
    await main.openTab('view');
    const show = page.getByRole('combobox', { name: 'Show trails for' });
    const length = page.getByRole('combobox', { name: 'Trail length' });
    expect(await show.inputValue()).toBe('device');

    await show.selectOption('all');
    await length.selectOption('30');
    // The walking tags' recent tracks: one trail per device that has moved on this map.
    await expect.poll(() => trails.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await trails.count()).toBeLessThanOrEqual(3);

    await show.selectOption('none');
    await expect.poll(() => trails.count()).toBe(0);

    await page.reload();
    await main.waitUntilShown();
    await main.openTab('view');
    await expect.poll(() => show.inputValue()).toBe('none');
    expect(await length.inputValue()).toBe('30');
  });
});
