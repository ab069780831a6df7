/**
 * Walls and doors in the console: on the demo map an editor draws a wall and a door, saves them,
 * and finds them again after a reload; the walls suggested from the demo plan (the real SVG drawn
 * in Chromium's canvas, text and all) cover the plan's walls, are accepted in one click, and the
 * rooms they close at their doors become zones in one more. Runs its own server: it rewrites the
 * demo map's floor model and zones.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import type { PlanPoint } from '../pages/FloorEditor.ts';
import { MainPage } from '../pages/MainPage.ts';
import { injectAxe } from '../support/axe.ts';
import { DEMO } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { consoleFor } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '1' } });

interface Segment {
  a: PlanPoint;
  b: PlanPoint;
}
type StrokeMatch = (
  truth: Segment[],
  found: Segment[],
  tol: number,
) => { recall: number; falseShare: number; falseStrokes: Segment[] };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The demo plan's walls as its SVG draws them (the 6 px strokes: plan.ts WALLS, its test says). */
function planWalls(): Segment[] {
  const svg = readFileSync(path.join(ROOT, 'apps/web/public/maps/floor1.svg'), 'utf8');
  const attr = (el: string, name: string) =>
    Number(new RegExp(`\\b${name}="([^"]+)"`).exec(el)![1]);
  return [...svg.matchAll(/<line [^>]*stroke-width="6"[^>]*>/g)].map(([el]) => ({
    a: { x: attr(el, 'x1'), y: attr(el, 'y1') },
    b: { x: attr(el, 'x2'), y: attr(el, 'y2') },
  }));
}

/** A wall's solid stretches: the wall with its doors cut out. */
function solid(wall: Segment & { doors: Segment[] }): Segment[] {
  const dx = wall.b.x - wall.a.x;
  const dy = wall.b.y - wall.a.y;
  const t = (p: PlanPoint) => ((p.x - wall.a.x) * dx + (p.y - wall.a.y) * dy) / (dx * dx + dy * dy);
  const at = (s: number) => ({ x: wall.a.x + s * dx, y: wall.a.y + s * dy });
  const cuts = wall.doors
    .map((d) => [Math.min(t(d.a), t(d.b)), Math.max(t(d.a), t(d.b))] as const)
    .sort((p, q) => p[0] - q[0]);
  const out: Segment[] = [];
  let from = 0;
  for (const [t0, t1] of cuts) {
    if (t0 > from) out.push({ a: at(from), b: at(t0) });
    from = Math.max(from, t1);
  }
  if (from < 1) out.push({ a: at(from), b: at(1) });
  return out;
}

async function signedIn() {
  await own.signIn();
  const pages = consoleFor(own.page);
  await pages.maps.floorPlan().waitFor();
  await pages.floor.open();
  return pages;
}

describe('walls and doors', () => {
  it('an editor draws a wall and a door and saves them; they are there after a reload', async () => {
    const { floor, page, maps } = await signedIn();
    // The demo map comes with the demo floor's walls.
    await expect.poll(async () => (await floor.counts()).walls).toBeGreaterThan(0);
    const saved = await floor.counts();
    await floor.startEditing();
    // Inside Ward A (x 20–260, y 20–360 px), away from its walls.
    await floor.drawWall([
      { x: 60, y: 200 },
      { x: 200, y: 200 },
    ]);
    await floor.drawDoor({ x: 100, y: 200 }, { x: 140, y: 200 });
    await floor.save();
    const after = { walls: saved.walls + 1, doors: saved.doors + 1 };
    expect(await floor.counts()).toEqual(after);

    await page.reload();
    await maps.floorPlan().waitFor();
    await floor.open();
    await expect.poll(() => floor.counts()).toEqual(after);
    // Drawn on the map (the layer is on by default on a map with walls).
    await expect.poll(() => floor.wallPaths().count()).toBe(after.walls);
    expect(await floor.doorPaths().count()).toBe(after.doors);
  });

  it("suggests the demo plan's walls from its image and makes zones of the rooms they close", async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    await demo.putFloorModel(await demo.mapId(DEMO.mapName), {
      walls: [],
      doors: [],
      outline: null,
    });
    const { floor } = await signedIn();
    await expect.poll(() => floor.summary().textContent()).toMatch(/^0 walls · 0 doors/);
    await floor.startEditing();
    await floor.editor().getByRole('button', { name: 'Suggest walls from the plan' }).click();
    await floor.suggestStatus().filter({ hasText: 'walls suggested' }).waitFor({ timeout: 30_000 });

    await own.page.screenshot({ path: docsPath('floor-suggestions.png') });
    const suggested = await floor.suggested();
    const { strokeMatch } = (await import(
      /* @vite-ignore */ path.join(ROOT, 'apps/web/src/test/stroke-match.ts')
    )) as { strokeMatch: StrokeMatch };
    const truth = planWalls();
    const { recall, falseShare, falseStrokes } = strokeMatch(truth, suggested.flatMap(solid), 4);
    const doors = suggested.reduce((n, s) => n + s.doors.length, 0);
    console.log(
      `demo plan in Chromium: ${suggested.length} walls with ${doors} doors suggested for ${truth.length} drawn walls; ` +
        `recall ${(recall * 100).toFixed(1)} % of the walls' length, ` +
        `${(falseShare * 100).toFixed(1)} % of the suggested length on no wall (${falseStrokes.length} false strokes)`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(falseShare).toBeLessThanOrEqual(0.05);
    expect(doors).toBe(12);

    await floor
      .editor()
      .getByRole('button', { name: /^Accept all/ })
      .click();
    expect(await floor.counts('draft')).toEqual({ walls: suggested.length, doors });
    await floor.editor().getByRole('button', { name: 'Make zones of enclosed rooms' }).click();
    await floor
      .roomsStatus()
      .filter({ hasText: /^Created 13 zones: Room 1, / })
      .waitFor();
    await floor.save();
    expect(await floor.counts()).toEqual({ walls: suggested.length, doors });
    await own.page.getByTestId('zone-list').getByText('Room 13', { exact: true }).waitFor();
    await own.page.screenshot({ path: docsPath('floor-rooms.png') });
  });

  it('at 390 px wide in Hebrew, the editor fits the screen and axe finds nothing serious', async () => {
    const { page } = own;
    await page.setViewportSize({ width: 390, height: 844 });
    const { floor } = await signedIn();
    await new MainPage(page).switchLanguage('he');
    await floor.section().getByRole('button', { name: 'ערוך קירות ודלתות' }).click();
    await floor.editor().waitFor();
    await floor.editor().scrollIntoViewIfNeeded();
    const overflow = await floor.editor().evaluate((el) => {
      const out: string[] = [];
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`editor ${el.scrollWidth} > ${el.clientWidth}`);
      for (const b of el.querySelectorAll('button, select, input')) {
        const r = b.getBoundingClientRect();
        if (r.left < 0 || r.right > window.innerWidth)
          out.push(`${b.textContent} ${r.left}–${r.right}`);
      }
      return out;
    });
    expect(overflow).toEqual([]);
    await injectAxe(page);
    const serious = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } })
        .axe;
      const result = (await axe.run('[data-testid="floor-editor"]', {
        resultTypes: ['violations'],
      })) as {
        violations: { id: string; impact: string | null }[];
      };
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    });
    expect(serious).toEqual([]);
    await page.screenshot({ path: docsPath('floor-editor-390-he.png') });
  });
});
