/**
 * Ingest keys in the console against its own server: an owner creates a key in the settings
 * panel (shown once), a gateway reports with it, and the device is offered as available; a
 * device known by a stable id (irk:…) is added to monitoring like any other.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import { DevicesPanel } from '../pages/DevicesPanel.ts';
import { IngestKeysSection } from '../pages/IngestKeysSection.ts';

const IRK = 'irk:0123456789abcdef0123456789abcdef';
const own = useOwnServer({ env: { SIMULATOR_DEVICES: '1' } });
let page: Page;

beforeEach(() => {
  page = own.page;
});

describe('ingest keys', () => {
  it('creates a key in the console; devices a gateway reports with it are available, an irk: id too', async () => {
    const main = await own.signIn(page);
    await main.openSettings();
    const keys = new IngestKeysSection(page);
    await keys.open();
    const key = await keys.create('Lobby gateways');
    expect(key).toMatch(/^ik_/);
    await keys.done();
    expect(await keys.row('Lobby gateways').textContent()).toContain('Never used');

    const res = await fetch(`${own.url}/api/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: '$GPRP,C3E2E0000001,E7DAE08E6FC3,-61,0201061AFF4C000215\n',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1, rejected: 0 });
    // A phone known by its ESPresense IRK id rather than its rotating address.
    const phone = await fetch(`${own.url}/api/ingest`, {
      method: 'POST',
      headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ gateway: 'E7:DA:E0:8E:6F:C3', device: IRK, rssi: -66 }),
    });
    expect(phone.status).toBe(200);

    await page.getByRole('button', { name: 'Close settings' }).click();
    await main.openTab('devices');
    const devices = new DevicesPanel(page);
    await devices.openAdd();
    await devices
      .addDialog()
      .getByRole('radio', { name: /C3:E2:E0:00:00:01/ })
      .waitFor();
  });
});
