/** Page object for the main screen: header, map canvas and markers. */
import type { Page } from 'playwright-core';

export interface MarkerPosition {
  mac: string;
  x: number;
  y: number;
}

export class MainPage {
  constructor(readonly page: Page) {}

  readonly map = () => this.page.getByTestId('map-canvas');
  readonly deviceMarkers = () => this.page.getByTestId('device-marker');
  readonly userMenu = () => this.page.getByTestId('user-menu');
  readonly liveIndicator = () => this.page.getByTestId('live-indicator');

  async waitUntilShown() {
    await this.map().waitFor();
  }

  /** Wait until at least `count` device markers are drawn. */
  async waitForMarkers(count: number, timeout = 20_000) {
    await this.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="device-marker"]').length >= n,
      count,
      { timeout },
    );
  }

  /** Each device marker's MAC and its on-screen centre. */
  async markerPositions(): Promise<MarkerPosition[]> {
    return this.page.$$eval('[data-testid="device-marker"]', (els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          mac: el.getAttribute('data-mac') ?? '',
          x: r.x + r.width / 2,
          y: r.y + r.height / 2,
        };
      }),
    );
  }

  async logout() {
    await this.userMenu().click();
    await this.page.getByRole('menuitem').click();
  }
}
