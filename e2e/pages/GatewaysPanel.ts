/** Page object for the Gateways tab, the Add Gateway dialog, gateway markers and edit mode. */
import type { Page } from 'playwright-core';
import { addManuallyIn } from './monitoring-dialog.ts';

export interface GatewayOnServer {
  mac: string;
  name: string;
  position: { x: number; y: number } | null;
  viewRadius: number;
  logicThreshold: number | null;
}

export class GatewaysPanel {
  constructor(readonly page: Page) {}

  readonly tab = () => this.page.getByRole('tab', { name: 'Gateways' });
  readonly list = () => this.page.getByTestId('gateway-list');
  readonly row = (mac: string) =>
    this.page.locator(`[data-testid="gateway-row"][data-mac="${mac}"]`);
  readonly coverage = (mac: string) =>
    this.row(mac).getByRole('slider', { name: /Coverage radius/ });
  readonly threshold = (mac: string) =>
    this.row(mac).getByRole('slider', { name: /RSSI threshold/ });
  readonly marker = (mac: string) =>
    this.page.locator(`[data-testid="gateway-marker"][data-mac="${mac}"]`);
  readonly addDialog = () => this.page.getByRole('dialog', { name: 'Add Gateway to Monitoring' });
  readonly editButton = () => this.page.getByRole('button', { name: 'Edit mode' });
  readonly editBanner = () => this.page.getByTestId('edit-banner');

  async open() {
    await this.tab().click();
    await this.list().waitFor();
  }

  async addManually(mac: string, name: string) {
    await this.page.getByRole('button', { name: 'Add Gateway' }).click();
    await addManuallyIn(this.addDialog(), mac, name);
  }

  /** Drags a gateway marker by (dx, dy) screen pixels. */
  async drag(mac: string, dx: number, dy: number) {
    const box = (await this.marker(mac).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let i = 1; i <= 10; i++) await this.page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
    await this.page.mouse.up();
  }

  /** The monitored gateways as the server has them (the saved configuration). */
  async fromServer(): Promise<GatewayOnServer[]> {
    return this.page.evaluate(async () => {
      const res = await fetch('/api/gateways/monitored', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return ((await res.json()) as { gateways: GatewayOnServer[] }).gateways;
    });
  }
}
