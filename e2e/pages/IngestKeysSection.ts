/** Page object for the Ingest keys section of the settings panel. */
import type { Page } from 'playwright-core';

export class IngestKeysSection {
  constructor(readonly page: Page) {}

  readonly section = () => this.page.getByTestId('ingest-keys');
  readonly list = () => this.section().getByRole('list', { name: 'Ingest keys' });
  readonly row = (name: string) => this.list().locator('li').filter({ hasText: name });
  readonly createdKey = () => this.section().getByRole('textbox', { name: 'New ingest key' });

  async open() {
    await this.section().getByRole('button', { name: 'Manage ingest keys' }).click();
  }

  /** Create a key by name; returns the key as the console shows it (once). */
  async create(name: string): Promise<string> {
    await this.section().getByLabel('New key name').fill(name);
    await this.section().getByRole('button', { name: 'Create key' }).click();
    await this.createdKey().waitFor();
    return this.createdKey().inputValue();
  }

  async done() {
    await this.section().getByRole('button', { name: 'Done' }).click();
    await this.createdKey().waitFor({ state: 'detached' });
  }
}
