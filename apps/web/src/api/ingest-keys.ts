/** Ingest keys of the signed-in account: list, create (the key is returned once), revoke. */
import type { IngestKeyCreated, IngestKeysResponse, SuccessResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

export const fetchIngestKeys = async () =>
  (await apiRequest<IngestKeysResponse>('/ingest-keys', { error: 'fetchIngestKeys' })).keys;

export const createIngestKey = (name: string) =>
  apiRequest<IngestKeyCreated>('/ingest-keys', {
    method: 'POST',
    body: { name },
    error: 'createIngestKey',
  });

export const revokeIngestKey = (id: string) =>
  apiRequest<SuccessResponse>(`/ingest-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    error: 'revokeIngestKey',
  });
