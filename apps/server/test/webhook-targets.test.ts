/** Webhook URLs that reach a cloud metadata service are refused with 400 and the reason. */
import { ALERTING_ERRORS } from '@rtls/contract';
import { expect, it } from 'vitest';
import { bearer, createSignedInUser, describeEachDb } from './helpers.ts';

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
    const u = await createSignedInUser(t.built);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(u.token),
      payload: { url },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      success: false,
      status: 'error',
      message: ALERTING_ERRORS.webhookMetadata.en,
    });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(u.token),
      payload: { url: 'https://hooks.example.com/rtls' },
    });
    expect(ok.statusCode).toBe(201);
    const { webhook } = ok.json() as { webhook: { id: string } };
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${webhook.id}`,
      headers: bearer(u.token),
      payload: { url },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ message: ALERTING_ERRORS.webhookMetadata.en });
  });
});
