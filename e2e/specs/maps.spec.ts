/**
 * Maps in the console: create with an image, edit, duplicate, delete, grid and tabs,
 * a viewer's controls, the 10-tab overflow, and screenshots in English and Hebrew. Runs its own
 * server, because it changes data and needs several accounts.
 */
import { docsPath } from '../support/docs.ts';
import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MapsPage } from '../pages/MapsPage.ts';
import { apiClient, floorPlanPng } from '../pages/MapsFixtures.ts';

const PASSWORD = 'maps e2e password';
const OWNER = 'owner@example.com';
const VIEWER = 'viewer@example.com';
const MANY = 'many@example.com';
const CANVAS = 'canvas@example.com';

const own = useOwnServer({
  env: { SIMULATOR: 'off' },
  accounts: [OWNER, VIEWER, MANY, CANVAS],
  password: PASSWORD,
  pagePerTest: false,
});

/** A fresh browser context signed in as `email`, optionally in Hebrew. */
async function signedIn(email: string, language: 'en' | 'he' = 'en'): Promise<MapsPage> {
  const { page } = await own.newPage();
  if (language === 'he') await page.addInitScript(() => localStorage.setItem('language', 'he'));
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, PASSWORD);
  const maps = new MapsPage(page);
  await maps.tabBar().waitFor();
  return maps;
}

