/** The Add Device / Add Gateway to Monitoring dialogs share their manual entry (ui/monitoring-dialog). */
import type { Locator } from 'playwright-core';

/** Fill the dialog's manual entry with MAC and name, add, and wait for the dialog to close. */
export async function addManuallyIn(dialog: Locator, mac: string, name: string) {
  await dialog.getByRole('button', { name: 'Manual entry' }).click();
  await dialog.getByLabel('MAC address').fill(mac);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Add to Monitoring' }).click();
  await dialog.waitFor({ state: 'detached' });
}
