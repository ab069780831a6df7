/** Page object for the replay's time bar over the map, and where a marker stands on the plan. */
import type { Page } from 'playwright-core';

export class ReplayBar {
  constructor(readonly page: Page) {}

  readonly bar = () => this.page.getByTestId('replay-bar');
  readonly slider = () => this.bar().getByRole('slider', { name: 'Replayed time' });
  readonly button = (name: 'Play' | 'Pause' | 'Back to live') =>
    this.bar().getByRole('button', { name, exact: true });

  /** Wait until the range's history is loaded. */
  async waitUntilLoaded() {
    await this.page.locator('[data-testid="replay-bar"][data-loading="false"]').waitFor();
  }

  /** The replayed moment the bar shows (epoch ms). */
  async at(): Promise<number> {
    return Number(await this.bar().getAttribute('data-at'));
  }

  async playing(): Promise<boolean> {
    return (await this.bar().getAttribute('data-playing')) === 'true';
  }

  async setSpeed(speed: 1 | 2 | 5 | 10 | 30 | 60) {
    await this.bar().getByRole('combobox', { name: 'Speed' }).selectOption(String(speed));
  }

  /** How many map pixels one screen pixel of the plan spans at the current zoom. */
  async mapPixelsPerScreenPixel(image: { width: number }): Promise<number> {
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    return plan ? image.width / plan.width : Infinity;
  }

  /**
   * Where a device's marker stands on the floor plan, in map pixels (the plan image spans the
   * map's image size), or null when it is not drawn.
   */
  async markerOnPlan(
    mac: string,
    image: { width: number; height: number },
  ): Promise<{ x: number; y: number } | null> {
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    const el = this.page.locator(`[data-testid="device-marker"][data-mac="${mac}"]`);
    const marker = (await el.count()) === 0 ? null : await el.boundingBox();
    if (!plan || !marker) return null;
    return {
      x: ((marker.x + marker.width / 2 - plan.x) / plan.width) * image.width,
      y: ((marker.y + marker.height / 2 - plan.y) / plan.height) * image.height,
    };
  }
}
