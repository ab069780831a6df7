/**
 * Page object for the controls that change a map or what lies on it, wherever the console shows
 * them: the map's toolbar and each tab of the tools panel. A viewer should find none of them.
 */
import type { Locator, Page } from 'playwright-core';

export type ToolsTab = 'Maps' | 'Devices' | 'Gateways' | 'View' | 'Zones';

/** Buttons that change a map or its content, by their (English) accessible names. */
const EDITING_BUTTON =
  /^(Edit mode|Save view preset|Set map scale|Add Gateway|Add Device|Add new |Delete gateway|Rename |Remove from monitoring|Delete device|Device details|Edit map|Delete map|Share map|Draw a zone|Add a rule|Edit rule|Delete rule|Edit |Delete |Save$|Cancel$)/;

export class EditingControls {
  constructor(readonly page: Page) {}

  readonly toolbar = () => this.page.getByRole('toolbar', { name: 'Map controls' });
  readonly panel = () => this.page.locator('.tab-panel[role="tabpanel"]');

  async openTab(name: ToolsTab) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    await this.panel().waitFor();
  }

  /** Editing buttons, sliders and text inputs of rename in `scope` (the page by default). */
  controls(scope: Locator | Page = this.page): Locator[] {
    return [
      scope.getByRole('button', { name: EDITING_BUTTON }),
      scope.getByRole('slider'),
      scope.locator('.rename-input'),
    ];
  }

  /** The accessible names of the editing controls in `scope` (empty for a viewer). */
  async found(scope: Locator | Page = this.page): Promise<string[]> {
    const names: string[] = [];
    for (const locator of this.controls(scope))
      for (const el of await locator.all())
        names.push((await el.getAttribute('aria-label')) ?? (await el.textContent()) ?? '?');
    return names;
  }
}
