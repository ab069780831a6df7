import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Constants from '../../constants.ts';
import { reconnectDelay } from './reconnect.ts';

describe('reconnectDelay', () => {
  afterEach(() => {
    vi.doUnmock('../../constants.ts');
    vi.resetModules();
  });

  it('starts at 1 s and doubles for attempts 1 to 5', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('gives up after the fifth attempt', () => {
    expect(reconnectDelay(6)).toBeNull();
    expect(reconnectDelay(50)).toBeNull();
  });

  it('has no delay for attempt 0 or below', () => {
    expect(reconnectDelay(0)).toBeNull();
    expect(reconnectDelay(-1)).toBeNull();
  });

  it('caps the delay at 30 s when more attempts are allowed', async () => {
    vi.resetModules();
    vi.doMock('../../constants.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof Constants>()),
      SOCKET_MAX_RECONNECTS: 8,
    }));
    const { reconnectDelay: delay } = await import('./reconnect.ts');
    expect([5, 6, 7, 8].map(delay)).toEqual([16000, 30000, 30000, 30000]);
    expect(delay(9)).toBeNull();
  });
});
