/**
 * Page object for the walk test: the Maps tab's walk section (start, resume, record, finish), the
 * numbered points and crosshair on the map, the calibration and the accuracy reports dialog.
 */
import type { Page } from 'playwright-core';

/** A spot on the plan in map pixels. */
export interface PlanSpot {
  x: number;
  y: number;
}

export class WalkConsole {
  constructor(readonly page: Page) {}

  readonly section = () => this.page.getByTestId('walk-section');
  readonly tag = () => this.section().getByRole('combobox', { name: 'Tag you carry' });
  readonly dwell = () => this.section().getByRole('combobox', { name: 'Stand at each spot for' });
  readonly panel = () => this.page.getByTestId('walk-panel');
  readonly status = () => this.page.getByTestId('walk-status');
  readonly points = () => this.page.getByTestId('walk-point');
  readonly crosshair = () => this.page.getByTestId('walk-crosshair');
  /** The bar over the map, and its Record (the phone's way, with the tools sheet lowered). */
  readonly bar = () => this.page.getByTestId('walk-bar');
  readonly recordAtCrosshair = () =>
    this.bar().getByRole('button', { name: 'Record at the crosshair' });
  readonly sheetHandle = () => this.page.getByTestId('tools-sheet-handle');
  readonly verdict = () => this.page.getByTestId('walk-verdict');
  readonly figures = () => this.page.getByRole('table', { name: /^Error on points held out/ });
  readonly applied = () => this.page.getByTestId('walk-applied');
  readonly reports = () => this.page.getByRole('dialog', { name: 'Accuracy reports' });
  readonly report = () => this.reports().getByTestId('walk-report');
  readonly reportRows = () => this.reports().getByTestId('walk-report-row');
  readonly button = (name: string) => this.page.getByRole('button', { name, exact: true });

  /** Opens the Maps tab, where the walk section is. */
  async open() {
    await this.page.getByRole('tab', { name: 'Maps', exact: true }).click();
    await this.section().waitFor();
  }

  /** Lowers the phone's tools sheet (the map shows) or raises it again. */
  async sheet(raised: boolean) {
    if ((await this.sheetHandle().getAttribute('aria-expanded')) !== String(raised))
      await this.sheetHandle().click();
    await this.page.waitForFunction(
      (want) =>
        document
          .querySelector('[data-testid="tools-sheet-handle"]')
          ?.getAttribute('aria-expanded') === want,
      String(raised),
    );
  }

  /** Starts a walk carrying the tag of this option label; resolves to the walk's id. */
  async start(tagLabel: string): Promise<string> {
    await this.tag().selectOption({ label: tagLabel });
    await this.button('Start walk').click();
    await this.panel().waitFor();
    return (await this.panel().getAttribute('data-walk-id')) ?? '';
  }

  /** Resumes the unfinished walk listed with this many points. */
  async resume(points: number) {
    await this.section()
      .getByRole('button', { name: new RegExp(`^Resume the walk of .*: ${points} points$`) })
      .click();
    await this.panel().waitFor();
  }

  /**
   * Drags the map (from the crosshair, where nothing is drawn) until `spot` is within `nearPx`
   * plan pixels of it; again while the map settles (a sheet lowered resizes it). The spot under
   * the crosshair in the end.
   */
  async centreOn(spot: PlanSpot, size: { width: number; height: number }, nearPx = 20) {
    for (let attempt = 0; ; attempt++) {
      await this.planSettled();
      const { at, cross, scale } = await this.crosshairOnPlan(size);
      const [dx, dy] = [(at.x - spot.x) * scale, (at.y - spot.y) * scale];
      if (Math.hypot(at.x - spot.x, at.y - spot.y) < nearPx) return at;
      if (attempt === 10) throw new Error(`the map did not move the spot under the crosshair`);
      await this.page.mouse.move(cross.x, cross.y);
      await this.page.mouse.down();
      for (let i = 1; i <= 10; i++)
        await this.page.mouse.move(cross.x + (dx * i) / 10, cross.y + (dy * i) / 10);
      // Held still before the release: the map then has no speed to glide on (its inertia), which
      // on a busy machine, with the moves far apart, would carry it past the spot.
      await this.page.waitForTimeout(150);
      await this.page.mouse.up();
    }
  }

  /** Zooms the map in by its button and waits until the plan has grown and stands still. */
  async zoomIn() {
    const plan = '[data-testid="map-canvas"] img.floor-plan';
    // A click while the map still moves (the sheet lowering, an earlier zoom) can be ignored by
    // the map: measure once it stands still, and click again when the plan has not grown.
    await this.planSettled();
    const before = (await this.page.locator(plan).boundingBox())?.width ?? 0;
    for (let attempt = 1; ; attempt++) {
      await this.page.getByRole('button', { name: 'Zoom in' }).click();
      const grown = await this.page
        .waitForFunction(
          ([selector, width]) =>
            (document.querySelector(selector)?.getBoundingClientRect().width ?? 0) > width * 1.2,
          [plan, before] as const,
          { timeout: 5_000 },
        )
        .then(() => true)
        .catch((err: unknown) => {
          if (attempt >= 3) throw err;
          return false;
        });
      if (grown) break;
    }
    await this.planSettled();
  }

  /** Waits until the plan stands still on screen (a zoom's or a resize's animation over). */
  async planSettled() {
    await this.page.waitForFunction(async () => {
      const box = () => {
        const r = document.querySelector('[data-testid="map-canvas"] img.floor-plan');
        const b = r?.getBoundingClientRect();
        return b ? `${b.x},${b.y},${b.width}` : '';
      };
      const frames = () =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const before = box();
      for (let i = 0; i < 5; i++) await frames();
      return before !== '' && before === box();
    });
  }

  /** The crosshair's centre on screen and the plan spot under it (map pixels per screen pixel). */
  private async crosshairOnPlan(size: { width: number; height: number }) {
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    const box = await this.crosshair().boundingBox();
    if (!plan || !box) throw new Error('no plan or crosshair on screen');
    const cross = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const scale = plan.width / size.width;
    const at = { x: (cross.x - plan.x) / scale, y: (cross.y - plan.y) / scale };
    return { at, cross, scale };
  }

  /** Taps (clicks) the plan at `spot` (map pixels), as an installer standing there would. */
  async tapOnPlan(spot: PlanSpot, size: { width: number; height: number }) {
    await this.planSettled();
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    if (!plan) throw new Error('no plan on screen');
    const scale = plan.width / size.width;
    await this.page.mouse.click(plan.x + spot.x * scale, plan.y + spot.y * scale);
  }

  /** The spot of the plan under the crosshair (map pixels), from the plan image on screen. */
  async crosshairSpot(size: { width: number; height: number }): Promise<PlanSpot> {
    return (await this.crosshairOnPlan(size)).at;
  }
}
