/** Page object for walls and doors: the floor section of the Zones tab, its editor, and the map. */
import type { Page } from 'playwright-core';

/** A point in map pixels (the floor plan's own pixels). */
export interface PlanPoint {
  x: number;
  y: number;
}

export class FloorEditor {
  constructor(readonly page: Page) {}

  readonly section = () => this.page.getByTestId('floor-section');
  readonly summary = () => this.page.getByTestId('floor-summary');
  readonly editor = () => this.page.getByTestId('floor-editor');
  readonly draftSummary = () => this.page.getByTestId('floor-draft-summary');
  readonly hint = () => this.page.getByTestId('floor-hint');
  readonly suggestStatus = () => this.page.getByTestId('floor-suggest-status');
  readonly suggestions = () => this.page.getByTestId('floor-suggestion');
  readonly roomsStatus = () => this.page.getByTestId('floor-rooms-status');
  /** The walls and doors drawn on the map (SVG paths of the floor layer). */
  readonly wallPaths = () => this.page.locator('[data-testid="map-canvas"] path.floor-wall');
  readonly doorPaths = () => this.page.locator('[data-testid="map-canvas"] path.floor-door');

  /** Opens the Zones tab (in any language) and waits for the floor model's summary. */
  async open() {
    await this.page.locator('#tab-zones').click();
    await this.summary().waitFor();
  }

  /** The summary's counts: "33 walls · 12 doors · …". */
  async counts(which: 'saved' | 'draft' = 'saved') {
    const text =
      (await (which === 'saved' ? this.summary() : this.draftSummary()).textContent()) ?? '';
    const walls = /(\d+) walls?/.exec(text);
    const doors = /(\d+) doors?/.exec(text);
    return { walls: Number(walls?.[1] ?? NaN), doors: Number(doors?.[1] ?? NaN) };
  }

  async startEditing() {
    await this.section().getByRole('button', { name: 'Edit walls and doors' }).click();
    await this.editor().waitFor();
  }

  async tool(name: 'Select' | 'Wall' | 'Door' | 'Outline') {
    await this.editor().getByRole('group', { name: 'Tool' }).getByRole('button', { name }).click();
  }

  /** Where a map pixel is on screen now (the floor plan image spans the map's image size). */
  async onScreen(p: PlanPoint, size = { width: 1200, height: 800 }) {
    const plan = await this.page.locator('[data-testid="map-canvas"] img.floor-plan').boundingBox();
    if (!plan) throw new Error('no floor plan on screen');
    return {
      x: plan.x + (plan.width * p.x) / size.width,
      y: plan.y + (plan.height * p.y) / size.height,
    };
  }

  async click(p: PlanPoint) {
    const at = await this.onScreen(p);
    await this.page.mouse.click(at.x, at.y);
  }

  /** Draw a wall through the points with the Wall tool, the last one double-clicked. */
  async drawWall(points: PlanPoint[]) {
    await this.tool('Wall');
    const before = await this.counts('draft');
    for (const p of points.slice(0, -1)) await this.click(p);
    const last = await this.onScreen(points[points.length - 1]!);
    await this.page.mouse.dblclick(last.x, last.y);
    await this.page.waitForFunction((n) => {
      const text = document.querySelector('[data-testid="floor-draft-summary"]')?.textContent;
      return Number(/(\d+) walls?/.exec(text ?? '')?.[1]) === n;
    }, before.walls + 1);
  }

  /** Put a door on a wall with the Door tool: its two ends. */
  async drawDoor(a: PlanPoint, b: PlanPoint) {
    await this.tool('Door');
    const before = await this.counts('draft');
    // A click while the map still moves can miss the wall: measure again and click once more.
    const second = this.hint().filter({ hasText: 'Now click where the door ends' });
    for (let attempt = 1; ; attempt++) {
      await this.click(a);
      const shown = await second
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch((err: unknown) => {
          if (attempt >= 3) throw err;
          return false;
        });
      if (shown) break;
    }
    await this.click(b);
    await this.page.waitForFunction((n) => {
      const text = document.querySelector('[data-testid="floor-draft-summary"]')?.textContent;
      return Number(/(\d+) doors?/.exec(text ?? '')?.[1]) === n;
    }, before.doors + 1);
  }

  async save() {
    await this.editor().getByRole('button', { name: 'Save walls and doors' }).click();
    await this.editor().waitFor({ state: 'detached' });
  }

  /** The suggestions listed: each wall and its doors, in map pixels. */
  async suggested() {
    return this.suggestions().evaluateAll((items) => {
      const segment = (text: string) => {
        const [x0, y0, x1, y1] = text.split(' ').map(Number);
        return { a: { x: x0!, y: y0! }, b: { x: x1!, y: y1! } };
      };
      return items.map((li) => ({
        ...segment(li.getAttribute('data-segment') ?? ''),
        doors: (li.getAttribute('data-doors') ?? '').split(';').filter(Boolean).map(segment),
      }));
    });
  }
}
