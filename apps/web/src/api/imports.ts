/** Imports: an ESPresense-companion config.yaml becomes maps and placed, named gateways. */
import { apiRequest } from './http.ts';

export interface EspresenseImportResult {
  maps: { _id: string; name: string; floor: string; gateways: number }[];
  gateways: { mac: string; name: string; mapId: string }[];
  skipped: { name: string; reason: string }[];
}

export const importEspresenseConfig = (config: string) =>
  apiRequest<EspresenseImportResult>('/imports/espresense', {
    method: 'POST',
    body: { config },
    error: 'importEspresense',
  });
