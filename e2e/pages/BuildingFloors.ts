/** Page object for a building on the map: its floor switcher, Follow, and the map's event log. */
import type { Page } from 'playwright-core';

export class BuildingFloors {
  constructor(readonly page: Page) {}

  readonly switcher = () => this.page.getByTestId('floor-switcher');
  /** A floor's button: its name is the floor's map name and its live tags ("…Floor 2, 3 live tags"). */
  readonly floor = (name: string) =>
    this.switcher().getByRole('button', { name: new RegExp(`${name}, \\d+ live tags?$`) });
  /** The floor on screen (the pressed button). */
  readonly shown = () => this.switcher().locator('button[aria-pressed="true"]');
  readonly follow = () => this.page.getByRole('button', { name: 'Follow on map' });
  readonly eventLog = () => this.page.getByTestId('event-log');
  readonly events = () => this.page.getByTestId('event-log-list').locator('li');

  /** Show a floor by its switcher button, and wait until it is the one on screen. */
  async show(name: string) {
    await this.floor(name).click();
    await this.floor(name).and(this.shown()).waitFor();
  }

  /** Wait until the floor plan of the map on screen is drawn. */
  async planDrawn() {
    await this.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(
        '[data-testid="map-canvas"] img.floor-plan',
      );
      return img !== null && img.complete && img.naturalWidth > 0;
    });
  }

  /**
   * Wait until the floor on screen counts as many live tags as its map draws (the counts are
   * refreshed once a second, the markers as positions arrive).
   */
  async countsCaughtUp() {
    await this.page.waitForFunction(() => {
      const count = document.querySelector(
        '[data-testid="floor-switcher"] button[aria-pressed="true"] [data-testid="floor-count"]',
      );
      const drawn = document.querySelectorAll('[data-testid="device-marker"]').length;
      return count !== null && Number(count.textContent) === drawn;
    });
  }

  /** Open the Zones tab's event log of the map on screen. */
  async openEventLog() {
    await this.page.getByRole('tab', { name: 'Zones' }).click();
    await this.eventLog().getByRole('button', { name: 'Show events' }).click();
  }
}
