/** Page object for the predicted-accuracy layer: the View tab's Plan section and its map legend. */
import type { Page } from 'playwright-core';

export class PlanLayer {
  constructor(readonly page: Page) {}

  readonly section = () => this.page.getByTestId('plan-section');
  readonly toggle = () => this.page.getByRole('checkbox', { name: 'Show predicted accuracy' });
  readonly target = () => this.page.getByRole('combobox', { name: 'Target (p90)' });
  readonly whatIf = () => this.page.getByRole('combobox', { name: 'What if this gateway fails' });
  readonly legend = () => this.page.getByRole('region', { name: 'Predicted accuracy (p90)' });
  readonly proposal = () => this.page.getByTestId('plan-proposal');
  readonly overlay = () => this.page.locator('img.plan-accuracy-overlay');
  readonly proposedSpot = () => this.page.locator('path.plan-proposal');

  /**
   * Waits until the map's layout is in (its gateways drawn, its walls too), so that the first
   * prediction is of the whole layout.
   */
  async waitForLayout(gateways: number) {
    await this.page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="gateway-marker"]').length >= n &&
        document.querySelectorAll('path.floor-wall').length > 0,
      gateways,
    );
  }

  /** Opens the View tab and turns the layer on. */
  async show() {
    await this.page.locator('#tab-view').click();
    await this.toggle().check();
    await this.legend().waitFor();
  }

  /** The share of the floor within the target that the legend states (0–1), once computed. */
  async share(): Promise<number | null> {
    const v = await this.legend().getAttribute('data-share');
    return v === null ? null : Number(v);
  }
}
