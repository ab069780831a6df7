/**
 * The main screen on a phone (390 × 844) at the demo map's default zoom, in English and Hebrew:
 * the map keeps at least 60 % of the height (the tools are a low sheet under it), gateway icons
 * shrink to dots so they do not bury the plan, no tag or zone label is cut by the screen's edge,
 * no tag is hidden under a gateway icon, and zone labels stay inside their zones and off the
 * gateway icons (the demo hangs a gateway in the middle of every room: a zone drawn around a room
 * has its centre under the room's gateway). Runs its own server (it draws zones).
 */
import { describe, expect, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import { MainPage } from '../pages/MainPage.ts';
import { DEMO } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer();
const DEMO_TAGS = 8;
const ZONES = 4;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Everything the numbers are read from, in one frame. */
function readScreen() {
  const box = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const all = (selector: string) => [...document.querySelectorAll(selector)];
  const map = box(document.querySelector('[data-testid="map-canvas"]')!);
  const tagHidden = all('[data-testid="device-marker"]').flatMap((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < map.left || x > map.right || y < map.top || y > map.bottom) return [];
    const hit = document.elementFromPoint(x, y);
    return hit?.closest('[data-testid="gateway-marker"]') ? [el.getAttribute('data-mac')] : [];
  });
  return {
    height: window.innerHeight,
    width: window.innerWidth,
    map,
    tagLabels: all('[data-testid="device-label"]').map(box),
    zoneLabels: all('[data-testid="zone-label"]').map(box),
    gateways: all('[data-testid="gateway-marker"]').map(box),
    tagHidden,
  };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const within = (a: Box, b: Box) =>
  a.left >= b.left - 0.5 &&
  a.right <= b.right + 0.5 &&
  a.top >= b.top - 0.5 &&
  a.bottom <= b.bottom + 0.5;

describe('phone layout', () => {
  it('at 390 × 844, in English and Hebrew: map ≥ 60 % of the height, nothing cut or buried', async () => {
    // Zones around four rooms' gateways: each zone's centre lies under its room's gateway.
    const api = await apiClient(own.url, DEMO.email, DEMO.password);
    const mapId = await api.mapId(DEMO.mapName);
    const { settings } = await api.map(mapId);
    const ppm = (settings as { pixelsPerMetre?: number }).pixelsPerMetre ?? 20;
    const placed = (await api.gatewaysOn(mapId)).filter((g) => g.position).slice(0, ZONES);
    for (const [i, g] of placed.entries()) {
      const { x, y } = g.position!;
      const r = 3 * ppm;
      await api.createZone(mapId, `Room ${i + 1}`, [
        { x: x - r, y: y - r },
        { x: x + r, y: y - r },
        { x: x + r, y: y + r },
        { x: x - r, y: y + r },
      ]);
    }

    const page = own.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const main = await own.signIn(page);
    await main.waitForMarkers(DEMO_TAGS, 30_000);
    await expect
      .poll(() => page.getByTestId('zone-label').count(), { timeout: 15_000 })
      .toBe(ZONES);

    for (const language of ['en', 'he'] as const) {
      if (language === 'he') await new MainPage(page).switchLanguage('he');
      // Let the view settle (fitted plan, labels placed) before reading it.
      await page.waitForTimeout(1_500);
      const s = await page.evaluate(readScreen);
      const mapShare = (s.map.bottom - s.map.top) / s.height;
      console.log(
        `${language}: map ${Math.round(100 * mapShare)} % of the height, gateway icons ` +
          `${Math.round(s.gateways[0]!.right - s.gateways[0]!.left)} px, ` +
          `${s.tagLabels.length} tag labels, ${s.zoneLabels.length} zone labels`,
      );
      expect(mapShare).toBeGreaterThanOrEqual(0.6);
      const screen = { left: 0, top: 0, right: s.width, bottom: s.height };
      const cut = [...s.tagLabels, ...s.zoneLabels].filter(
        (b) => !within(b, screen) || !within(b, s.map),
      );
      expect(cut).toEqual([]);
      expect(s.tagHidden).toEqual([]);
      const zoneUnderGateway = s.zoneLabels.filter((z) => s.gateways.some((g) => overlaps(z, g)));
      expect(zoneUnderGateway).toEqual([]);
      await page.screenshot({ path: docsPath(`phone-${language}.png`) });
    }
  });
});
