/**
 * Gateways tab and edit mode in Chromium against its own server: add a gateway; move its sliders,
 * cancel, move again and save; drag a gateway in edit mode and save, then drag and leave unsaved
 * (after confirming the discard).
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import { GatewaysPanel } from '../pages/GatewaysPanel.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '2' } });
let page: Page;

beforeEach(async () => {
  page = own.page;
  await own.signIn(page);
});

const NEW_GW = 'AB:CD:EF:00:00:42';

describe('gateways', () => {
  it('adds a gateway to the current map', async () => {
    const gateways = new GatewaysPanel(page);
    await gateways.open();
    await gateways.addManually('ab:cd:ef:00:00:42', 'Loading dock');
    await gateways.row(NEW_GW).waitFor();
    expect(await gateways.row(NEW_GW).textContent()).toContain('Loading dock');
    await gateways.marker(NEW_GW).waitFor();
    const saved = (await gateways.fromServer()).find((g) => g.mac === NEW_GW)!;
    expect(saved.position).toEqual({ x: 100, y: 100 });
    expect(saved.logicThreshold).toBe(-60);
  });

  it('moves the sliders, cancels, moves again and saves', async () => {
    const gateways = new GatewaysPanel(page);
    await gateways.open();
    const [first] = await gateways.fromServer();
    const mac = first!.mac;
    const before = first!.viewRadius;
    const unsaved = gateways.row(mac).getByText('Unsaved Changes');

    await gateways.coverage(mac).fill('80');
    await unsaved.waitFor();
    await gateways.row(mac).getByRole('button', { name: 'Cancel' }).click();
    await unsaved.waitFor({ state: 'detached' });
    expect(await gateways.coverage(mac).inputValue()).toBe(String(before));

    await gateways.coverage(mac).fill('70');
    await gateways.threshold(mac).fill('-75');
    await unsaved.waitFor();
    await gateways.row(mac).getByRole('button', { name: 'Save' }).click();
    await unsaved.waitFor({ state: 'detached' });
    const saved = (await gateways.fromServer()).find((g) => g.mac === mac)!;
    expect(saved.viewRadius).toBe(70);
    expect(saved.logicThreshold).toBe(-75);
  });

  it('drags a gateway in edit mode and saves; a drag left unsaved is reset', async () => {
    const gateways = new GatewaysPanel(page);
    await gateways.open();
    const [first] = await gateways.fromServer();
    const mac = first!.mac;
    const start = first!.position!;
    await gateways.marker(mac).waitFor();

    await gateways.editButton().click();
    await gateways.editBanner().waitFor();
    expect(await gateways.editBanner().textContent()).toContain(
      'Edit Mode: Drag gateways to reposition',
    );
    await gateways.drag(mac, 80, 40);
    await gateways.editBanner().getByRole('button', { name: 'Save' }).click();
    await gateways.editBanner().waitFor({ state: 'detached' });
    const moved = (await gateways.fromServer()).find((g) => g.mac === mac)!.position!;
    expect(moved.x).toBeGreaterThan(start.x);
    expect(moved.y).toBeGreaterThan(start.y);

    const screenBefore = (await gateways.marker(mac).boundingBox())!;
    await gateways.editButton().click();
    await gateways.editBanner().waitFor();
    await gateways.drag(mac, -60, 50);
    const dragged = (await gateways.marker(mac).boundingBox())!;
    expect(Math.abs(dragged.x - screenBefore.x)).toBeGreaterThan(30);
    // Leaving without saving asks first: declining keeps edit mode, accepting discards the drag.
    const asked = async (accept: boolean) => {
      const dialog = page.waitForEvent('dialog');
      const click = gateways.editButton().click();
      const d = await dialog;
      const message = d.message();
      await (accept ? d.accept() : d.dismiss());
      await click;
      return message;
    };
    expect(await asked(false)).toBe('Discard the gateway positions you have not saved?');
    await gateways.editBanner().waitFor();
    await asked(true);
    await gateways.editBanner().waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const box = (await gateways.marker(mac).boundingBox())!;
        return Math.hypot(box.x - screenBefore.x, box.y - screenBefore.y);
      })
      .toBeLessThan(2);
    expect((await gateways.fromServer()).find((g) => g.mac === mac)!.position).toEqual(moved);
  });
});
