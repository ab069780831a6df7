/**
 * The positions the console receives for the tags of one map, in order, per tag: its
 * `deviceUpdate` events (the socket's device updates as the page hands them to the device store).
 * A marker glides between these; its frames in between are not recorded.
 */
import type { DeviceUpdate, Point } from '@rtls/contract';
import type { Page } from 'playwright-core';

/** Per MAC, the stretches a tag was drawn along: a new one starts when it left the map and came back. */
export type Tracks = Record<string, Point[][]>;

interface Recording {
  recordedTracks: Tracks;
}

export class LiveTracks {
  constructor(readonly page: Page) {}

  /** Record the positions received for the map `mapId` from now on (read them with read()). */
  async start(mapId: string) {
    await this.page.evaluate((mapId) => {
      const tracks: Tracks = {};
      (window as unknown as Recording).recordedTracks = tracks;
      window.addEventListener('deviceUpdate', (e) => {
        const u = (e as CustomEvent<DeviceUpdate>).detail;
        const stretches = (tracks[u.mac] ??= [[]]);
        // Located elsewhere or nowhere: its marker leaves this map, and a later one starts afresh.
        if (u.mapId !== mapId || !u.position) {
          if (stretches.at(-1)!.length > 0) stretches.push([]);
          return;
        }
        stretches.at(-1)!.push({ x: u.position.x, y: u.position.y });
      });
    }, mapId);
  }

  /** What was recorded since start(). */
  async read(): Promise<Tracks> {
    return this.page.evaluate(() => (window as unknown as Recording).recordedTracks);
  }
}
