/** The account's webhooks: list, create (the signing secret is returned once), delete; dead letters. */
import type {
  DeadLettersResponse,
  WebhookCreateBody,
  WebhookCreatedResponse,
  WebhooksResponse,
} from '@rtls/contract';
import { apiRequest } from './http.ts';

const key = (id: string) => encodeURIComponent(id);

export const fetchWebhooks = async () =>
  (await apiRequest<WebhooksResponse>('/webhooks', { error: 'fetchWebhooks' })).webhooks;

export const createWebhook = (body: WebhookCreateBody) =>
  apiRequest<WebhookCreatedResponse>('/webhooks', {
    method: 'POST',
    body,
    error: 'createWebhook',
  });

export const deleteWebhook = async (id: string) => {
  await apiRequest(`/webhooks/${key(id)}`, { method: 'DELETE', error: 'deleteWebhook' });
};

export const fetchDeadLetters = async () =>
  (
    await apiRequest<DeadLettersResponse>('/webhooks/dead-letters', {
      error: 'fetchDeadLetters',
    })
  ).deadLetters;

export const retryDeadLetter = async (id: string) => {
  await apiRequest(`/webhooks/dead-letters/${key(id)}/retry`, {
    method: 'POST',
    error: 'retryDeadLetter',
  });
};
