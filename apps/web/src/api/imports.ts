/** Imports: an ESPresense-companion config.yaml becomes maps and placed, named gateways. */
import type { EspresenseImportBody, EspresenseImportResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const importEspresenseConfig = (config: string) =>
  apiRequest<EspresenseImportResponse>('/imports/espresense', {
    method: 'POST',
    body: { config } satisfies EspresenseImportBody,
    error: 'importEspresense',
  });
