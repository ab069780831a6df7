import { describe, expect, it } from 'vitest';
import type { WatchMapsAck } from '@rtls/contract';
import { createWatching, newWatchState, type WatchingSocket } from './watching.ts';

function fakeSocket(): WatchingSocket & { rooms: Set<string>; log: string[] } {
  const rooms = new Set<string>();
  const log: string[] = [];
  return {
    data: { ...newWatchState(), user: { id: 'u1' } },
    connected: true,
    rooms,
    log,
    join: (ids: string[]) => ids.forEach((id) => rooms.add(id)),
    leave: (id: string) => rooms.delete(id),
  };
}

describe('watch_maps', () => {
  it('answers a request overtaken by a newer one with what the socket really watches', async () => {
    const s = fakeSocket();
    // The first request's access check answers last.
    const pending: (() => void)[] = [];
    const watching = createWatching<typeof s>({
      readableMaps: (_user, ids) =>
        new Promise((resolve) => pending.push(() => resolve(new Set(ids)))),
      watchersOf: () => [],
      beforeAck: (socket) => s.log.push(`changed to ${[...socket.data.watching].join(',')}`),
    });
    const acks: WatchMapsAck[] = [];
    const first = watching.watch(s, { mapIds: ['a'] }, (r: WatchMapsAck) => {
      s.log.push('answer a');
      acks.push(r);
    });
    const second = watching.watch(s, { mapIds: ['b'] }, (r: WatchMapsAck) => {
      s.log.push('answer b');
      acks.push(r);
    });
    pending[1]!();
    await second;
    pending[0]!();
    await first;
    expect(acks).toEqual([
      { watching: ['b'], refused: [] },
      { watching: ['b'], refused: [] },
    ]);
    expect([...s.data.watching]).toEqual(['b']);
    // The socket's held updates are dealt with before the answer that changed its maps.
    expect(s.log).toEqual(['changed to b', 'answer b', 'answer a']);
  });
});
