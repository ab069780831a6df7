import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERRORS, SOCKET_PROTOCOL_VERSION, type DeviceUpdate } from '@rtls/contract';
import { makeUpdate } from '../../test/fixtures.ts';
import { createLiveConnection, type LiveState } from './live-connection.ts';

/** A stand-in for the socket's manager (its `ping` event is the server's heartbeat). */
class FakeEmitter {
  handlers = new Map<string, (() => void)[]>();
  on(event: string, fn: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  off(event: string, fn: () => void) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((f) => f !== fn),
    );
    return this;
  }
  fire(event: string) {
    for (const fn of this.handlers.get(event) ?? []) fn();
  }
}

/** A stand-in for a Socket.IO client socket: tests fire server events with `fire`. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  emit = vi.fn();
  /** The manager: the server's pings arrive there. */
  io = new FakeEmitter();
  disconnect = vi.fn(() => {
    this.connected = false;
    return this;
  });
  removeAllListeners = vi.fn(() => {
    this.handlers.clear();
    return this;
  });
  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
}

const sockets = vi.hoisted(() => [] as unknown[]);
vi.mock('socket.io-client', () => ({
  io: vi.fn((url: string, options: Record<string, unknown>) => {
    const s = new FakeSocket(url, options);
    sockets.push(s);
    return s;
  }),
}));

const all = () => sockets as FakeSocket[];
const last = () => all()[all().length - 1]!;

function setup(token: string | null = 'tok-1') {
  const states: [LiveState, string | undefined][] = [];
  let currentToken = token;
  const opts = {
    getToken: () => currentToken,
    onState: vi.fn((state: LiveState, error?: string) => void states.push([state, error])),
    onUpdate: vi.fn<(u: DeviceUpdate) => void>(),
    onReconnected: vi.fn(),
    onAuthFailed: vi.fn(),
    onPong: vi.fn(),
    onWatching: vi.fn(),
    log: vi.fn(),
  };
  const live = createLiveConnection(opts);
  return {
    live,
    opts,
    states,
    lastState: () => states[states.length - 1],
    setToken: (t: string | null) => (currentToken = t),
  };
}

