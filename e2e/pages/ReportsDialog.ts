/** Page object for the history reports: the dialog opened from the Maps tab, and the heatmap. */
import type { Page } from 'playwright-core';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as a datetime-local input takes it (local time, to the minute). */
const local = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export class ReportsDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: 'History reports' });
  readonly tab = (name: 'Zones' | 'Devices') => this.dialog().getByRole('tab', { name });
  readonly show = () => this.dialog().getByRole('button', { name: 'Show report' });
  readonly zoneTable = () => this.dialog().getByRole('table', { name: /^Zones,/ });
  readonly zoneRow = (zone: string) =>
    this.zoneTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: zone }) });
  readonly chart = () => this.dialog().locator('.occupancy-chart canvas');
  readonly devices = () => this.dialog().locator('section.report-device');
  readonly heatmapControls = () => this.page.getByTestId('heatmap-controls');
  readonly heatmapOverlay = () => this.page.locator('img.heatmap-overlay');
  readonly heatmapLegend = () => this.page.getByTestId('heatmap-legend');

  /** Open the reports of the map on screen (the Maps tab must be open). */
  async open() {
    await this.page.getByRole('button', { name: 'Reports', exact: true }).click();
    await this.dialog().waitFor();
  }

  /** Set a range's From and To (`name`: 'report' or 'heatmap'). */
  async setRange(name: 'report' | 'heatmap', from: number, to: number) {
    await this.page.locator(`input[name="${name}-from"]`).fill(local(from));
    await this.page.locator(`input[name="${name}-to"]`).fill(local(to));
  }

  /** The visits a zone's row of the shown report gives. */
  async visitsOf(zone: string): Promise<number> {
    return Number(await this.zoneRow(zone).getByRole('cell').first().textContent());
  }

  async showHeatmap(from: number, to: number) {
    await this.setRange('heatmap', from, to);
    await this.heatmapControls().getByRole('button', { name: 'Show heatmap' }).click();
  }
}
