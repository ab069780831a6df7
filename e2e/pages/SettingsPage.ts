/** Page object for the settings panel (opened from the header menu, drawn in the tools panel). */
import type { Page } from 'playwright-core';

export class SettingsPage {
  constructor(readonly page: Page) {}

  readonly panel = () => this.page.getByTestId('settings-panel');
  readonly select = (name: 'defaultImage' | 'refreshRate') =>
    this.panel().locator(`select[name="${name}"]`);
  readonly zoom = (name: 'defaultZoom' | 'minZoom' | 'maxZoom') =>
    this.panel().locator(`input[name="${name}"]`);
  readonly checkbox = (
    name: 'showTooltipsOnStartup' | 'showSystemNotifications' | 'rememberMapPosition',
  ) => this.panel().locator(`input[name="${name}"]`);
  readonly upload = () => this.panel().locator('input[type="file"]');
  /** Save Changes and Reset Changes, in that order, while there are unsaved edits. */
  readonly actions = () => this.panel().locator('.settings-actions button');
  readonly saveButton = () => this.actions().nth(0);
  readonly resetButton = () => this.actions().nth(1);

  /** Picks the theme by its position: Light first, Dark second. */
  async pickTheme(theme: 'light' | 'dark') {
    await this.panel()
      .getByRole('radio')
      .nth(theme === 'light' ? 0 : 1)
      .click();
  }

  async themeChecked(): Promise<'light' | 'dark'> {
    const dark = await this.panel().getByRole('radio').nth(1).getAttribute('aria-checked');
    return dark === 'true' ? 'dark' : 'light';
  }
}
