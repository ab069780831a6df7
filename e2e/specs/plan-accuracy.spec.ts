/**
 * The predicted-accuracy layer on the demo map: turned on from the View tab it draws the floor's
 * predicted p90 error with its legend and proposes a spot for one more gateway; leaving a gateway
 * out ("what if it fails") shrinks the area within the target, and dragging a gateway in edit mode
 * redraws the layer while the drag is still in progress. Nothing is saved, so it runs on the
 * shared server.
 */
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/LoginPage.ts';
import { GatewaysPanel } from '../pages/GatewaysPanel.ts';
import { seriousViolationsIn } from '../support/axe.ts';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { docsPath } from '../support/docs.ts';

const pages = useBrowserPages();
/** A loaded machine slows the workers: polls wait this long for a redraw (ms). */
const REDRAW = { timeout: 15_000 };

/** Two demo gateways (building.ts): the one in Ward A and the east end of the main corridor. */
const WARD_A = 'AC:23:3F:00:00:02';
const CORRIDOR_EAST = 'AC:23:3F:00:00:11';
const DEMO_GATEWAYS = 19;

async function withLayer() {
  const login = new LoginPage(pages.page);
  await login.open();
  await login.signIn(DEMO.email, DEMO.password);
  const { plan, maps } = consoleFor(pages.page);
  await maps.floorPlan().waitFor();
  await plan.waitForLayout(DEMO_GATEWAYS);
  await plan.show();
  await expect.poll(() => plan.share(), REDRAW).not.toBeNull();
  return plan;
}

/** Serious and critical axe violations inside these parts of the page. */
const seriousIn = (selectors: string[]) => seriousViolationsIn(pages.page, selectors);

describe('predicted accuracy', () => {
  it('draws the layer with its legend and proposes one more gateway', async () => {
    const plan = await withLayer();
    await plan.overlay().waitFor();
    const legend = (await plan.legend().textContent()) ?? '';
    expect(legend).toContain('up to 1 m');
    expect(legend).toContain('over 8 m');
    expect(legend).toMatch(/\d+ % of the floor within 5 m/);
    await expect
      .poll(() => plan.proposal().textContent(), { timeout: 30_000 })
      .toMatch(/^One more gateway at \d+, \d+ m .* from \d+ % to \d+ % \(\+\d+ m²\)/);
    await plan.proposedSpot().waitFor();
    await pages.page.screenshot({ path: docsPath('plan-accuracy.png') });
    // A stricter target leaves less of the floor within it.
    const at5 = (await plan.share())!;
    expect(at5).toBeGreaterThan(0);
    await plan.target().selectOption('8');
    await expect.poll(() => plan.share(), REDRAW).toBeGreaterThan(at5);
  });

  it('shows the layout without a failed gateway', async () => {
    const plan = await withLayer();
    const all = (await plan.share())!;
    await plan.whatIf().selectOption({ label: 'GW Ward A' });
    await expect.poll(() => plan.legend().getAttribute('data-without'), REDRAW).toBe(WARD_A);
    await expect.poll(() => plan.share(), REDRAW).toBeLessThan(all);
    await plan.whatIf().selectOption({ label: 'All gateways working' });
    await expect.poll(() => plan.share(), REDRAW).toBe(all);
  });

  it('redraws while a gateway is dragged in edit mode', async () => {
    const plan = await withLayer();
    const gateways = new GatewaysPanel(pages.page);
    await gateways.editButton().click();
    await gateways.editBanner().waitFor();
    const before = (await plan.share())!;
    const box = (await gateways.marker(CORRIDOR_EAST).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await pages.page.mouse.move(x, y);
    await pages.page.mouse.down();
    for (let i = 1; i <= 10; i++) await pages.page.mouse.move(x - 20 * i, y - 15 * i);
    // Still held: the layer follows the drag, not only the drop.
    await expect.poll(() => plan.share(), REDRAW).not.toBe(before);
    await pages.page.mouse.up();
  });

  it('turns on by keyboard in Hebrew and the dark theme, and axe finds nothing serious in it', async () => {
    await pages.page.goto('/');
    await pages.page.evaluate(() => {
      localStorage.setItem('language', 'he');
      localStorage.setItem('theme', 'dark');
    });
    await pages.page.reload();
    const login = new LoginPage(pages.page);
    await login.signIn(DEMO.email, DEMO.password);
    const { plan, maps } = consoleFor(pages.page);
    await maps.floorPlan().waitFor();
    await pages.page.locator('#tab-view').click();
    const toggle = pages.page.getByRole('checkbox', { name: 'הצג דיוק צפוי' });
    await toggle.focus();
    await pages.page.keyboard.press('Space');
    const legend = pages.page.getByRole('region', { name: 'דיוק צפוי (p90)' });
    await legend.waitFor();
    await expect.poll(() => legend.getAttribute('data-share'), REDRAW).not.toBeNull();
    expect(await legend.textContent()).toMatch(/% מהקומה בתוך 5 מ'/);
    expect(
      await seriousIn(['[data-testid="plan-section"]', '[data-testid="plan-legend"]']),
    ).toEqual([]);
    await expect
      .poll(() => plan.proposal().textContent(), { timeout: 30_000 })
      .toMatch(/^שער נוסף/);
  });
});
