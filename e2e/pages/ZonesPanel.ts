/** Page object for the Zones tab (zones, drawing, rules) and the zones drawn on the map. */
import type { Page } from 'playwright-core';

export class ZonesPanel {
  constructor(readonly page: Page) {}

  readonly tab = () => this.page.getByRole('tab', { name: 'Zones' });
  readonly panel = () => this.page.getByTestId('zones-panel');
  readonly drawButton = () => this.page.getByRole('button', { name: 'Draw a zone' });
  readonly draftForm = () => this.page.getByTestId('zone-draft-form');
  readonly corners = () => this.page.getByTestId('zone-corners');
  readonly list = () => this.page.getByTestId('zone-list');
  readonly rules = () => this.page.getByTestId('rules-section');
  readonly ruleForm = () => this.page.getByTestId('rule-form');
  /** A zone's label on the map: its name and occupancy count. */
  readonly label = (name: string) => this.page.getByTestId('zone-label').filter({ hasText: name });

  async open() {
    await this.tab().click();
    await this.panel().waitFor();
  }

  /**
   * Draw a zone through the given points (fractions of the floor plan's width and height), close
   * it with Enter, name it and save it.
   */
  async draw(name: string, points: [number, number][]) {
    await this.drawButton().click();
    await this.draftForm().waitFor();
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    if (!plan) throw new Error('no floor plan on screen');
    for (const [i, [fx, fy]] of points.entries()) {
      await this.page.mouse.click(plan.x + plan.width * fx, plan.y + plan.height * fy);
      await this.corners()
        .filter({ hasText: `${i + 1} corner` })
        .waitFor();
    }
    await this.page.keyboard.press('Enter');
    await this.draftForm().getByLabel('Zone name').fill(name);
    await this.draftForm().getByRole('button', { name: 'Save zone' }).click();
    await this.draftForm().waitFor({ state: 'detached' });
  }

  /** Add a rule through the form. */
  async addRule(rule: {
    name: string;
    event: string;
    zone?: string;
    /** The device as the form lists it, `name (MAC)`; any device when absent. */
    device?: string;
    severity?: string;
    /** Seconds; the form's default when absent. */
    cooldown?: number;
  }) {
    await this.rules().getByRole('button', { name: 'Add a rule' }).click();
    const form = this.ruleForm();
    await form.getByLabel('Rule name').fill(rule.name);
    await form.getByLabel('Event').selectOption({ label: rule.event });
    // A select's label holds its options' texts too: the zone and device are found by name.
    if (rule.zone) await form.locator('select[name="zoneId"]').selectOption({ label: rule.zone });
    if (rule.device) await form.locator('select[name="mac"]').selectOption({ label: rule.device });
    if (rule.cooldown !== undefined)
      await form.getByLabel('Cool-down (seconds)').fill(String(rule.cooldown));
    if (rule.severity) await form.getByLabel('Severity').selectOption({ label: rule.severity });
    await form.getByRole('button', { name: 'Save rule' }).click();
    await form.waitFor({ state: 'detached' });
  }
}
