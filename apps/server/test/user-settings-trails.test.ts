/**
 * The map's trails as a user setting: whose (each device's own setting, all, the selected one,
 * none) and over how many minutes, defaulted, saved in part, kept, and refused when out of range.
 */
import { expect, it } from 'vitest';
import { bearer, createSignedInUser, describeEachDb } from './helpers.ts';

describeEachDb('user settings: trails', (t) => {
  it('defaults to each device its own setting over 10 minutes; a part saved keeps the rest', async () => {
    const user = await createSignedInUser(t.built);
    const get = async () =>
      (await t.app.inject({ url: '/api/user-settings', headers: bearer(user.token) })).json<{
        settings: { trails: unknown; viewOptions: Record<string, boolean> };
      }>().settings;
    expect((await get()).trails).toEqual({ show: 'device', minutes: 10 });

    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user-settings',
        headers: bearer(user.token),
        payload: body,
      });
    expect((await put({ trails: { show: 'all', minutes: 30 } })).statusCode).toBe(200);
    expect((await put({ trails: { show: 'selected' } })).statusCode).toBe(200);
    const saved = await get();
    expect(saved.trails).toEqual({ show: 'selected', minutes: 30 });
    expect(saved.viewOptions.showDeviceNames).toBe(true);
  });

  it('refuses a span or a choice it does not know with a 400', async () => {
    const user = await createSignedInUser(t.built);
    for (const trails of [{ minutes: 0 }, { minutes: 99_999 }, { show: 'everyone' }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user-settings',
        headers: bearer(user.token),
        payload: { trails },
      });
      expect({ trails, status: res.statusCode }).toEqual({ trails, status: 400 });
    }
  });
});
