/** Webhook URLs that reach a cloud metadata service are refused with 400 and the reason. */
import { ALERTING_ERRORS } from '@rtls/contract';
import { expect, it } from 'vitest';
import { caller, createSignedInUser, describeEachDb } from './helpers.ts';

const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://100.100.100.200/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://168.63.129.16/machine',
  'http://192.0.0.192/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://[::ffff:169.254.169.254]/',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
];

describeEachDb('webhook targets', (t) => {
  it.each(METADATA_URLS)('refuses %s on create and on change', async (url) => {
    const call = caller(t.app, (await createSignedInUser(t.built)).token);
    const created = await call('POST', '/api/webhooks', { url });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      success: false,
      status: 'error',
      message: ALERTING_ERRORS.webhookMetadata.en,
    });

    const ok = await call('POST', '/api/webhooks', { url: 'https://hooks.example.com/rtls' });
    expect(ok.statusCode).toBe(201);
    const { webhook } = ok.json() as { webhook: { id: string } };
    const changed = await call('PUT', `/api/webhooks/${webhook.id}`, { url });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ message: ALERTING_ERRORS.webhookMetadata.en });
  });
});