beforeEach(() => {
  sockets.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live connection', () => {
  it('connects websocket-only to /sqws with the token and no built-in reconnection', () => {
    const { live, lastState } = setup('tok-1');
    live.connect();
    expect(all()).toHaveLength(1);
    expect(last().options).toMatchObject({
      path: '/sqws',
      transports: ['websocket'],
      auth: { token: 'tok-1', protocol: SOCKET_PROTOCOL_VERSION },
      reconnection: false,
    });
    expect(lastState()).toEqual(['connecting', undefined]);
    last().fire('connect');
    expect(lastState()).toEqual(['connected', undefined]);
  });

  it('does not connect without a token', () => {
    const { live, lastState } = setup(null);
    live.connect();
    expect(all()).toHaveLength(0);
    expect(lastState()).toEqual(['disconnected', 'No authentication token available']);
  });

  it('times out after 10 s without a connect and schedules a reconnect', () => {
    const { live, lastState } = setup();
    live.connect();
    vi.advanceTimersByTime(9_999);
    expect(lastState()?.[0]).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(lastState()).toEqual(['reconnecting', 'Connection timeout']);
    expect(all()[0]!.disconnect).toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(all()).toHaveLength(2);
  });

  it('does not time out once connected', () => {
    const { live, lastState } = setup();
    live.connect();
    last().fire('connect');
    vi.advanceTimersByTime(60_000);
    expect(all()).toHaveLength(1);
    expect(lastState()).toEqual(['connected', undefined]);
  });

  it('after a server disconnect reconnects 5 times, 1 s doubling, then reports disconnected', () => {
    const { live, lastState, opts } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    expect(lastState()).toEqual(['reconnecting', 'io server disconnect']);

    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const before = all().length;
      vi.advanceTimersByTime(delay - 1);
      expect(all()).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(all()).toHaveLength(before + 1);
      expect(last().options).toMatchObject({ auth: { token: 'tok-1' } });
      last().fire('connect_error', new Error('websocket error'));
    }
    expect(lastState()).toEqual(['disconnected', 'websocket error']);
    vi.advanceTimersByTime(120_000);
    expect(all()).toHaveLength(6);
    expect(opts.onReconnected).not.toHaveBeenCalled();
  });

  it('treats a rejected token as the end of the session, without retrying', () => {
    const { live, lastState, opts } = setup();
    live.connect();
    last().fire('connect_error', new Error('Authentication failed'));
    expect(lastState()).toEqual(['disconnected', 'Authentication failed']);
    expect(opts.onAuthFailed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(all()).toHaveLength(1);
  });

  it('tells the user a refused protocol and never retries it', () => {
    const { live, lastState, opts } = setup();
    live.connect();
    last().fire('connect_error', new Error(CONNECTION_ERRORS.protocolMismatch));
    expect(lastState()).toEqual(['disconnected', CONNECTION_ERRORS.protocolMismatch]);
    vi.advanceTimersByTime(120_000);
    expect(all()).toHaveLength(1);
    expect(opts.onAuthFailed).not.toHaveBeenCalled();
  });

  it('sends the watched maps on every connect, and a change while connected', () => {
    const { live, opts } = setup();
    live.watch(['m1']);
    live.connect();
    expect(last().emit).not.toHaveBeenCalled();
    last().fire('connect');
    expect(last().emit).toHaveBeenLastCalledWith(
      'watch_maps',
      { mapIds: ['m1'] },
      expect.any(Function),
    );
    const ack = last().emit.mock.calls[0]![2] as (a: unknown) => void;
    ack({ watching: ['m1'], refused: [] });
    expect(opts.onWatching).toHaveBeenCalledWith({ watching: ['m1'], refused: [] });
    live.watch(['m2', 'm3']);
    expect(last().emit).toHaveBeenLastCalledWith(
      'watch_maps',
      { mapIds: ['m2', 'm3'] },
      expect.any(Function),
    );
    last().fire('disconnect', 'transport close');
    vi.advanceTimersByTime(1_000);
    last().fire('connect');
    expect(last().emit).toHaveBeenCalledWith(
      'watch_maps',
      { mapIds: ['m2', 'm3'] },
      expect.any(Function),
    );
  });

  it('retries after other connect errors', () => {
    const { live, lastState, opts } = setup();
    live.connect();
    last().fire('connect_error', new Error('xhr poll error'));
    expect(lastState()).toEqual(['reconnecting', 'xhr poll error']);
    expect(opts.onAuthFailed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(all()).toHaveLength(2);
  });

  it('re-dispatches each update of a device_update as a deviceUpdate window event and passes it on', () => {
    const { live, opts } = setup();
    const heard: unknown[] = [];
    const listener = (e: Event) => heard.push((e as CustomEvent<DeviceUpdate>).detail);
    window.addEventListener('deviceUpdate', listener);
    try {
      live.connect();
      last().fire('connect');
      const update = makeUpdate({ mac: 'AA:BB:CC:DD:EE:FF', rssi: -61 });
      const other = makeUpdate({ mac: '11:22:33:44:55:66', rssi: -70 });
      last().fire('device_update', update, other);
      expect(heard).toEqual([update, other]);
      expect(opts.onUpdate).toHaveBeenNthCalledWith(1, update);
      expect(opts.onUpdate).toHaveBeenNthCalledWith(2, other);
    } finally {
      window.removeEventListener('deviceUpdate', listener);
    }
  });

  it('reconnects 100 ms after a token update, with the new token', () => {
    const { live, setToken } = setup('old');
    live.connect();
    last().fire('connect');
    setToken('new');
    live.tokenUpdated();
    expect(all()[0]!.disconnect).toHaveBeenCalled();
    vi.advanceTimersByTime(99);
    expect(all()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(all()).toHaveLength(2);
    expect(last().options).toMatchObject({ auth: { token: 'new' } });
  });

  it('calls onReconnected after a reconnect, not after the first connect', () => {
    const { live, opts } = setup();
    live.connect();
    last().fire('connect');
    expect(opts.onReconnected).not.toHaveBeenCalled();
    last().fire('disconnect', 'transport close');
    vi.advanceTimersByTime(1_000);
    last().fire('connect');
    expect(opts.onReconnected).toHaveBeenCalledTimes(1);
  });

  it('starts the schedule afresh after a successful reconnect', () => {
    const { live } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(1_000);
    last().fire('connect_error', new Error('down'));
    vi.advanceTimersByTime(2_000);
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    const before = all().length;
    vi.advanceTimersByTime(1_000);
    expect(all()).toHaveLength(before + 1);
  });

  it('stops retrying when closed', () => {
    const { live, lastState } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    live.close();
    expect(lastState()).toEqual(['idle', undefined]);
    vi.advanceTimersByTime(120_000);
    expect(all()).toHaveLength(1);
  });

  it('retryNow starts a fresh schedule after the schedule gave up', () => {
    const { live, lastState } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      last().fire('connect_error', new Error('down'));
    }
    expect(lastState()?.[0]).toBe('disconnected');
    live.retryNow();
    expect(all()).toHaveLength(7);
    last().fire('connect_error', new Error('down'));
    expect(lastState()).toEqual(['reconnecting', 'down']);
    vi.advanceTimersByTime(1_000);
    expect(all()).toHaveLength(8);
  });

  it('retryNow leaves an open connection alone', () => {
    const { live } = setup();
    live.connect();
    last().fire('connect');
    live.retryNow();
    expect(all()).toHaveLength(1);
    expect(last().disconnect).not.toHaveBeenCalled();
  });

  it('sends ping over the open socket', () => {
    const { live } = setup();
    live.connect();
    last().fire('connect');
    live.ping();
    expect(last().emit).toHaveBeenCalledWith('ping');
  });

  it('passes pong answers on', () => {
    const { live, opts } = setup();
    live.connect();
    last().fire('connect');
    last().fire('pong', { timestamp: 5, protocol: 1 });
    expect(opts.onPong).toHaveBeenCalledWith({ timestamp: 5, protocol: 1 });
  });

  it('logs connection failures without reporting them as anything but a state', () => {
    const { live, opts, states } = setup();
    live.connect();
    last().fire('connect_error', new Error('websocket error'));
    expect(opts.log).toHaveBeenCalledWith('socket connection failure', 'websocket error');
    expect(states.map((s) => s[0])).toEqual(['connecting', 'reconnecting']);
  });

  it('keeps reconnecting after an unexpected transport close, on the same schedule', () => {
    const { live, lastState } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'transport close');
    expect(lastState()).toEqual(['reconnecting', 'transport close']);
    vi.advanceTimersByTime(999);
    expect(all()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(all()).toHaveLength(2);
  });

  it('a connect timeout during reconnects counts as an attempt', () => {
    const { live, lastState } = setup();
    live.connect();
    last().fire('connect');
    last().fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(1_000); // attempt 1 opens and never answers
    expect(all()).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(lastState()).toEqual(['reconnecting', 'Connection timeout']);
    vi.advanceTimersByTime(1_999);
    expect(all()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(all()).toHaveLength(3);
  });

  it('knows when the server was last heard: connect, updates, pongs and its heartbeat pings', () => {
    const { live } = setup();
    live.connect();
    vi.advanceTimersByTime(500);
    last().fire('connect');
    const connectedAt = Date.now();
    expect(live.heardAt()).toBe(connectedAt);
    vi.advanceTimersByTime(2_000);
    last().fire('device_update', makeUpdate({ mac: 'A' }));
    expect(live.heardAt()).toBe(connectedAt + 2_000);
    vi.advanceTimersByTime(3_000);
    last().io.fire('ping');
    expect(live.heardAt()).toBe(connectedAt + 5_000);
    vi.advanceTimersByTime(1_000);
    last().fire('pong', { timestamp: Date.now(), protocol: SOCKET_PROTOCOL_VERSION });
    expect(live.heardAt()).toBe(connectedAt + 6_000);
    // The link drops: what was heard last stays the time of what the page shows.
    const dropped = last();
    vi.advanceTimersByTime(4_000);
    dropped.fire('disconnect', 'transport close');
    expect(live.heardAt()).toBe(connectedAt + 6_000);
    // The lost socket's manager no longer reports to this connection.
    dropped.io.fire('ping');
    expect(live.heardAt()).toBe(connectedAt + 6_000);
  });
});
