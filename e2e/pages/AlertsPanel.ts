/** Page object for the header's alert counter and the alert panel. */
import type { Page } from 'playwright-core';

export class AlertsPanel {
  constructor(readonly page: Page) {}

  readonly counter = () => this.page.getByTestId('alert-counter');
  readonly count = () => this.page.getByTestId('alert-count');
  readonly panel = () => this.page.getByTestId('alert-panel');
  readonly items = () => this.panel().locator('li.alert-item');
  readonly tab = (name: 'Open' | 'Acknowledged' | 'History') =>
    this.panel().getByRole('tab', { name });

  /** The number of open alerts the header shows. */
  async openCount(): Promise<number> {
    return Number(await this.count().textContent());
  }

  async open() {
    if ((await this.counter().getAttribute('aria-expanded')) !== 'true')
      await this.counter().click();
    await this.panel().waitFor();
  }
}
