/** Page object for the Devices tab: the Device Management list, its rows and the Add Device dialog. */
import type { Locator, Page } from 'playwright-core';
import { addManuallyIn } from './monitoring-dialog.ts';

export class DevicesPanel {
  constructor(readonly page: Page) {}

  readonly tab = () => this.page.getByRole('tab', { name: 'Devices' });
  readonly list = () => this.page.getByTestId('device-list');
  /** A row's select button: its accessible name is the device name. */
  readonly row = (name: string) => this.list().getByRole('button', { name, exact: true });
  readonly rowItem = (name: string): Locator =>
    this.list()
      .locator('li')
      .filter({ has: this.page.getByRole('button', { name, exact: true }) });
  readonly addDialog = () => this.page.getByRole('dialog', { name: 'Add Device to Monitoring' });

  readonly currentMapOnly = () => this.page.getByLabel('Show only current map');
  readonly emptyOnMap = () => this.page.getByText('No monitored devices on this map');
  /** Rows of other accounts' devices on the map on screen (shared or public map). */
  readonly readOnlyRows = () => this.list().locator('li.read-only');

  async open() {
    await this.tab().click();
    await this.list().waitFor();
  }

  /** The names of the listed devices. */
  async names(): Promise<string[]> {
    return this.list()
      .locator('li .device-row-select')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  }

  /** Turn 'Show only current map' on (it is remembered per browser). */
  async showCurrentMapOnly() {
    if (!(await this.currentMapOnly().isChecked())) await this.currentMapOnly().click();
  }

  /** The MACs of the listed devices, sorted. */
  async macs(): Promise<string[]> {
    const macs = await this.list()
      .locator('li[data-mac]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-mac') ?? ''));
    return macs.sort();
  }

  async openAdd() {
    await this.page.getByRole('button', { name: 'Add Device' }).click();
    await this.addDialog().waitFor();
  }

  async addManually(mac: string, name: string) {
    await this.openAdd();
    await addManuallyIn(this.addDialog(), mac, name);
  }

  async rename(from: string, to: string) {
    await this.page.getByRole('button', { name: `Rename ${from}` }).click();
    const input = this.page.getByRole('textbox', { name: `Rename ${from}` });
    await input.fill(to);
    await input.press('Enter');
  }

  /** Clicks remove and answers the confirmation; returns the confirmation's text. */
  async remove(name: string, accept: boolean): Promise<string> {
    const dialog = this.page.waitForEvent('dialog');
    const click = this.rowItem(name)
      .getByRole('button', { name: `Remove from monitoring: ${name}` })
      .click();
    const d = await dialog;
    const message = d.message();
    await (accept ? d.accept() : d.dismiss());
    await click;
    return message;
  }
}
