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

  /** The MACs of the drawn device markers, sorted. */
  async markerMacs(): Promise<string[]> {
    return (await this.markerPositions()).map((m) => m.mac).sort();
  }

  /** Wait until some marker drawn now is drawn elsewhere (more than 1 px away). */
  async waitForAMarkerToMove(timeout = 20_000) {
    const before = await this.markerPositions();
    await this.page.waitForFunction(
      (start) =>
        [...document.querySelectorAll('[data-testid="device-marker"]')].some((el) => {
          const r = el.getBoundingClientRect();
          const b = start.find((s) => s.mac === el.getAttribute('data-mac'));
          return (
            b !== undefined && Math.hypot(b.x - (r.x + r.width / 2), b.y - (r.y + r.height / 2)) > 1
          );
        }),
      before,
      { timeout, polling: 250 },
    );
  }

  /** The on-screen centre of one device's marker, or null when it is not drawn. */
  async markerAt(mac: string): Promise<{ x: number; y: number } | null> {
    return (await this.markerPositions()).find((m) => m.mac === mac) ?? null;
  }

  /**
   * Wait until a device's marker stands still (two readings a second apart within 2 px) and
   * return where it stands.
   */
  async waitForMarkerToSettle(mac: string, timeout = 30_000): Promise<{ x: number; y: number }> {
    const until = Date.now() + timeout;
    let last = await this.markerAt(mac);
    for (;;) {
      await this.page.waitForTimeout(1_000);
      const now = await this.markerAt(mac);
      if (last && now && Math.hypot(now.x - last.x, now.y - last.y) < 2) return now;
      if (Date.now() > until) throw new Error(`marker ${mac} did not settle`);
      last = now;
    }
  }

  /** Wait until a device's marker is drawn more than `px` away from `from`. */
  async waitForMarkerAwayFrom(mac: string, from: { x: number; y: number }, px: number) {
    await this.page.waitForFunction(
      ({ mac, from, px }) => {
        const el = document.querySelector(`[data-testid="device-marker"][data-mac="${mac}"]`);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return Math.hypot(r.x + r.width / 2 - from.x, r.y + r.height / 2 - from.y) > px;
      },
      { mac, from, px },
      { timeout: 20_000, polling: 250 },
    );
  }

  /** Count live updates the page receives from now on (read with liveUpdatesHeard). */
  async countLiveUpdates() {
    await this.page.evaluate(() => {
      const w = window as unknown as { heard: number };
      w.heard = 0;
      window.addEventListener('deviceUpdate', () => w.heard++);
    });
  }

  /** Wait until the page has received at least `count` live updates since countLiveUpdates. */
  async waitForLiveUpdates(count: number, timeout = 30_000) {
    await this.page.waitForFunction(
      (n) => (window as unknown as { heard: number }).heard >= n,
      count,
      { timeout },
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
  async openTab(id: 'maps' | 'devices' | 'gateways' | 'view' | 'zones') {
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