describe('maps', () => {
  it('creates a map with an image, edits, duplicates and deletes it, and switches views', async () => {
    const maps = await signedIn(OWNER);
    const { page } = maps;
    await maps.tabBar().getByText('No maps available').waitFor();
    await page.getByTestId('no-map').getByText('No Map Selected').waitFor();

    // Create with an image: the plan is drawn and the new map is current.
    await maps.tabBar().getByRole('button', { name: 'Create your first map' }).click();
    await maps.fillForm({
      name: 'Warehouse',
      building: 'Depot',
      floor: '1',
      image: floorPlanPng(),
    });
    await maps.dialog().getByTestId('image-preview').waitFor();
    await maps.dialog().getByRole('button', { name: 'Create Map' }).click();
    await maps.dialog().waitFor({ state: 'detached' });
    await maps.floorPlan().waitFor();
    await expect
      .poll(() => maps.floorPlan().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(600);
    expect(await maps.tabs().allTextContents()).toEqual([expect.stringContaining('Warehouse')]);

    // Edit from the Maps tab's pencil.
    await maps.openMapsTab();
    await maps.mapsTab().getByRole('button', { name: 'Edit map Warehouse' }).click();
    await maps.dialog().getByRole('img', { name: 'Current background image' }).waitFor();
    await maps.fillForm({ name: 'Main warehouse' });
    await maps.dialog().getByRole('button', { name: 'Save Changes' }).click();
    await maps.dialog().waitFor({ state: 'detached' });
    await maps.tabs().filter({ hasText: 'Main warehouse' }).waitFor();

    // Grid view from the Maps tab, then duplicate and delete on the cards.
    await maps.mapsTab().getByRole('button', { name: 'Grid view' }).click();
    await maps.allMaps().getByRole('heading', { name: 'Map Selection' }).waitFor();
    await maps.cardAction('Main warehouse', 'Duplicate');
    await expect.poll(() => maps.cards().count()).toBe(2);
    const copyName = (await maps.cardNames()).find((n) => n !== 'Main warehouse')!;
    expect(copyName).toContain('Main warehouse');

    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await maps.cardAction(copyName, 'Delete');
    await expect.poll(() => maps.cards().count()).toBe(1);
    expect(asked).toBe(`Are you sure you want to delete the map '${copyName}'?`);

    // Back to tabs by clicking a card.
    await maps.card('Main warehouse').locator('.map-card-open').click();
    await maps.tabBar().waitFor();
    await maps.floorPlan().waitFor();
    expect(await maps.tabs().count()).toBe(1);
  });

  it('shows a viewer of a shared map no edit or delete', async () => {
    const owner = await apiClient(own.url, OWNER, PASSWORD);
    const id = await owner.createMap('Shared clinic', { metadata: { buildingName: 'Clinic' } });
    await owner.share(id, VIEWER, 'viewer');

    const maps = await signedIn(VIEWER);
    await maps.tabs().filter({ hasText: 'Shared clinic' }).waitFor();
    await maps.openMapsTab();
    expect(
      await maps
        .mapsTab()
        .getByRole('button', { name: /^(Edit|Delete) map/ })
        .count(),
    ).toBe(0);
    expect(await maps.controls().getByRole('button', { name: 'Edit mode' }).count()).toBe(0);

    await maps.mapsTab().getByRole('button', { name: 'Grid view' }).click();
    const card = maps.card('Shared clinic');
    await card.hover();
    expect(await card.getByText('Viewer').count()).toBe(1);
    expect(await card.getByRole('button', { name: /^(Edit|Delete) map/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Duplicate map Shared clinic' }).count()).toBe(1);
  });

  it('remembers views per map, saves and loads a preset, follows full screen, sets the scale', async () => {
    const api = await apiClient(own.url, CANVAS, PASSWORD);
    const planA = await api.createMap('Plan A');
    await api.uploadImage(planA, floorPlanPng(600, 400));
    await api.createMap('Plan B');
    const maps = await signedIn(CANVAS);
    const { page } = maps;
    const stored = (id: string) =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { zoom: number } | null,
        `mapView:${id}`,
      );
    const control = (name: string) => maps.controls().getByRole('button', { name, exact: true });

    // First open: fitted, and the view is remembered after it settles.
    await maps.floorPlan().waitFor();
    await expect.poll(() => stored(planA)).not.toBeNull();
    const fitted = (await stored(planA))!.zoom;
    expect(fitted).toBeGreaterThan(0);
    expect(fitted).toBeLessThanOrEqual(1);

    await control('Zoom in').click();
    await expect.poll(async () => (await stored(planA))!.zoom).toBeCloseTo(fitted + 0.2, 2);
    expect(await control('Load view preset').isDisabled()).toBe(true);
    await control('Save view preset').click();
    await expect.poll(() => control('Load view preset').isDisabled()).toBe(false);
    await control('Fit to screen').click();
    await expect.poll(async () => (await stored(planA))!.zoom).toBeCloseTo(fitted, 2);
    await control('Load view preset').click();
    await expect.poll(async () => (await stored(planA))!.zoom).toBeCloseTo(fitted + 0.2, 2);

    // The last viewed map comes back after a reload, and each map keeps its own view.
    await maps.tabs().filter({ hasText: 'Plan B' }).click();
    await page.reload();
    await maps.tabs().first().waitFor();
    expect(await maps.tabBar().locator('[aria-current="page"]').textContent()).toContain('Plan B');
    await maps.tabs().filter({ hasText: 'Plan A' }).click();
    await maps.floorPlan().waitFor();
    await page.waitForTimeout(300);
    expect((await stored(planA))!.zoom).toBeCloseTo(fitted + 0.2, 2);

    // Full screen follows the browser: entering by the button, leaving by the browser.
    await control('Full screen').click();
    await control('Exit full screen').waitFor();
    await page.evaluate(() => document.exitFullscreen());
    await control('Full screen').waitFor();

    // Scale: a line drawn across the plan, 30 m long.
    await control('Set map scale').click();
    await maps.openMapsTab();
    await page.screenshot({ path: docsPath('maps-canvas-en.png') });
    const box = (await maps.floorPlan().boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.click(box.x + box.width * 0.1, y);
    await page.mouse.click(box.x + box.width * 0.9, y);
    await page.getByLabel('Real length of the line (metres)').fill('30');
    await page.getByRole('button', { name: 'Save scale' }).click();
    await page.getByTestId('scale-tool').waitFor({ state: 'detached' });
    const ppm = await page.evaluate(async (id) => {
      const res = await fetch(`/api/maps/${id}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await res.json()) as { map: { settings: { pixelsPerMetre?: number } } }).map.settings
        .pixelsPerMetre;
    }, planA);
    // 80 % of the 600 px plan is 480 px over 30 m: 16 px per metre.
    expect(ppm).toBeCloseTo(16, 0);
  });

  it("shows 10 tabs and '+2' for 12 maps; screenshots in English and Hebrew", async () => {
    const many = await apiClient(own.url, MANY, PASSWORD);
    const floors = ['Ground', 'First', 'Second', 'Third', 'Fourth', 'Fifth'];
    const plan = floorPlanPng(480, 320);
    for (let i = 0; i < 12; i++) {
      const id = await many.createMap(
        `${floors[i % 6]} floor ${i < 6 ? 'North' : 'South wing annex'}`,
        {
          description: i % 3 === 0 ? 'Patient rooms and nurse station' : undefined,
          metadata: { buildingName: i < 6 ? 'North' : 'South', floor: String(i % 6) },
        },
      );
      if (i % 2 === 0) await many.uploadImage(id, plan);
    }

    for (const language of ['en', 'he'] as const) {
      const maps = await signedIn(MANY, language);
      const { page } = maps;
      await expect.poll(() => maps.tabs().count()).toBe(10);
      expect(await maps.overflow().textContent()).toBe('+2');
      await page.waitForTimeout(300);
      await maps.tabBar().screenshot({ path: docsPath(`maps-tabs-${language}.png`) });

      await maps.overflow().click();
      await maps.allMaps().waitFor();
      await expect.poll(() => maps.cards().count()).toBe(12);
      await page.screenshot({ path: docsPath(`maps-all-${language}.png`) });

      await maps
        .allMaps()
        .getByRole('button', { name: /New Map|מפה חדשה/ })
        .click();
      await maps.dialog().waitFor();
      await page.screenshot({ path: docsPath(`maps-create-${language}.png`) });
      await page.keyboard.press('Escape');
      await maps.dialog().waitFor({ state: 'detached' });
      await page.context().close();
    }
  });

  it('shares a map from its card: public for everyone, and an editor added by e-mail', async () => {
    const owner = await apiClient(own.url, OWNER, PASSWORD);
    await owner.createMap('Atrium');
    const maps = await signedIn(OWNER);
    await maps.openMapsTab();
    await maps.mapsTab().getByRole('button', { name: 'Grid view' }).click();
    const card = maps.card('Atrium').first();
    await card.hover();
    await card.getByRole('button', { name: 'Share map Atrium' }).click();
    const dialog = maps.dialog();
    await dialog.getByText('Not shared with anyone yet').waitFor();
    const isPublic = dialog.getByRole('checkbox', { name: 'Public map' });
    await isPublic.click();
    await expect.poll(() => isPublic.isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'E-mail or user name' }).fill(CANVAS);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('editor');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByTestId('collaborator').filter({ hasText: CANVAS }).waitFor();
    await maps.page.screenshot({ path: docsPath('maps-share-en.png') });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Public').waitFor();

    // The collaborator has it among the shared maps; anyone else finds it among the public ones.
    const editor = await signedIn(CANVAS);
    await editor.tabs().filter({ hasText: 'Atrium' }).waitFor();
    const other = await signedIn(VIEWER);
    await other.openMapsTab();
    await other.mapsTab().getByRole('button', { name: 'Grid view' }).click();
    const publicMaps = other.page.getByRole('region', { name: 'Public maps' });
    await publicMaps.getByText('Atrium').click();
    await other.tabs().filter({ hasText: 'Atrium' }).waitFor();
  });
});
