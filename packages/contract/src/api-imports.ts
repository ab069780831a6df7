/** POST /api/imports/espresense: an ESPresense-companion config.yaml becomes maps and gateways. */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Point } from './entities.ts';

export const EspresenseImportBody = Type.Object({
  config: Type.String({ minLength: 1, maxLength: 1_000_000 }),
});
export type EspresenseImportBody = Static<typeof EspresenseImportBody>;

/** A map made from one floor, with how many gateways were placed on it. */
export const ImportedMap = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  floor: Type.String(),
  gateways: Type.Integer(),
});
export type ImportedMap = Static<typeof ImportedMap>;

/** A node made a monitored gateway, placed on its floor's map (map pixels). */
export const ImportedGateway = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  mapId: Type.String(),
  position: Point,
});
export type ImportedGateway = Static<typeof ImportedGateway>;

/** What the import made, and what it left out with the reason (a node, or a floor's walls). */
export const EspresenseImportResponse = SuccessWith({
  maps: Type.Array(ImportedMap),
  gateways: Type.Array(ImportedGateway),
  skipped: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
});
export type EspresenseImportResponse = Static<typeof EspresenseImportResponse>;
