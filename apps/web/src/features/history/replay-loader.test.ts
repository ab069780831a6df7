import { HISTORY_STATE_LOOKBACK_MS as LOOKBACK, type HistoryPoint } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../test/fetch-mock.ts';
import { createReplayLoader, type ReplayFetchers, type ReplayView } from './replay-loader.ts';
import { fixAt, toTracks } from './replay-tracks.ts';
import { answersAt, seekWindow, windowAheadMs, type Span } from './replay-windows.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Two hours of three tags: every 7 s (A), every 45 s (B), and C silent for 5 minutes at a time. */
function history(): { mac: string; points: HistoryPoint[] }[] {
  const walk = (mac: string, step: number, silent: (t: number) => boolean) => {
    const points: HistoryPoint[] = [];
    for (let t = T0; t < T0 + 2 * HOUR; t += step)
      if (!silent(t)) points.push({ at: iso(t), x: (t - T0) / 1000, y: mac.charCodeAt(0) });
    return { mac, points };
  };
  return [
    walk('A', 7_000, () => false),
    walk('B', 45_000, () => false),
    walk('C', 3_000, (t) => Math.floor((t - T0) / 300_000) % 2 === 1),
  ];
}

/** Fetchers answering from `history()`; each call is recorded and waits for `answer()`. */
function fakeHistory() {
  const all = history();
  const calls: { kind: 'state' | 'positions'; at?: number; span?: Span; answer: () => void }[] = [];
  const within = (span: Span) =>
    all.map((d) => ({
      mac: d.mac,
      points: d.points.filter((p) => Date.parse(p.at) >= span.from && Date.parse(p.at) < span.to),
    }));
  const fetchers: ReplayFetchers = {
    // Answers come even after an abort: the loader itself must ignore the stale ones.
    state: (at) => {
      const gate = deferred<void>();
      calls.push({ kind: 'state', at, answer: () => gate.resolve() });
      return gate.promise.then(() =>
        all.flatMap((d) => {
          const last = d.points.filter((p) => Date.parse(p.at) <= at).at(-1);
          return last && Date.parse(last.at) > at - LOOKBACK ? [{ mac: d.mac, ...last }] : [];
        }),
      );
    },
    positions: (span) => {
      const gate = deferred<void>();
      calls.push({ kind: 'positions', span, answer: () => gate.resolve() });
      return gate.promise.then(() => [{ devices: within(span) }]);
    },
  };
  return { all, calls, fetchers };
}

