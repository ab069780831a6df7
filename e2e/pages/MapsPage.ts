/** Page object for everything about maps: tab bar, All Maps page, Maps tab and the map dialog. */
import type { Locator, Page } from 'playwright-core';

export class MapsPage {
  constructor(readonly page: Page) {}

  readonly tabBar = () => this.page.getByTestId('map-tab-bar');
  readonly tabs = () => this.page.getByTestId('map-tab');
  readonly overflow = () => this.page.getByTestId('tab-overflow');
  readonly allMaps = () => this.page.getByTestId('all-maps');
  readonly cards = () => this.page.getByTestId('map-card');
  readonly card = (name: string) => this.cards().filter({ hasText: name });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly mapsTab = () => this.page.getByTestId('maps-tab');
  readonly floorPlan = () => this.page.locator('[data-testid="map-canvas"] img.floor-plan');
  readonly controls = () => this.page.getByRole('toolbar');

  /** Opens the Maps tab of the tools panel. */
  async openMapsTab() {
    await this.page.getByRole('tab', { name: /^(Maps|מפות)$/ }).click();
    await this.mapsTab().waitFor();
  }

  /** Fills and submits the create or edit dialog; `image` is a PNG's bytes. */
  async fillForm(values: { name?: string; building?: string; floor?: string; image?: Buffer }) {
    const d = this.dialog();
    if (values.name !== undefined) await d.getByLabel(/^Map Name/).fill(values.name);
    if (values.building !== undefined) await d.getByLabel('Building Name').fill(values.building);
    if (values.floor !== undefined) await d.getByLabel('Floor').fill(values.floor);
    if (values.image)
      await d.getByTestId('image-input').setInputFiles({
        name: 'plan.png',
        mimeType: 'image/png',
        buffer: values.image,
      });
  }

  /** Clicks a card's hover action (the actions show on hover). */
  async cardAction(name: string, action: 'Edit' | 'Duplicate' | 'Delete'): Promise<void> {
    const card: Locator = this.card(name).first();
    await card.hover();
    await card.getByRole('button', { name: `${action} map ${name}` }).click();
  }

  /** Names of the cards on the All Maps page, in order. */
  async cardNames(): Promise<string[]> {
    return this.cards().locator('.name').allTextContents();
  }
}
