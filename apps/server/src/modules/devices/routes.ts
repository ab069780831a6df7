/** Device calls of spec §7 (read side; the rest grows here). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Device, SIGNAL_POPUP_RECENCY_MS } from '@rtls/contract';
import { Type } from '@sinclair/typebox';
import { presentDevice } from './presenter.ts';
import type { DevicesRepository, SignalRow } from './repository.ts';

const DevicesResponse = Type.Object({ success: Type.Literal(true), devices: Type.Array(Device) });

export const deviceRoutes: FastifyPluginAsyncTypebox<{ devices: DevicesRepository }> = async (
  app,
  { devices },
) => {
  app.get(
    '/api/devices/monitored',
    { schema: { tags: ['devices'], response: { 200: DevicesResponse } } },
    async (req) => {
      const rows = await devices.monitored(req.user.id);
      const signals = await devices.latestSignals(
        req.user.id,
        rows.map((r) => r.mac),
        Date.now() - SIGNAL_POPUP_RECENCY_MS,
      );
      const byDevice = new Map<string, SignalRow[]>();
      for (const s of signals)
        byDevice.set(s.device_mac, [...(byDevice.get(s.device_mac) ?? []), s]);
      return {
        success: true as const,
        devices: rows.map((r) => presentDevice(r, byDevice.get(r.mac))),
      };
    },
  );
};