function setUp(end = T0 + 2 * HOUR) {
  const fake = fakeHistory();
  let view: ReplayView = { tracks: {}, heldAt: null, loading: false, error: null };
  const loader = createReplayLoader({ fetchers: fake.fetchers, end, onChange: (v) => (view = v) });
  /** Answer every call made so far, and those they lead to, until none is left. */
  let answered = 0;
  const settle = async () => {
    for (; answered < fake.calls.length; answered++) {
      fake.calls[answered]!.answer();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { ...fake, loader, settle, view: () => view };
}

describe('replay loader', () => {
  it('on a seek outside what it holds, asks for the state and a window around the moment', async () => {
    const r = setUp();
    // C has been silent for three minutes then: it is not on the map.
    const at = T0 + 38 * 60_000;
    r.loader.show(at, 1, true);
    expect(r.calls.map((c) => c.kind)).toEqual(['state', 'positions']);
    expect(r.calls[0]!.at).toBe(at);
    expect(r.calls[1]!.span).toEqual(seekWindow(at));
    expect(r.view().loading).toBe(true);
    // The state comes first: every tag on the map then is drawn from it.
    r.calls[0]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.keys(r.view().tracks).sort()).toEqual(['A', 'B']);
    expect(r.view().loading).toBe(true);
    r.calls[1]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.view().loading).toBe(false);
    expect(answersAt(r.loader.held(), at)).toBe(true);
    // Inside the window, a seek draws at once: nothing more is asked for.
    const asked = r.calls.length;
    r.loader.show(at - 20_000, 1, true);
    expect(r.calls.length).toBe(asked);
  });

  it("keeps the moment it last drew while a seek's frame is on its way", async () => {
    const r = setUp();
    r.loader.show(T0 + 10 * 60_000, 1, true);
    await r.settle();
    expect(r.view().heldAt).toBeNull();
    r.loader.show(T0 + 50 * 60_000, 1, true);
    expect(r.view().heldAt).toBe(T0 + 10 * 60_000);
    await r.settle();
    expect(r.view().heldAt).toBeNull();
    expect(fixAt(r.view().tracks.A!, T0 + 50 * 60_000)).not.toBeNull();
  });

  it('asks for the next window before a playing replay reaches the end of those held', async () => {
    const r = setUp();
    r.loader.show(T0, 10, true);
    await r.settle();
    const held = r.loader.held();
    const end = held.at(-1)!.to;
    const asked = r.calls.length;
    // Well inside: nothing more.
    r.loader.show(T0 + 10_000, 10, false);
    expect(r.calls.length).toBe(asked);
    // Less than half a window left ahead: the next one, from where those held end.
    const near = end - LOOKBACK - windowAheadMs(10) / 2 + 1_000;
    r.loader.show(near, 10, false);
    expect(r.calls.slice(asked).map((c) => [c.kind, c.span])).toEqual([
      ['positions', { from: end, to: end + windowAheadMs(10) }],
    ]);
    // Asked once while it loads.
    r.loader.show(near + 1_000, 10, false);
    expect(r.calls.length).toBe(asked + 1);
  });

  it('drops windows far behind the moment, so what it holds stays bounded', async () => {
    const r = setUp();
    r.loader.show(T0, 1, true);
    for (let t = T0; t < T0 + 90 * 60_000; t += 10_000) {
      r.loader.show(t, 1, false);
      await r.settle();
    }
    const held = r.loader.held();
    const now = T0 + 90 * 60_000 - 10_000;
    expect(held[0]!.from).toBeGreaterThan(now - 15 * 60_000);
    expect(held.at(-1)!.to).toBeLessThan(now + 10 * 60_000);
    expect(answersAt(held, now)).toBe(true);
  });

  it('ignores the answers of a seek a newer one made useless', async () => {
    const r = setUp();
    r.loader.show(T0 + 10 * 60_000, 1, true);
    const [oldState, oldWindow] = r.calls;
    r.loader.show(T0 + 70 * 60_000, 1, true);
    const [newState, newWindow] = r.calls.slice(2);
    newState!.answer();
    newWindow!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const tracks = r.view().tracks;
    // The first seek's answers come last, and change nothing.
    oldState!.answer();
    oldWindow!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(r.view().tracks).toBe(tracks);
    expect(r.loader.held()).toEqual([seekWindow(T0 + 70 * 60_000)]);
    expect(fixAt(tracks.A!, T0 + 10 * 60_000)).toBeNull();
  });

  it('puts every tag where the whole history would, across the windows it joined', async () => {
    const r = setUp();
    const whole = toTracks([{ devices: r.all }]);
    r.loader.show(T0 + 5 * 60_000, 30, true);
    for (let t = T0 + 5 * 60_000; t < T0 + 40 * 60_000; t += 1_000) {
      r.loader.show(t, 30, false);
      await r.settle();
      const tracks = r.view().tracks;
      for (const mac of ['A', 'B', 'C']) {
        const loaded = tracks[mac] ? fixAt(tracks[mac], t) : null;
        expect([mac, t, loaded]).toEqual([mac, t, fixAt(whole[mac]!, t)]);
      }
    }
    const held = r.loader.held();
    expect(held.length).toBeGreaterThan(2);
    // Every moment the windows held say they answer, up to their ends, answers the same.
    const tracks = r.view().tracks;
    let checked = 0;
    for (let t = held[0]!.from; t < held.at(-1)!.to; t += 500) {
      if (!answersAt(held, t)) continue;
      checked++;
      for (const mac of ['A', 'B', 'C']) {
        const loaded = tracks[mac] ? fixAt(tracks[mac], t) : null;
        expect([mac, t, loaded]).toEqual([mac, t, fixAt(whole[mac]!, t)]);
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });
});
