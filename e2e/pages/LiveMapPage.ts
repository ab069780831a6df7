/**
 * Page object for what the live map draws: device markers with their labels, leader lines and
 * confidence rings, gateway icons, the signal popup, and the View tab's options.
 */
import type { Page } from 'playwright-core';

export interface Rect {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The view options, by their checkbox names in the View tab. */
export type ViewOption =
  | 'showDeviceNames'
  | 'showRSSIValues'
  | 'showLastSeen'
  | 'showConfidence'
  | 'autoZoom'
  | 'showDeviceAsNameBox';

export class LiveMapPage {
  constructor(readonly page: Page) {}

  readonly map = () => this.page.getByTestId('map-canvas');
  readonly markers = () => this.page.getByTestId('device-marker');
  readonly labels = () => this.page.getByTestId('device-label');
  readonly popup = () => this.page.getByTestId('signal-popup-frame');
  readonly tabBar = () => this.page.getByTestId('map-tab-bar');

  /** Opens the View tab and sets one option. */
  async setOption(option: ViewOption, on: boolean) {
    const tab = this.page.locator('#tab-view');
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await this.page.locator(`#panel-view input[name="${option}"]`).setChecked(on);
  }

  /** The map canvas's rectangle on screen. */
  async mapRect(): Promise<Rect> {
    const b = (await this.map().boundingBox())!;
    return { id: 'map', left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
  }

  /** Rectangles, read in one frame: labels, device bodies, gateway icons, the map's controls. */
  async frame(): Promise<{ labels: Rect[]; bodies: Rect[]; gateways: Rect[]; controls: Rect[] }> {
    return this.page.evaluate(() => {
      const rects = (selector: string, id: (el: Element) => string) =>
        [...document.querySelectorAll(selector)].map((el) => {
          const r = el.getBoundingClientRect();
          return { id: id(el), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        });
      const mac = (el: Element) => el.closest('[data-mac]')?.getAttribute('data-mac') ?? '';
      return {
        labels: rects('[data-testid="device-label"]', mac),
        bodies: rects('.device-dot, .device-spot', mac),
        gateways: rects('[data-testid="gateway-marker"]', mac),
        controls: rects('.map-controls', () => 'controls'),
      };
    });
  }

  /** The markers' centres (their devices' spots) on screen. */
  async spots(): Promise<{ mac: string; x: number; y: number }[]> {
    return this.page.$$eval('[data-testid="device-marker"]', (els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          mac: el.getAttribute('data-mac') ?? '',
          x: r.x + r.width / 2,
          y: r.y + r.height / 2,
        };
      }),
    );
  }

  /** The markers' centres as shares of the floor plan's drawn width and height (0–1). */
  async planSpots(): Promise<{ mac: string; x: number; y: number }[]> {
    const plan = (await this.page.locator('img.floor-plan').boundingBox())!;
    return (await this.spots()).map((s) => ({
      mac: s.mac,
      x: (s.x - plan.x) / plan.width,
      y: (s.y - plan.y) / plan.height,
    }));
  }

  /**
   * The text the console found printed in the plan image (its `data-plan-text`, map pixels) as
   * rectangles on screen; the plan image is drawn over its natural size in map pixels.
   */
  async planText(): Promise<Rect[]> {
    return this.page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('img.floor-plan')!;
      const host = document.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
      const r = img.getBoundingClientRect();
      const sx = r.width / img.naturalWidth;
      const sy = r.height / img.naturalHeight;
      return (host.dataset.planText ?? '')
        .split(';')
        .filter(Boolean)
        .map((box, i) => {
          const [x0, y0, x1, y1] = box.split(',').map(Number) as [number, number, number, number];
          return {
            id: `text ${i + 1}`,
            left: r.left + x0 * sx,
            top: r.top + y0 * sy,
            right: r.left + x1 * sx,
            bottom: r.top + y1 * sy,
          };
        });
    });
  }

  /** Colours of the confidence rings drawn (computed CSS), one per ringed marker. */
  async ringColours(): Promise<string[]> {
    return this.page.$$eval('[data-testid="device-marker"][data-confidence]', (els) =>
      els.map((el) => {
        const box = el.querySelector('.device-namebox');
        if (box) return getComputedStyle(box).outlineColor;
        const body = el.querySelector('.device-dot, .device-spot')!;
        return getComputedStyle(body, '::after').borderTopColor;
      }),
    );
  }

  /** Zoom in with the control button `times` times. */
  async zoomIn(times: number) {
    for (let i = 0; i < times; i++)
      await this.page.getByRole('button', { name: 'Zoom in' }).click();
  }
}

/** Whether two rectangles overlap by more than `tolerance` px on both axes. */
export const overlap = (a: Rect, b: Rect, tolerance = 0.5) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > tolerance &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > tolerance;

export const inside = (r: Rect, outer: Rect, tolerance = 0.5) =>
  r.left >= outer.left - tolerance &&
  r.top >= outer.top - tolerance &&
  r.right <= outer.right + tolerance &&
  r.bottom <= outer.bottom + tolerance;
