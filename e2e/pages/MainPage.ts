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

  readonly toolsPanel = () => this.page.getByTestId('tools-panel');
  readonly menu = () => this.page.getByTestId('header-menu');

  /** Opens the header menu (if closed). */
  async openMenu() {
    if ((await this.userMenu().getAttribute('aria-expanded')) !== 'true') {
      await this.userMenu().click();
    }
    await this.menu().waitFor();
  }

  async logout() {
    await this.openMenu();
    await this.page.getByTestId('logout').click();
  }

  /** Switches the language from the header menu, then closes the menu. */
  async switchLanguage(language: 'en' | 'he') {
    await this.openMenu();
    await this.menu().locator(`button[lang="${language}"]`).click();
    await this.page.keyboard.press('Escape');
  }

  async openSettings() {
    await this.openMenu();
    await this.page.getByTestId('open-settings').click();
    await this.page.getByTestId('settings-panel').waitFor();
  }

  /** Selects a tools-panel tab by its id: maps, devices, gateways or view. */
  async openTab(id: 'maps' | 'devices' | 'gateways' | 'view') {
    await this.page.locator(`#tab-${id}`).click();
    await this.page.locator(`#panel-${id}`).waitFor();
  }

  /** The live connection state shown by the header indicator. */
  liveState() {
    return this.liveIndicator().getAttribute('data-state');
  }

  /** Keys currently in the page's localStorage. */
  storageKeys() {
    return this.page.evaluate(() => Object.keys(localStorage));
  }
}
