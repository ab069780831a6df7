/**
 * The page objects of one signed-in console, as one fixture: specs take `consoleFor(page)` instead
 * of building each page object themselves.
 */
import type { Page } from 'playwright-core';
import { DevicesPanel } from '../pages/DevicesPanel.ts';
import { FloorEditor } from '../pages/FloorEditor.ts';
import { GatewaysPanel } from '../pages/GatewaysPanel.ts';
import { MainPage } from '../pages/MainPage.ts';
import { MapsPage } from '../pages/MapsPage.ts';
import { PlanLayer } from '../pages/PlanLayer.ts';

export interface ConsolePages {
  page: Page;
  main: MainPage;
  devices: DevicesPanel;
  floor: FloorEditor;
  gateways: GatewaysPanel;
  maps: MapsPage;
  plan: PlanLayer;
}

export const consoleFor = (page: Page): ConsolePages => ({
  page,
  main: new MainPage(page),
  devices: new DevicesPanel(page),
  floor: new FloorEditor(page),
  gateways: new GatewaysPanel(page),
  maps: new MapsPage(page),
  plan: new PlanLayer(page),
});
